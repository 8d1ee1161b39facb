import { Button, Flex, Form, InputNumber, Select, type FormInstance } from 'antd';
import {
  MANUAL_PRODUCTS,
  defaultSize,
  newLine,
  productByName,
  type ManualOrderValues,
} from './manualOrder.js';

const productOptions = MANUAL_PRODUCTS.map((p) => ({ value: p.name, label: p.name }));

/** The manual order's product lines; the last line cannot be removed. */
export function ProductLines({ form }: { form: FormInstance<ManualOrderValues> }) {
  const lines = Form.useWatch('lines', form) ?? [];
  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 500, marginBottom: 8 }}>Products</legend>
          {fields.map(({ key, name }, index) => {
            const sizes = productByName(lines[index]?.product)?.sizes ?? [];
            const n = index + 1;
            return (
              <Flex key={key} gap={8} align="start" wrap data-testid={`line-${n}`}>
                <Form.Item
                  name={[name, 'product']}
                  rules={[{ required: true, message: 'Required' }]}
                >
                  <Select
                    aria-label={`Product ${n}`}
                    options={productOptions}
                    style={{ width: 210, maxWidth: '100%' }}
                    onChange={(product: string) =>
                      form.setFieldValue(['lines', name], {
                        ...form.getFieldValue(['lines', name]),
                        product,
                        size: defaultSize(product),
                        price: (productByName(product)?.priceInCents ?? 0) / 100,
                      })
                    }
                  />
                </Form.Item>
                {sizes.length > 0 && (
                  <Form.Item name={[name, 'size']}>
                    <Select
                      aria-label={`Size ${n}`}
                      options={sizes.map((s) => ({ value: s, label: s }))}
                      style={{ width: 90 }}
                    />
                  </Form.Item>
                )}
                <Form.Item
                  name={[name, 'quantity']}
                  rules={[
                    {
                      required: true,
                      type: 'number',
                      min: 1,
                      message: 'Quantity must be at least 1',
                    },
                  ]}
                >
                  <InputNumber
                    aria-label={`Quantity ${n}`}
                    min={1}
                    precision={0}
                    style={{ width: 90 }}
                  />
                </Form.Item>
                <Form.Item
                  name={[name, 'price']}
                  rules={[
                    { required: true, type: 'number', min: 0, message: 'Price must be at least 0' },
                  ]}
                >
                  <InputNumber
                    aria-label={`Price ${n}`}
                    min={0}
                    step={0.01}
                    precision={2}
                    prefix="$"
                    style={{ width: 120 }}
                  />
                </Form.Item>
                <Button
                  aria-label={`Remove product ${n}`}
                  disabled={fields.length <= 1}
                  onClick={() => remove(name)}
                >
                  Remove
                </Button>
              </Flex>
            );
          })}
          <Button type="dashed" onClick={() => add(newLine())} style={{ marginBottom: 16 }}>
            Add Product
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}
