import { ERASED } from '@artist/contracts';
import { NO_ADDRESS_PARTS } from '../../common/order-format.js';
import { addressColumns } from './order-lines.js';
import type { Order } from './order.entity.js';

type Erasable = Pick<
  Order,
  'salesChannel' | 'shipLine1' | 'trackingNumber' | 'notes' | 'paymentStatus' | 'fulfillmentStatus'
>;

/**
 * A paid order still waiting for its parcel: erasing its fan keeps the name and address needed
 * to ship it (see OrdersPersonalData).
 */
export function owedAParcel(order: Erasable): boolean {
  return (
    ['pending', 'partially_fulfilled'].includes(order.fulfillmentStatus) &&
    ['paid', 'partially_refunded'].includes(order.paymentStatus) &&
    order.salesChannel !== 'in-person'
  );
}

/** The columns of an order that hold personal data, as an erasure leaves them. */
export function erasedOrderFields(order: Erasable) {
  return {
    email: ERASED,
    customerName: ERASED,
    ...erasedAddress(order),
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

/** A merch-table sale without an address stays without one; any address goes, marked erased. */
function erasedAddress(order: Erasable) {
  const none = order.salesChannel === 'in-person' && order.shipLine1 === null;
  return addressColumns(none ? null : { ...NO_ADDRESS_PARTS, line1: ERASED });
}
