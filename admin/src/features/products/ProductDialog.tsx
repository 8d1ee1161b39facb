import { useState } from 'react';
import { SIZES, type AdminProduct, type ProductInput, type Size } from '@artist/contracts';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Modal } from 'antd';
import { errorMessage, serverMessage } from '../../app/api.js';
import { useToast } from '../../components/useToast.js';
import { sizeName } from './productFormat.js';
import { useCreateProductMutation, useUpdateProductMutation } from './productsApi.js';

interface ProductFormValues {
  name: string;
  description?: string;
  /** Dollars, as the artist types them. */
  price?: number | null;
  image?: string;
  sizes: Size[];
}

// The API's own rules and sentences (api/src/modules/catalog/dto/product-input.dto.ts).
const IMAGE_PATTERN = /^(\/assets\/[\w./-]+|https:\/\/[^\s"'<>]+)$/;
const IMAGE_MESSAGE = 'Image must be a path under /assets/ or an https:// address';
const MIN_PRICE = 1;
const MAX_PRICE = 1000;

function initialValues(product: AdminProduct | null): Partial<ProductFormValues> {
  if (!product) return { sizes: [] };
  return {
    name: product.name,
    description: product.description,
    price: product.priceInCents / 100,
    image: product.image ?? '',
    sizes: product.variants.flatMap((v) => (v.size ? [v.size] : [])),
  };
}

/** The body of the create and update calls: cents, no image for the placeholder, sizes in order. */
export function toProductInput(values: ProductFormValues): ProductInput {
  const image = values.image?.trim();
  return {
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    priceInCents: Math.round((values.price ?? 0) * 100),
    image: image || null,
    sizes: SIZES.filter((s) => values.sizes.includes(s)),
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

/** 'Add Product' (product is null) or 'Edit Product'. */
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
  const [saving, setSaving] = useState(false);
  const toast = useToast();

  const onFinish = async (values: ProductFormValues) => {
    setSaving(true);
    const body = toProductInput(values);
    try {
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
    } catch (err) {
      // The server's sentence ('Name is required', or the sizes open checkouts still hold).
      toast.error(
        product ? 'Failed to update product' : 'Failed to create product',
        err,
        serverMessage(err) ?? errorMessage(err),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={product ? 'Edit Product' : 'Add Product'}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" onClick={() => form.submit()} loading={saving}>
            {product ? 'Save Changes' : 'Add Product'}
          </Button>
        </Flex>
      }
    >
      <Form<ProductFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(product)}
        onFinish={onFinish}
        requiredMark={false}
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
        <Form.Item label="Price" name="price" rules={[priceRule]}>
          <InputNumber prefix="$" precision={2} step={1} min={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          label="Image"
          name="image"
          extra="A path under /assets/ or an https:// address. Leave empty to show a placeholder."
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
        <Form.Item
          label="Sizes"
          name="sizes"
          extra="Leave all unticked for a product without sizes. A new size starts as not tracked: set its stock with the Stock button."
        >
          <Checkbox.Group options={SIZES.map((s) => ({ value: s, label: sizeName(s) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
