import type { DiscountCode, DiscountCodeInput } from '@artist/contracts';
import { Checkbox, Flex, Form, Input, InputNumber, Radio, Select } from 'antd';
import { MoneyInput, toOptionalCents, toOptionalDollars } from '../../components/MoneyInput.js';
import { FormDialog, useFormSave } from '../../components/FormDialog.js';
import { useToast } from '../../components/useToast.js';
import { useProductChoicesQuery } from '../products/productsApi.js';
import { useCreateDiscountMutation, useUpdateDiscountMutation } from './discountsApi.js';

interface DiscountValues {
  code: string;
  kind: 'percent' | 'amount';
  percentOff?: number | null;
  amountOff?: number | null;
  minSubtotal?: number | null;
  startsAt?: string;
  endsAt?: string;
  maxUses?: number | null;
  oncePerEmail: boolean;
  productIds: string[];
  active: boolean;
}

/** ISO time to the value of a datetime-local field, in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const fromLocalInput = (value?: string) => (value ? new Date(value).toISOString() : null);

function initialValues(d: DiscountCode | null): DiscountValues {
  if (!d)
    return {
      code: '',
      kind: 'percent',
      percentOff: 10,
      oncePerEmail: false,
      productIds: [],
      active: true,
    };
  return {
    code: d.code,
    kind: d.percentOff !== null ? 'percent' : 'amount',
    percentOff: d.percentOff,
    amountOff: toOptionalDollars(d.amountOffCents),
    minSubtotal: toOptionalDollars(d.minSubtotalCents),
    startsAt: toLocalInput(d.startsAt),
    endsAt: toLocalInput(d.endsAt),
    maxUses: d.maxUses,
    oncePerEmail: d.oncePerEmail,
    productIds: d.productIds ?? [],
    active: d.active,
  };
}

/** The body of the create and update calls: cents, ISO times, no products for the whole cart. */
export function toDiscountInput(v: DiscountValues): DiscountCodeInput {
  return {
    code: v.code.trim().toUpperCase(),
    percentOff: v.kind === 'percent' ? (v.percentOff ?? null) : null,
    amountOffCents: v.kind === 'amount' ? toOptionalCents(v.amountOff) : null,
    minSubtotalCents: toOptionalCents(v.minSubtotal),
    startsAt: fromLocalInput(v.startsAt),
    endsAt: fromLocalInput(v.endsAt),
    maxUses: v.maxUses ?? null,
    oncePerEmail: v.oncePerEmail,
    productIds: v.productIds.length ? v.productIds : null,
    active: v.active,
  };
}

/** 'Create Code' (discount is null) or 'Edit Code'. */
export function DiscountDialog({
  discount,
  onClose,
  onSaved,
}: {
  discount: DiscountCode | null;
  onClose: () => void;
  onSaved?: (d: DiscountCode) => void;
}) {
  const [form] = Form.useForm<DiscountValues>();
  const [createDiscount] = useCreateDiscountMutation();
  const [updateDiscount] = useUpdateDiscountMutation();
  const toast = useToast();
  const kind = Form.useWatch('kind', form);
  const { data: products } = useProductChoicesQuery();

  const { saving, onFinish } = useFormSave(
    async (values: DiscountValues) => {
      const body = toDiscountInput(values);
      const saved = discount
        ? await updateDiscount({ id: discount.id, body }).unwrap()
        : await createDiscount(body).unwrap();
      toast.success(discount ? 'Code saved' : 'Code created');
      onSaved?.(saved);
      onClose();
    },
    discount ? 'Failed to save code' : 'Failed to create code',
  );

  return (
    <FormDialog<DiscountValues>
      form={form}
      title={discount ? 'Edit Code' : 'Create Code'}
      submitText={discount ? 'Save Changes' : 'Create Code'}
      saving={saving}
      onClose={onClose}
      initialValues={initialValues(discount)}
      onFinish={onFinish}
    >
      <Form.Item
        label="Code"
        name="code"
        extra="3 to 30 letters, digits, - or _; buyers may type it in any case."
        rules={[
          {
            required: true,
            pattern: /^[A-Za-z0-9_-]{3,30}$/,
            message: 'Use 3 to 30 letters, digits, - or _',
          },
        ]}
      >
        <Input placeholder="TOUR10" maxLength={30} />
      </Form.Item>
      <Form.Item label="Discount" name="kind">
        <Radio.Group
          options={[
            { value: 'percent', label: 'Percent off' },
            { value: 'amount', label: 'Amount off' },
          ]}
        />
      </Form.Item>
      {kind === 'amount' ? (
        <Form.Item
          label="Amount off"
          name="amountOff"
          rules={[{ required: true, message: 'Enter the amount off' }]}
        >
          <MoneyInput min={0.01} max={100000} />
        </Form.Item>
      ) : (
        <Form.Item
          label="Percent off"
          name="percentOff"
          rules={[{ required: true, message: 'Enter a percent from 1 to 100' }]}
        >
          <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: 160 }} />
        </Form.Item>
      )}
      <Flex gap={12} wrap>
        <Form.Item label="Minimum subtotal (optional)" name="minSubtotal">
          <MoneyInput min={0.01} max={100000} />
        </Form.Item>
        <Form.Item label="Total uses (optional)" name="maxUses">
          <InputNumber min={1} max={1000000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Flex>
      <Flex gap={12} wrap>
        <Form.Item label="Starts (optional)" name="startsAt">
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item label="Ends (optional)" name="endsAt">
          <Input type="datetime-local" />
        </Form.Item>
      </Flex>
      <Form.Item label="Only for these products (optional)" name="productIds">
        <Select
          mode="multiple"
          aria-label="Only for these products"
          placeholder="The whole cart"
          options={(products?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="oncePerEmail" valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox>Once per buyer email</Checkbox>
      </Form.Item>
      <Form.Item name="active" valuePropName="checked">
        <Checkbox>Active</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}
