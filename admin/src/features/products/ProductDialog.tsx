import { useState } from 'react';
import {
  DEFAULT_TAX_CODE,
  normalSize,
  sizesProblem,
  type AdminProduct,
  type ProductInput,
  type Size,
  serverMessage,
} from '@artist/contracts';
import { Form, Input } from 'antd';
import { MoneyInput, toCents } from '../../components/MoneyInput.js';
import { FormDialog, useFormSave } from '../../components/FormDialog.js';
import { useConfirm } from '../../components/useConfirm.js';
import { errorMessage } from '../../app/api.js';
import { useToast } from '../../components/useToast.js';
import { PhotosField } from './PhotosField.js';
import { SizesEditor } from './SizesEditor.js';
import { TrackPreviews } from './TrackPreviews.js';
import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useUpdateProductMutation,
} from './productsApi.js';

interface ProductFormValues {
  name: string;
  description?: string;
  /** Dollars, as the artist types them. */
  price?: number | null;
  image?: string;
  sizes: Size[];
  /** YYYY-MM-DD from the date field; empty for a product in hand. */
  preOrderUntil?: string;
  taxCode?: string;
  /** A release's release date, YYYY-MM-DD; empty for one out now. */
  releaseDate?: string;
}

// The API's own rules and sentences (api/src/modules/catalog/dto/product-input.dto.ts).
const IMAGE_PATTERN = /^(\/assets\/[\w./-]+|\/media\/gallery\/[\w.-]+|https:\/\/[^\s"'<>]+)$/;
const IMAGE_MESSAGE = 'Image must be a path under /assets/ or an https:// address';
const TAX_CODE_PATTERN = /^\s*txcd_\d{8}\s*$/;
const TAX_CODE_MESSAGE =
  'taxCode must be a Stripe tax code: txcd_ and 8 digits, such as txcd_30011000 (apparel)';
const MIN_PRICE = 1;
const MAX_PRICE = 1000;

function initialValues(product: AdminProduct | null): Partial<ProductFormValues> {
  if (!product) return { sizes: [], taxCode: DEFAULT_TAX_CODE };
  return {
    name: product.name,
    description: product.description,
    price: product.priceInCents / 100,
    image: product.image ?? '',
    sizes: product.variants.flatMap((v) => (v.size ? [v.size] : [])),
    preOrderUntil: product.preOrderUntil ?? '',
    taxCode: product.taxCode,
    releaseDate: product.releaseDate ?? '',
  };
}

/**
 * The body of the create and update calls: cents, no image for the placeholder, sizes in order.
 * A digital release's form has no sizes, pre-order date or tax code: it sends no sizes and leaves
 * the other two out, so they keep what they were; it sends its release date instead.
 */
export function toProductInput(values: ProductFormValues, digital = false): ProductInput {
  const image = values.image?.trim();
  const input: ProductInput = {
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    priceInCents: toCents(values.price ?? 0),
    image: image || null,
    sizes: digital ? [] : (values.sizes ?? []).map(normalSize),
  };
  if (digital) return { ...input, releaseDate: values.releaseDate || null };
  return {
    ...input,
    preOrderUntil: values.preOrderUntil || null,
    taxCode: values.taxCode?.trim() || DEFAULT_TAX_CODE,
  };
}

const priceRule = {
  validator: (_: unknown, value?: number | null) => {
    if (value === undefined || value === null) return Promise.reject(new Error('Enter the price'));
    if (value < MIN_PRICE) return Promise.reject(new Error('Price must be at least $1.00'));
    if (value > MAX_PRICE) return Promise.reject(new Error('Price must be at most $1,000.00'));
    return Promise.resolve();
  },
};

/** A name-your-price release's lowest amount: 0 (a free download) to $1,000. */
const lowestPriceRule = {
  validator: (_: unknown, value?: number | null) => {
    if (value === undefined || value === null) return Promise.reject(new Error('Enter the price'));
    if (value < 0 || value > MAX_PRICE)
      return Promise.reject(new Error('The lowest price is from $0.00 to $1,000.00'));
    return Promise.resolve();
  },
};

/** 'Add Product' (product is null), 'Edit Product', or 'Edit Release' for a digital release. */
export function ProductDialog({
  product,
  onClose,
  onSaved,
}: {
  product: AdminProduct | null;
  onClose: () => void;
  /** The product as saved, so the list can show its row. */
  onSaved?: (product: AdminProduct) => void;
}) {
  const [form] = Form.useForm<ProductFormValues>();
  const [createProduct] = useCreateProductMutation();
  const [updateProduct] = useUpdateProductMutation();
  const [deleteProduct, { isLoading: deleting }] = useDeleteProductMutation();
  const [current, setCurrent] = useState(product);
  /** A release downloaded: no sizes, no pre-order date, no clothing tax code. */
  const digital = product?.kind === 'digital';
  const nameYourPrice = digital && product?.pricing === 'name-your-price';
  const toast = useToast();
  const { confirmDelete } = useConfirm();

  const onUploaded = (saved: AdminProduct) => {
    setCurrent(saved);
    form.setFieldValue('image', saved.image ?? '');
    onSaved?.(saved);
  };

  const onDelete = (existing: AdminProduct) =>
    confirmDelete({
      title: 'Delete this product?',
      content: `${existing.name} leaves the shop. If it has ever been ordered it is archived instead: it stays on its orders and under Archived, where it can be restored.`,
      run: () => deleteProduct(existing.id).unwrap(),
      success: ({ outcome }) =>
        outcome === 'archived'
          ? 'Product archived: it was ordered, so it stays on its orders'
          : 'Product deleted',
      failure: 'Failed to delete product',
      then: onClose,
    });

  const { saving, onFinish } = useFormSave(
    async (values: ProductFormValues) => {
      const body = toProductInput(values, digital);
      // The price field is its lowest price, from 0: sent as what it is.
      if (nameYourPrice)
        Object.assign(body, { pricing: 'name-your-price', minPriceCents: body.priceInCents });
      let saved: AdminProduct;
      if (product) {
        saved = await updateProduct({ id: product.id, body }).unwrap();
        toast.success('Product updated successfully');
      } else {
        saved = await createProduct(body).unwrap();
        toast.success('Product created successfully');
      }
      onSaved?.(saved);
      onClose();
    },
    product ? 'Failed to update product' : 'Failed to create product',
    // The server's sentence ('Name is required', or the sizes open checkouts still hold).
    (err) => serverMessage(err) ?? errorMessage(err),
  );

  return (
    <FormDialog<ProductFormValues>
      form={form}
      title={digital ? 'Edit Release' : product ? 'Edit Product' : 'Add Product'}
      submitText={product ? 'Save Changes' : 'Add Product'}
      saving={saving}
      onClose={onClose}
      deletion={{
        onDelete: product && product.archivedAt === null ? () => onDelete(product) : undefined,
        deleting,
      }}
      initialValues={initialValues(product)}
      onFinish={onFinish}
    >
      <Form.Item
        label="Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Name is required' },
          { max: 120, message: 'Name must be at most 120 characters' },
        ]}
      >
        <Input placeholder="Tour Poster" />
      </Form.Item>
      <Form.Item
        label="Description"
        name="description"
        rules={[{ max: 2000, message: 'Description must be at most 2000 characters' }]}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item
        label={nameYourPrice ? 'Lowest price (0 for a free download)' : 'Price'}
        name="price"
        rules={[nameYourPrice ? lowestPriceRule : priceRule]}
      >
        <MoneyInput min={0} />
      </Form.Item>
      {current ? (
        <PhotosField product={current} onChanged={onUploaded} />
      ) : (
        <p>Add the product&apos;s photos once it is saved.</p>
      )}
      <Form.Item
        label="Image address"
        name="image"
        extra="The first photo's address, filled in by an upload; or a path under /assets/ or an https:// address. Leave empty to show a placeholder."
        rules={[
          {
            validator: (_, value?: string) => {
              const image = value?.trim();
              if (!image) return Promise.resolve();
              if (image.length > 500) {
                return Promise.reject(new Error('Image must be at most 500 characters'));
              }
              return IMAGE_PATTERN.test(image)
                ? Promise.resolve()
                : Promise.reject(new Error(IMAGE_MESSAGE));
            },
          },
        ]}
      >
        <Input placeholder="/assets/tour-poster.webp" inputMode="url" />
      </Form.Item>
      {digital && (
        <Form.Item
          label="Release date"
          name="releaseDate"
          extra="Out of the shop until this date; members with early access have it in their library that many days before. Leave empty for a release out now."
        >
          <Input type="date" style={{ width: 200 }} />
        </Form.Item>
      )}
      {digital && current && <TrackPreviews release={current} />}
      {!digital && (
        <>
          <Form.Item
            label="Sizes"
            name="sizes"
            extra="Name each size (1 to 12 characters, up to 12 sizes), in the order the shop lists them. None for a product without sizes. A new size starts as not tracked: set its stock with the Stock button."
            rules={[
              {
                validator: (_, sizes?: string[]) => {
                  const problem = sizesProblem(sizes ?? []);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <SizesEditor />
          </Form.Item>
          <Form.Item
            label="Pre-order until"
            name="preOrderUntil"
            extra="For a product not made yet: fans can buy it (stock still applies) and are told it ships from this date. Leave empty for a product in hand."
          >
            <Input type="date" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            label="Tax code"
            name="taxCode"
            extra="Stripe's tax code, used when sales tax is turned on (STRIPE_AUTOMATIC_TAX): txcd_30011000 is clothing; see Stripe's list of tax codes for others."
            rules={[{ pattern: TAX_CODE_PATTERN, message: TAX_CODE_MESSAGE }]}
          >
            <Input placeholder={DEFAULT_TAX_CODE} style={{ width: 200 }} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
