import { useState } from 'react';
import type { Order, OrderUpdate } from '@artist/contracts';
import { Button, Descriptions, Form, Input, Modal, Space, Table } from 'antd';
import { CopyButton } from '../../components/CopyButton.js';
import { formatCents, formatTimestamp } from '../../components/format.js';
import { useToast } from '../../components/useToast.js';
import { OrderStatusTag, PaymentStatusTag, TestModeTag } from './columns.js';
import {
  PAYMENT_METHOD_LABELS,
  addressLines,
  channelLabel,
  lineItems,
  orderAmounts,
} from './orderFormat.js';
import { useUpdateOrderMutation } from './ordersApi.js';
import { RefundPanel } from './RefundPanel.js';
import { ShipmentPanel } from './ShipmentPanel.js';
import { OrderDownloads } from '../releases/OrderDownloads.js';

interface Values {
  trackingNumber?: string;
  notes?: string;
}

const orNull = (value?: string) => value?.trim() || null;

function SummaryRow({ label, cents, off }: { label: string; cents: number; off?: boolean }) {
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={2}>
        {label}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={1}>
        {off ? '−' : ''}
        {formatCents(cents)}
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}

/** 'Order Details': the whole order, editable tracking number and notes, and fulfilment. */
export function OrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [updateOrder] = useUpdateOrderMutation();
  const [busy, setBusy] = useState<'fulfil' | 'save' | null>(null);
  const toast = useToast();
  const fulfilled = order.fulfillmentStatus === 'fulfilled';

  const send = async (kind: 'fulfil' | 'save') => {
    const { trackingNumber, notes } = form.getFieldsValue();
    const body: OrderUpdate =
      kind === 'fulfil'
        ? {
            fulfillmentStatus: 'fulfilled',
            trackingNumber: orNull(trackingNumber),
            notes: orNull(notes),
            fulfilledAt: Date.now(),
          }
        : { trackingNumber: orNull(trackingNumber), notes: orNull(notes) };
    setBusy(kind);
    try {
      await updateOrder({ id: order.id, body }).unwrap();
      toast.success(kind === 'fulfil' ? 'Order marked as fulfilled' : 'Order updated successfully');
      onClose();
    } catch (err) {
      toast.error('Failed to update order', err);
    } finally {
      setBusy(null);
    }
  };

  const items = lineItems(order);
  const amounts = orderAmounts(order);
  return (
    <Modal
      open
      title="Order Details"
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>Close</Button>
          <Button onClick={() => send('save')} loading={busy === 'save'}>
            Save Changes
          </Button>
          {!fulfilled && (
            <Button type="primary" onClick={() => send('fulfil')} loading={busy === 'fulfil'}>
              Mark as Fulfilled
            </Button>
          )}
        </Space>
      }
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Order">#{order.id}</Descriptions.Item>
        <Descriptions.Item label="Date">{formatTimestamp(order.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Customer">{order.customerName || '—'}</Descriptions.Item>
        <Descriptions.Item label="Email">
          {order.email} <CopyButton value={order.email} label="Copy email" />
        </Descriptions.Item>
        <Descriptions.Item label="Channel">
          {channelLabel(order.salesChannel)}
          {order.showLocation ? ` · ${order.showLocation}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Payment">
          <PaymentStatusTag order={order} />
          {order.paymentMethod
            ? ` ${PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}`
            : ''}{' '}
          <TestModeTag order={order} />
        </Descriptions.Item>
        <Descriptions.Item label="Status">
          <OrderStatusTag status={order.fulfillmentStatus} />
          {order.fulfilledAt ? ` ${formatTimestamp(order.fulfilledAt)}` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Shipping address">
          <div data-testid="shipping-address">
            {addressLines(order.shippingAddress, order.salesChannel).map((line, i) => (
              <div key={i}>{line}</div>
            ))}
          </div>
        </Descriptions.Item>
      </Descriptions>
      <Table
        style={{ marginBlock: 16 }}
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={items.map((item, key) => ({ ...item, key }))}
        columns={[
          { key: 'product', title: 'Product', dataIndex: 'product_name' },
          { key: 'qty', title: 'Qty', dataIndex: 'quantity' },
          { key: 'price', title: 'Price', render: (_, i) => formatCents(i.price) },
        ]}
        summary={() => (
          <>
            {(amounts.shipping > 0 || amounts.discount > 0) && (
              <SummaryRow label="Subtotal" cents={amounts.subtotal} />
            )}
            {amounts.discount > 0 && (
              <SummaryRow
                label={`Discount (${order.discountCode ?? ''})`}
                cents={amounts.discount}
                off
              />
            )}
            {amounts.shipping > 0 && (
              <SummaryRow
                label={order.shippingRateName ? `Shipping (${order.shippingRateName})` : 'Shipping'}
                cents={amounts.shipping}
              />
            )}
            {amounts.tax > 0 && <SummaryRow label="Sales tax" cents={amounts.tax} />}
            <SummaryRow label="Total" cents={amounts.total} />
          </>
        )}
      />
      <OrderDownloads order={order} />
      <ShipmentPanel order={order} onShipped={onClose} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ trackingNumber: order.trackingNumber ?? '', notes: order.notes ?? '' }}
      >
        <Form.Item label="Tracking Number" name="trackingNumber">
          <Input />
        </Form.Item>
        <Form.Item label="Notes" name="notes">
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
      <RefundPanel order={order} onRefunded={onClose} />
    </Modal>
  );
}
