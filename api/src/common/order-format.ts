import type { OrderLineItem, ShippingAddress } from '@artist/contracts';

type AddressFields = Partial<
  Record<'line1' | 'line2' | 'city' | 'state' | 'postal_code' | 'country' | 'phone', unknown>
>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const orNull = (value: string) => value || null;

/** One line of text for an order's address: "Ada, 1 Music Row, Nashville, TN 37203, US". */
export function formatShippingAddress(address: ShippingAddress | null): string {
  if (!address) return 'No address provided';
  const cityLine = [address.city ?? '', [address.state, address.postalCode].join(' ')]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
  const line = [address.line1, address.line2, cityLine, address.country]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(', ');
  if (!line) return 'No address provided';
  return address.name ? `${address.name}, ${line}` : line;
}

/** An address with every part empty, to fill in the parts that are known. */
export const NO_ADDRESS_PARTS: Readonly<ShippingAddress> = Object.freeze({
  name: null,
  line1: null,
  line2: null,
  city: null,
  state: null,
  postalCode: null,
  country: null,
  phone: null,
});

/**
 * The address an in-person or manual sale was sent with, as JSON text in one of the shapes the
 * original contract takes: `{ type: 'in-person' }`, a string, `{ name?, address: {...} }`,
 * `{ address: '...' }`, or the fields at the top level. Null for in-person, empty and unreadable
 * text; a string lands in `line1`.
 */
export function addressFromText(json: string): ShippingAddress | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value === 'string')
    return value.trim() ? { ...NO_ADDRESS_PARTS, line1: value.trim() } : null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (record.type === 'in-person') return null;
  const address = record.address;
  if (typeof address === 'string') {
    return address.trim()
      ? { ...NO_ADDRESS_PARTS, name: orNull(text(record.name)), line1: address.trim() }
      : null;
  }
  const fields = address && typeof address === 'object' ? (address as AddressFields) : record;
  const parsed: ShippingAddress = {
    name: orNull(text(record.name)),
    line1: orNull(text(fields.line1)),
    line2: orNull(text(fields.line2)),
    city: orNull(text(fields.city)),
    state: orNull(text(fields.state)),
    postalCode: orNull(text(fields.postal_code)),
    country: orNull(text(fields.country)),
    phone: orNull(text(fields.phone ?? record.phone)),
  };
  const { name: _name, phone: _phone, ...place } = parsed;
  return Object.values(place).some(Boolean) ? parsed : null;
}

/** The sum of an order's line items in cents. */
export const lineItemsSubtotal = (items: OrderLineItem[]): number =>
  items.reduce((sum, item) => sum + item.quantity * item.price, 0);

/** Line items as "2x T-Shirt - M; 1x Trucker Hat". */
export const summariseLineItems = (items: OrderLineItem[]): string =>
  items.map((item) => `${item.quantity}x ${item.product_name}`).join('; ');

/** Cents as dollars with two decimals: 2500 → "25.00". */
export const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The number the buyer, the admin and every email use for an order. */
export const orderNumber = (id: number) => `#${id}`;
