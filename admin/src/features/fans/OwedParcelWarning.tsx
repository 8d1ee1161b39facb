import type { Order } from '@artist/contracts';
import { Alert } from 'antd';

/** A paid order still to ship (as the server decides when it erases: not a merch-table sale). */
export function owesAParcel(order: Order): boolean {
  return (
    order.fulfillmentStatus === 'pending' &&
    ['paid', 'partially_refunded'].includes(order.paymentStatus) &&
    order.salesChannel !== 'in-person'
  );
}

/**
 * Said before an erasure when the fan is still owed a parcel: that order keeps the name and
 * address to ship it, until it is fulfilled or refunded.
 */
export function OwedParcelWarning({ orders }: { orders: Order[] }) {
  const owed = orders.filter(owesAParcel);
  if (owed.length === 0) return null;
  const numbers = owed.map((o) => `#${o.id}`).join(', ');
  const one = owed.length === 1;
  return (
    <Alert
      type="warning"
      showIcon
      title={`${one ? 'Order' : 'Orders'} ${numbers} ${one ? 'is' : 'are'} paid and not shipped yet`}
      description={`Erasing now keeps the name and shipping address on ${one ? 'that order' : 'those orders'} so you can still ship ${one ? 'it' : 'them'}; they are erased as soon as ${one ? 'it is' : 'each is'} fulfilled or refunded. Everything else is erased at once.`}
    />
  );
}
