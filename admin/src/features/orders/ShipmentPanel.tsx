import { useState } from 'react';
import { preOrderNote, serverMessage, type Order, type OrderLine } from '@artist/contracts';
import { Alert, Button, Checkbox, Flex, Input, InputNumber, Typography } from 'antd';
import { useToast } from '../../components/useToast.js';
import { useGetShipmentsQuery, useShipOrderMutation } from './ordersApi.js';

/** What is left to ship of a line: not shipped, not refunded. */
export const leftToShip = (line: OrderLine) =>
  Math.max(0, line.quantity - (line.shippedQuantity ?? 0) - line.refundedQuantity);

const lineName = (line: OrderLine) =>
  line.size ? `${line.productName} - ${line.size}` : line.productName;

/**
 * The order's shipments so far, and a form to ship part of it (or its rest): each line still to
 * ship with a box and how many, ticked at once except a pre-order's lines (which ship when it is
 * ready), a tracking number and an optional carrier. Each shipment emails the buyer its lines and
 * tracking link. Only an online order that is not refunded ships.
 */
export function ShipmentPanel({ order, onShipped }: { order: Order; onShipped: () => void }) {
  const online = order.salesChannel === 'online';
  const { data: shipments = [] } = useGetShipmentsQuery(order.id, { skip: !online });
  const [ship, { isLoading }] = useShipOrderMutation();
  const toast = useToast();
  const open = order.lines.filter((l) => l.kind !== 'digital' && leftToShip(l) > 0);
  const [picked, setPicked] = useState<Record<number, number>>(() =>
    Object.fromEntries(
      open.filter((l) => l.kind !== 'pre-order').map((l) => [l.id, leftToShip(l)]),
    ),
  );
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ships = online && order.paymentStatus !== 'refunded';
  const lines = Object.entries(picked)
    .filter(([, quantity]) => quantity > 0)
    .map(([lineId, quantity]) => ({ lineId: Number(lineId), quantity }));

  const send = async () => {
    setError(null);
    if (!tracking.trim()) return setError('Enter the tracking number of this parcel.');
    try {
      const result = await ship({
        id: order.id,
        body: {
          lines,
          trackingNumber: tracking.trim(),
          ...(carrier.trim() ? { carrier: carrier.trim() } : {}),
        },
      }).unwrap();
      toast.success(
        result.fulfillmentStatus === 'fulfilled'
          ? 'Shipped: every line has now shipped, and the buyer is emailed'
          : 'Shipped: the buyer is emailed this parcel’s tracking',
      );
      onShipped();
    } catch (err) {
      setError(serverMessage(err) ?? 'The shipment could not be saved. Please try again.');
    }
  };

  if (!ships && shipments.length === 0) return null;
  return (
    <section aria-labelledby={`shipments-${order.id}`} style={{ marginBlock: 16 }}>
      {/* The third level: the dialog follows the page's own headings (axe's heading order). */}
      <Typography.Title level={3} id={`shipments-${order.id}`} style={{ fontSize: 16 }}>
        Shipments
      </Typography.Title>
      {shipments.length > 0 ? (
        <ul aria-label="Parcels sent" style={{ paddingLeft: 20 }}>
          {shipments.map((s) => (
            <li key={s.id}>
              {s.lines.map((l) => `${l.quantity} × ${l.productName}`).join(', ')} —{' '}
              {s.trackingUrl ? (
                <a href={s.trackingUrl} target="_blank" rel="noreferrer">
                  {s.trackingNumber}
                </a>
              ) : (
                s.trackingNumber
              )}
              {s.carrier ? ` (${s.carrier})` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>No parcel has been sent yet.</p>
      )}
      {ships && open.length > 0 && (
        <fieldset style={{ border: '1px solid #ddd', borderRadius: 6, padding: 12 }}>
          <legend style={{ fontSize: 14, padding: '0 4px', width: 'auto', marginBottom: 0 }}>
            Ship part of this order
          </legend>
          <Flex vertical gap={8}>
            {open.map((line) => {
              const name = lineName(line);
              const left = leftToShip(line);
              const quantity = picked[line.id] ?? 0;
              return (
                <Flex key={line.id} gap={8} align="center" wrap>
                  <Checkbox
                    checked={quantity > 0}
                    onChange={(e) =>
                      setPicked({ ...picked, [line.id]: e.target.checked ? left : 0 })
                    }
                  >
                    Ship {name}
                  </Checkbox>
                  <InputNumber
                    aria-label={`How many of ${name} ship`}
                    min={0}
                    max={left}
                    precision={0}
                    value={quantity}
                    onChange={(value) => setPicked({ ...picked, [line.id]: value ?? 0 })}
                    style={{ width: 72 }}
                  />
                  <span>of {left} left</span>
                  {line.kind === 'pre-order' && order.preOrderUntil && (
                    <Typography.Text type="secondary">
                      {preOrderNote(order.preOrderUntil)}
                    </Typography.Text>
                  )}
                </Flex>
              );
            })}
            <Flex gap={8} wrap>
              <Input
                aria-label="Parcel tracking"
                placeholder="Tracking number"
                value={tracking}
                onChange={(e) => setTracking(e.target.value)}
                maxLength={100}
                style={{ width: 240 }}
              />
              <Input
                aria-label="Carrier (optional)"
                placeholder="Carrier (optional)"
                value={carrier}
                onChange={(e) => setCarrier(e.target.value)}
                maxLength={60}
                style={{ width: 180 }}
              />
              <Button
                type="primary"
                onClick={() => void send()}
                loading={isLoading}
                disabled={lines.length === 0}
              >
                Ship selected lines
              </Button>
            </Flex>
            {error && <Alert type="error" showIcon title={error} role="alert" />}
          </Flex>
        </fieldset>
      )}
    </section>
  );
}
