export const SALES_CHANNELS = ['online', 'in-person'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

/**
 * `partially_fulfilled`: some of its lines have shipped (`POST /api/admin/orders/:id/shipments`),
 * not all; `fulfilled` once every line that ships has.
 */
export const FULFILLMENT_STATUSES = ['pending', 'partially_fulfilled', 'fulfilled'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/**
 * An order's payment after checkout: refunds and disputes come from Stripe's webhook. A refunded
 * order is not waiting to ship.
 */
export const PAYMENT_STATUSES = ['paid', 'partially_refunded', 'refunded', 'disputed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Whether an order's payment ends its downloads: a full refund does (its links answer 410, fresh
 * links and the admin's re-send are refused); a partial refund or an open dispute does not.
 */
export const endsDownloads = (paymentStatus: string): boolean => paymentStatus === 'refunded';

/** The sentence a refunded order's links, fresh-link requests and re-sends answer with. */
export const REFUNDED_DOWNLOADS_MESSAGE = 'This order was refunded, so its downloads have ended.';

export const PAYMENT_METHODS = ['cash', 'venmo', 'zelle', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Name given to a blank in-person customer, and the placeholder email used with it. */
export const WALK_UP_CUSTOMER = 'Walk-up Customer';
export const WALK_UP_EMAIL = 'walkup@merch-table.invalid';

/**
 * One line of an order as the original contract names it (`lineItems`), made from its lines.
 * `price` is the unit price in cents.
 */
export interface OrderLineItem {
  product_name: string;
  quantity: number;
  price: number;
  /** A pre-order line: the date (YYYY-MM-DD) it ships from. */
  pre_order_until?: string;
  /** A release downloaded: its product id, for its links. */
  product_id?: string;
  digital?: boolean;
  /** A name-your-price release's minimum when sold: `price` above it is what the fan added. */
  min_price?: number;
}

/** What an order line sold: a physical product, one on pre-order when bought, or a release. */
export const ORDER_LINE_KINDS = ['physical', 'pre-order', 'digital'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

/**
 * One line of an order (`order_lines`): the product (null when no catalogue product matched an
 * older line) and what was sold, as it was sold. The lines' `discountCents` and `taxCents` sum
 * to the order's `discountAmount` and `taxAmount`. Cents.
 */
export interface OrderLine {
  id: number;
  productId: string | null;
  productName: string;
  size: string | null;
  kind: OrderLineKind;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  taxCents: number;
  refundedQuantity: number;
  /** How many of it have shipped, in the order's shipments (`POST …/:id/shipments`). */
  shippedQuantity: number;
}

/** One line of a shipment: the order line's id and how many of it are in the parcel. */
export interface ShipmentLineInput {
  lineId: number;
  quantity: number;
}

/**
 * Body of `POST /api/admin/orders/:id/shipments`: part (or the rest) of an order ships, with its
 * own tracking number; `carrier` names the carrier when the number does not tell it.
 */
export interface ShipmentRequest {
  lines: ShipmentLineInput[];
  trackingNumber: string;
  carrier?: string;
}

/** One parcel of an order, as `POST` and `GET /api/admin/orders/:id/shipments` answer it. */
export interface OrderShipment {
  id: number;
  orderId: number;
  lines: { lineId: number; productName: string; quantity: number }[];
  trackingNumber: string;
  /** The carrier she named, or the one the tracking number's shape tells; null when neither. */
  carrier: string | null;
  /** The carrier's tracking page for the number, when the carrier is known; else null. */
  trackingUrl: string | null;
  createdAt: string;
}

/** Answer of `POST /api/admin/orders/:id/shipments`: the shipment and the order's new status. */
export interface ShipmentResult extends OrderShipment {
  fulfillmentStatus: FulfillmentStatus;
}

/** Where an order ships; null for an in-person sale and an order with nothing to ship. */
export interface ShippingAddress {
  name: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  phone: string | null;
}

/** An order as the admin sees it (`GET /api/admin/orders`). Money is integer cents. */
export interface Order {
  id: number;
  email: string;
  customerName: string | null;
  shippingAddress: ShippingAddress | null;
  lines: OrderLine[];
  /** The lines in the original contract's shape. */
  lineItems: OrderLineItem[];
  total: number;
  /** The shipping rate paid for; null for manual and older orders. */
  shippingRateName: string | null;
  /** Shipping paid, cents; null for manual and older orders. */
  shippingAmount: number | null;
  /** The discount code used, or null. */
  discountCode: string | null;
  /** What the code took off, cents (0 without one). */
  discountAmount: number;
  stripeSessionId: string;
  /** One of PAYMENT_STATUSES. */
  paymentStatus: string;
  paymentMethod: string | null;
  /** Stripe's payment intent of a checkout order (`pi_…`), else null. */
  paymentIntentId: string | null;
  /** Cents refunded so far. */
  refundedAmount: number;
  /** Taken by the built-in test payment provider: no money moved ("Test" in the admin). */
  testMode: boolean;
  salesChannel: string;
  showLocation: string | null;
  /** The show a merch-table sale was made at, when one was picked (older sales have none). */
  showId: number | null;
  fulfillmentStatus: string;
  trackingNumber: string | null;
  notes: string | null;
  fulfilledAt: string | null;
  createdAt: string;
  /** When a refund put the order's items back in stock; null when it has not. */
  restockedAt?: string | null;
  /** Some line was on pre-order when it was bought. */
  preOrder: boolean;
  /** The latest date (YYYY-MM-DD) its pre-order lines ship from: it can ship from then. */
  preOrderUntil: string | null;
  /** Paid through an abandoned checkout's recovery link (the reminder email's). */
  recovered: boolean;
  /** Sales tax paid, cents (Stripe Tax's `total_details.amount_tax`); in `total`, not revenue. */
  taxAmount: number;
}

/** One line of a refund by line: the order line's id and how many of it to refund. */
export interface OrderLineRefund {
  lineId: number;
  quantity: number;
}

/**
 * Body of `POST /api/admin/orders/{id}/refund`, one of two forms:
 * - `amount` in cents (the whole remainder when absent); `restock` puts the order's items back
 *   in stock (once per order);
 * - `lines`: the server works out the amount (each unit's price less its share of the line's
 *   discount, plus its share of the tax; the shipping too once every unit is refunded), records
 *   each line's `refundedQuantity`, and puts those units back in stock unless `restock` is false.
 */
export interface OrderRefundRequest {
  amount?: number;
  lines?: OrderLineRefund[];
  restock?: boolean;
}

/** Body of `PUT /api/admin/orders/{id}`: fulfil (all fields) or save tracking and notes only. */
export interface OrderUpdate {
  fulfillmentStatus?: 'fulfilled';
  trackingNumber: string | null;
  notes: string | null;
  /** Epoch milliseconds. */
  fulfilledAt?: number;
}

/** Body of `POST /api/admin/orders/manual`. */
export interface ManualOrderInput {
  salesChannel: SalesChannel;
  customerName?: string;
  email?: string;
  /** In person: where, as typed. Optional when `showId` names the show. */
  showLocation?: string;
  /** In person: the show, from the shows list (`AdminShow.id`). */
  showId?: number | null;
  lineItems: OrderLineItem[];
  total: number;
  /** JSON text. */
  shippingAddress?: string;
  paymentMethod: PaymentMethod;
  notes?: string;
  /** 'manual_' followed by a timestamp. */
  stripeSessionId: string;
  paymentStatus: 'paid';
  /** A sale is entered as still to ship or as fulfilled; parts ship through shipments. */
  fulfillmentStatus: 'pending' | 'fulfilled';
}

/**
 * The answer of POST /api/admin/orders/manual: the order, and a sentence for each line that
 * took more from stock than the site showed left (the sale is recorded all the same).
 */
export interface ManualOrderResult extends Order {
  stockWarnings: string[];
}
