import { useState } from 'react';
import {
  type AdminProduct,
  type AdminProductVariant,
  type StockInput,
  serverMessage,
} from '@artist/contracts';
import { Button, Checkbox, Descriptions, Flex, Form, InputNumber, Modal, Typography } from 'antd';
import { errorMessage } from '../../app/api.js';
import { useToast } from '../../components/useToast.js';
import { sizeName } from './productFormat.js';
import { useSetStockMutation } from './productsApi.js';

interface StockRow {
  /** On hand: what was set less what sold since, so it includes what checkouts hold. */
  count: number | null;
  untracked: boolean;
}

interface StockFormValues {
  rows: StockRow[];
}

// The API's limit (api/src/modules/catalog/dto/product-input.dto.ts).
const MAX_STOCK = 100_000;

const onHand = (v: AdminProductVariant) => (v.stock === null ? null : v.stock - v.sold);

/** The sizes whose count or tracking the artist changed, as the stock calls' bodies. */
export function changedStock(variants: AdminProductVariant[], rows: StockRow[]): StockInput[] {
  return variants.flatMap((v, i) => {
    const row = rows[i]!;
    const stock = row.untracked ? null : row.count;
    return stock === onHand(v) ? [] : [{ size: v.size, stock }];
  });
}

/** Per size: what is left, held and sold, and the count the artist has on hand to set. */
export function StockDialog({
  product,
  onClose,
  onSaved,
}: {
  product: AdminProduct;
  onClose: () => void;
  onSaved?: (product: AdminProduct) => void;
}) {
  const [form] = Form.useForm<StockFormValues>();
  const [setStock] = useSetStockMutation();
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const rows = Form.useWatch('rows', form);

  const onFinish = async (values: StockFormValues) => {
    const changes = changedStock(product.variants, values.rows);
    if (changes.length === 0) return onClose();
    setSaving(true);
    let saved: AdminProduct | null = null;
    try {
      // One call per size; the first refusal stops there and says why, the sizes before it stay saved.
      for (const body of changes) saved = await setStock({ id: product.id, body }).unwrap();
      toast.success('Stock updated');
      onSaved?.(saved!);
      onClose();
    } catch (err) {
      if (saved) onSaved?.(saved);
      toast.error('Failed to update stock', err, serverMessage(err) ?? errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`Stock: ${product.name}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" onClick={() => form.submit()} loading={saving}>
            Save Stock
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        Count what you have on hand, including any held by open checkouts. Not tracked means the
        shop never runs out.
      </Typography.Paragraph>
      <Form<StockFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{
          rows: product.variants.map((v) => ({ count: onHand(v), untracked: v.stock === null })),
        }}
      >
        {product.variants.map((v, i) => {
          const name = sizeName(v.size);
          const untracked = rows?.[i]?.untracked ?? v.stock === null;
          return (
            <section key={v.size ?? 'one'} aria-label={name} style={{ marginBottom: 16 }}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {name}
              </Typography.Title>
              <Descriptions
                size="small"
                column={3}
                items={[
                  {
                    key: 'left',
                    label: 'Left',
                    children: v.left === null ? 'Not tracked' : v.left,
                  },
                  { key: 'held', label: 'Held by open checkouts', children: v.reserved },
                  { key: 'sold', label: 'Sold', children: v.sold },
                ]}
              />
              <Flex gap={16} align="start" wrap>
                <Form.Item
                  label="In stock (set)"
                  name={['rows', i, 'count']}
                  // Not re-checked when "Not tracked" changes: unticking it waits for a number
                  // (or Save) before saying one is missing; ticking it clears any complaint.
                  style={{ marginBottom: 0 }}
                  rules={[
                    {
                      validator: (_, value?: number | null) => {
                        if (form.getFieldValue(['rows', i, 'untracked'])) return Promise.resolve();
                        if (value === undefined || value === null) {
                          return Promise.reject(
                            new Error('Enter how many you have, or tick Not tracked'),
                          );
                        }
                        if (!Number.isInteger(value) || value < 0 || value > MAX_STOCK) {
                          return Promise.reject(
                            new Error(`Enter a whole number from 0 to ${MAX_STOCK}`),
                          );
                        }
                        return Promise.resolve();
                      },
                    },
                  ]}
                >
                  <InputNumber
                    aria-label={`${name}: in stock`}
                    min={0}
                    max={MAX_STOCK}
                    precision={0}
                    disabled={untracked}
                  />
                </Form.Item>
                <Form.Item
                  name={['rows', i, 'untracked']}
                  valuePropName="checked"
                  // Level with the number box below its label.
                  style={{ marginBottom: 0, paddingTop: 30 }}
                >
                  <Checkbox
                    aria-label={`${name}: not tracked`}
                    onChange={(e) => {
                      if (e.target.checked)
                        form.setFields([{ name: ['rows', i, 'count'], errors: [] }]);
                    }}
                  >
                    Not tracked
                  </Checkbox>
                </Form.Item>
              </Flex>
            </section>
          );
        })}
      </Form>
    </Modal>
  );
}
