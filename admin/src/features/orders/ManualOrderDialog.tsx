import { useState } from 'react';
import { PAYMENT_METHODS } from '@artist/contracts';
import { Alert, Descriptions, Form, Input, Radio, Select } from 'antd';
import { FormDialog } from '../../components/FormDialog.js';
import { formatCents } from '../../components/format.js';
import { useToast } from '../../components/useToast.js';
import {
  newLine,
  shippingCents,
  subtotalCents,
  toManualOrder,
  type ManualOrderValues,
} from './manualOrder.js';
import { PAYMENT_METHOD_LABELS } from './orderFormat.js';
import { useCreateManualOrderMutation } from './ordersApi.js';
import { ProductLines } from './ProductLines.js';
import { ShowPicker } from './ShowPicker.js';

/** 'Create Order': an order taken at the merch table (in person) or by hand for shipping. */
export function ManualOrderDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<ManualOrderValues>();
  const [createOrder, { isLoading }] = useCreateManualOrderMutation();
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const channel = Form.useWatch('salesChannel', form) ?? 'in-person';
  const lines = Form.useWatch('lines', form);
  const showId = Form.useWatch('showId', form);
  const online = channel === 'online';
  const subtotal = subtotalCents(lines);
  const shipping = shippingCents(channel);

  const onFinish = async (values: ManualOrderValues) => {
    setError(null);
    if (!values.lines?.length) {
      setError('Please add at least one product.');
      return;
    }
    try {
      const created = await createOrder(toManualOrder(values)).unwrap();
      toast.success('Order created successfully');
      // Recorded all the same: the artist sold what the site showed as gone.
      for (const warning of created.stockWarnings ?? []) toast.warning('Stock', warning);
      onClose();
    } catch {
      setError('Failed to create order. Please try again.');
    }
  };

  return (
    <FormDialog<ManualOrderValues>
      form={form}
      title="Create Order"
      submitText="Create Order"
      saving={isLoading}
      onClose={onClose}
      width={720}
      initialValues={{ salesChannel: 'in-person', paymentMethod: 'cash', lines: [newLine()] }}
      onFinish={onFinish}
      below={
        <>
          <Descriptions column={1} size="small" data-testid="order-total">
            <Descriptions.Item label="Subtotal">{formatCents(subtotal)}</Descriptions.Item>
            <Descriptions.Item label="Shipping">{formatCents(shipping)}</Descriptions.Item>
            <Descriptions.Item label="Total">{formatCents(subtotal + shipping)}</Descriptions.Item>
          </Descriptions>
          {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
        </>
      }
    >
      <Form.Item label="Sales Channel" name="salesChannel">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'in-person', label: 'In-person' },
            { value: 'online', label: 'Online' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label="Customer Name"
        name="customerName"
        rules={[{ required: online, whitespace: true, message: 'Required' }]}
        extra={online ? undefined : 'Leave blank for a walk-up customer'}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: online, message: 'Required' },
          { type: 'email', message: 'Please enter a valid email address' },
        ]}
      >
        <Input type="email" />
      </Form.Item>
      {online ? (
        <Form.Item
          label="Shipping Address"
          name="shippingAddress"
          rules={[{ required: true, whitespace: true, message: 'Required' }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            label="Show"
            name="showId"
            extra={showId ? undefined : 'Or type where the sale was made below'}
          >
            <ShowPicker />
          </Form.Item>
          {!showId && (
            <Form.Item
              label="Show Location"
              name="showLocation"
              rules={[{ required: true, whitespace: true, message: 'Required' }]}
            >
              <Input placeholder="The Bluebird Cafe, Nashville" />
            </Form.Item>
          )}
        </>
      )}
      <ProductLines form={form} />
      <Form.Item label="Payment Method" name="paymentMethod">
        <Select
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
        />
      </Form.Item>
      <Form.Item label="Notes" name="notes">
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
