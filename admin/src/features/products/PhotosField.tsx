import { useRef, useState, type DragEvent } from 'react';
import { MAX_PRODUCT_IMAGES, type AdminProduct } from '@artist/contracts';
import { Alert, Button, Flex, Form } from 'antd';
import { useToast } from '../../components/useToast.js';
import { UPLOAD_ACCEPT, UPLOAD_MAX_MB, uploadFailure } from '../gallery/photoUpload.js';
import {
  useAddProductImageMutation,
  useOrderProductImagesMutation,
  useRemoveProductImageMutation,
} from './productsApi.js';

/** Where a photo moves to when dropped on another: that one's place. */
export function moved(images: string[], from: number, to: number): string[] {
  const next = [...images];
  const [image] = next.splice(from, 1);
  next.splice(to, 0, image!);
  return next;
}

/**
 * The product's photos (up to MAX_PRODUCT_IMAGES), in the shop's order: the first is the card's.
 * Each is uploaded at once through the gallery's pipeline; they are ordered by dragging one onto
 * another's place (or with its Earlier and Later buttons, from the keyboard), and removed one by
 * one. A new product gets photos once it is saved.
 */
export function PhotosField({
  product,
  onChanged,
}: {
  product: AdminProduct;
  onChanged: (product: AdminProduct) => void;
}) {
  const [add, { isLoading: adding }] = useAddProductImageMutation();
  const [order, { isLoading: ordering }] = useOrderProductImagesMutation();
  const [remove, { isLoading: removing }] = useRemoveProductImageMutation();
  const [error, setError] = useState<string | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const busy = adding || ordering || removing;
  const images = product.images;
  const full = images.length >= MAX_PRODUCT_IMAGES;

  const run = async (work: () => Promise<AdminProduct>, done: string) => {
    setError(null);
    try {
      onChanged(await work());
      toast.success(done);
    } catch (err) {
      setError(uploadFailure(err));
    }
  };

  const onPick = async (files: FileList | null) => {
    const picked = [...(files ?? [])].slice(0, MAX_PRODUCT_IMAGES - images.length);
    let list = images;
    for (const file of picked) {
      await run(async () => {
        const { url } = await add({ id: product.id, file }).unwrap();
        list = [...list, url];
        // The product as it is now, its photos in the order just shown.
        return order({ id: product.id, images: list }).unwrap();
      }, 'Photo added');
    }
    if (picker.current) picker.current.value = '';
  };

  const reorder = (from: number, to: number) =>
    run(
      () => order({ id: product.id, images: moved(images, from, to) }).unwrap(),
      'Photos reordered',
    );

  const onDrop = (to: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged !== null && dragged !== to) void reorder(dragged, to);
    setDragged(null);
  };

  return (
    <Form.Item
      label="Photos"
      htmlFor="product-photos-file"
      extra={`Up to ${MAX_PRODUCT_IMAGES} photos: JPEG, PNG, WebP or AVIF, up to ${UPLOAD_MAX_MB} MB each. Drag to order them; the first is the shop card's photo, cropped to a square.`}
    >
      {images.length > 0 && (
        <ol
          aria-label="Photos, in the shop's order"
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 8,
            listStyle: 'none',
            margin: '0 0 8px',
            padding: 0,
          }}
        >
          {images.map((url, i) => (
            <li
              key={url}
              draggable={!busy}
              onDragStart={() => setDragged(i)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={onDrop(i)}
              onDragEnd={() => setDragged(null)}
              style={{
                display: 'grid',
                gap: 4,
                justifyItems: 'center',
                padding: 4,
                border: `1px ${i === 0 ? 'solid' : 'dashed'} #bbb`,
                borderRadius: 6,
                opacity: dragged === i ? 0.4 : 1,
                cursor: busy ? 'default' : 'grab',
              }}
            >
              <img
                src={url}
                alt={`Photo ${i + 1} of ${product.name}${i === 0 ? ' (the card’s)' : ''}`}
                width={72}
                height={72}
                draggable={false}
                style={{ objectFit: 'cover', borderRadius: 4 }}
              />
              <Flex gap={2}>
                <Button
                  size="small"
                  disabled={busy || i === 0}
                  aria-label={`Move photo ${i + 1} earlier`}
                  onClick={() => void reorder(i, i - 1)}
                >
                  ←
                </Button>
                <Button
                  size="small"
                  disabled={busy || i === images.length - 1}
                  aria-label={`Move photo ${i + 1} later`}
                  onClick={() => void reorder(i, i + 1)}
                >
                  →
                </Button>
                <Button
                  size="small"
                  danger
                  disabled={busy}
                  aria-label={`Remove photo ${i + 1}`}
                  onClick={() =>
                    void run(() => remove({ id: product.id, index: i }).unwrap(), 'Photo removed')
                  }
                >
                  ✕
                </Button>
              </Flex>
            </li>
          ))}
        </ol>
      )}
      <Flex gap={12} align="center" wrap>
        <input
          id="product-photos-file"
          ref={picker}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          disabled={busy || full}
          onChange={(e) => void onPick(e.target.files)}
          style={{ maxWidth: '100%' }}
        />
        {adding && <span role="status">Uploading…</span>}
        {full && <span>{MAX_PRODUCT_IMAGES} photos: remove one to add another.</span>}
      </Flex>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} />}
    </Form.Item>
  );
}
