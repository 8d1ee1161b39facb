import { ERASED } from '@artist/contracts';
import type { Order } from './order.entity.js';

type Erasable = Pick<
  Order,
  'shippingAddress' | 'trackingNumber' | 'notes' | 'paymentStatus' | 'fulfillmentStatus'
>;

/**
 * A paid order still waiting for its parcel: erasing its fan keeps the name and address needed
 * to ship it (see OrdersPersonalData).
 */
export function owedAParcel(order: Erasable): boolean {
  return (
    order.fulfillmentStatus === 'pending' &&
    ['paid', 'partially_refunded'].includes(order.paymentStatus) &&
    !isInPerson(order.shippingAddress)
  );
}

/** The columns of an order that hold personal data, as an erasure leaves them. */
export function erasedOrderFields(order: Erasable) {
  return {
    email: ERASED,
    customerName: ERASED,
    shippingAddress: erasedAddress(order.shippingAddress),
    trackingNumber: order.trackingNumber === null ? null : ERASED,
    notes: order.notes === null ? null : ERASED,
    fanId: null,
    eraseWhenClosed: false,
  };
}

/** An order kept for shipping: only its name and address stay until it is closed. */
export function heldOrderFields(order: Erasable) {
  return {
    email: ERASED,
    trackingNumber: order.trackingNumber === null ? null : ERASED,
    notes: order.notes === null ? null : ERASED,
    fanId: null,
    eraseWhenClosed: true,
  };
}

/** A merch-table sale keeps its in-person mark (it holds no one's data); any address goes. */
function erasedAddress(address: string): string {
  return isInPerson(address)
    ? JSON.stringify({ type: 'in-person' })
    : JSON.stringify({ address: ERASED });
}

function isInPerson(address: string): boolean {
  try {
    const parsed = JSON.parse(address) as { type?: unknown } | null;
    return parsed?.type === 'in-person';
  } catch {
    // Not JSON: an address written some other way.
    return false;
  }
}
