import {
  ONLINE_SHIPPING_CENTS,
  SIZES,
  WALK_UP_CUSTOMER,
  WALK_UP_EMAIL,
  type ManualOrderInput,
  type PaymentMethod,
  type SalesChannel,
} from '@artist/contracts';

/**
 * Products the artist sells at the merch table, with their sizes and usual price in cents. Names
 * are the catalogue's, so a line reads as checkout names it ("Wren Calloway T-Shirt - L").
 */
export const MANUAL_PRODUCTS = [
  { name: 'Wren Calloway T-Shirt', sizes: [...SIZES] as string[], priceInCents: 2500 },
  { name: 'Trucker Hat', sizes: [] as string[], priceInCents: 2500 },
];

export const productByName = (name?: string) => MANUAL_PRODUCTS.find((p) => p.name === name);

/** A new line's size is the product's second size option (M for the t-shirt). */
export const defaultSize = (name?: string) => productByName(name)?.sizes[1];

export interface ProductLine {
  product?: string;
  size?: string;
  quantity?: number | null;
  /** Dollars, as entered. */
  price?: number | null;
}

export interface ManualOrderValues {
  salesChannel: SalesChannel;
  customerName?: string;
  email?: string;
  showLocation?: string;
  /** The show picked from the shows list; the typed location is used without one. */
  showId?: number | null;
  shippingAddress?: string;
  lines: ProductLine[];
  paymentMethod: PaymentMethod;
  notes?: string;
}

export const newLine = (): ProductLine => {
  const product = MANUAL_PRODUCTS[0];
  return {
    product: product.name,
    size: defaultSize(product.name),
    quantity: 1,
    price: product.priceInCents / 100,
  };
};

export const toCents = (dollars?: number | null) => Math.round((dollars ?? 0) * 100);

export const shippingCents = (channel: SalesChannel) =>
  channel === 'online' ? ONLINE_SHIPPING_CENTS : 0;

export const subtotalCents = (lines: ProductLine[] = []) =>
  lines.reduce((sum, l) => sum + toCents(l?.price) * (l?.quantity ?? 0), 0);

/** The body of `POST /api/admin/orders/manual`. */
export function toManualOrder(values: ManualOrderValues, now = Date.now()): ManualOrderInput {
  const inPerson = values.salesChannel === 'in-person';
  const lineItems = values.lines.map((l) => ({
    product_name: l.size ? `${l.product} - ${l.size}` : String(l.product),
    quantity: l.quantity ?? 1,
    price: toCents(l.price),
  }));
  const notes = values.notes?.trim();
  return {
    salesChannel: values.salesChannel,
    customerName: values.customerName?.trim() || (inPerson ? WALK_UP_CUSTOMER : undefined),
    email: values.email?.trim() || (inPerson ? WALK_UP_EMAIL : undefined),
    ...(inPerson
      ? values.showId
        ? { showId: values.showId }
        : { showLocation: values.showLocation?.trim() }
      : {}),
    lineItems,
    total: subtotalCents(values.lines) + shippingCents(values.salesChannel),
    shippingAddress: JSON.stringify(
      inPerson ? { type: 'in-person' } : { address: values.shippingAddress?.trim() },
    ),
    paymentMethod: values.paymentMethod,
    ...(notes ? { notes } : {}),
    stripeSessionId: `manual_${now}`,
    paymentStatus: 'paid',
    fulfillmentStatus: inPerson ? 'fulfilled' : 'pending',
  };
}
