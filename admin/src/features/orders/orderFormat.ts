import type { Order, OrderLineItem } from '@artist/contracts';

/** The order's line items, or none when the stored JSON is unreadable. */
export function lineItems(order: Pick<Order, 'lineItems'>): OrderLineItem[] {
  try {
    const items: unknown = JSON.parse(order.lineItems);
    return Array.isArray(items) ? (items as OrderLineItem[]) : [];
  } catch {
    return [];
  }
}

/**
 * The order's money as it was made: the items' subtotal, plus shipping for an online order (the
 * rest of the total: a flat $5.00 at checkout and in manual orders); a merch-table order has none.
 */
export function orderAmounts(
  order: Pick<Order, 'lineItems' | 'total' | 'salesChannel'> &
    Partial<Pick<Order, 'shippingAmount' | 'discountAmount' | 'taxAmount'>>,
) {
  const subtotal = lineItems(order).reduce((sum, i) => sum + i.price * i.quantity, 0);
  const discount = order.discountAmount ?? 0;
  const tax = order.taxAmount ?? 0;
  const shipping =
    order.salesChannel === 'in-person'
      ? 0
      : (order.shippingAmount ?? Math.max(order.total - subtotal + discount - tax, 0));
  return { subtotal, discount, shipping, tax, total: order.total };
}

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  venmo: 'Venmo',
  zelle: 'Zelle',
  card: 'Card',
  other: 'Other',
};

export const productNames = (order: Pick<Order, 'lineItems'>) =>
  lineItems(order).map((i) =>
    i.quantity > 1 ? `${i.quantity}× ${i.product_name}` : i.product_name,
  );

interface AddressFields {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

const FIELDS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const;

function fieldLines(a: AddressFields): string[] {
  const cityLine = [a.city, [a.state, a.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [a.line1, a.line2, cityLine, a.country].filter((l): l is string => !!l);
}

/**
 * The shipping address as lines of text, for every shape an order's address is stored in: in-person, a string,
 * an `address` string or object, or the address fields at the top level.
 */
export function addressLines(shippingAddress: string | null | undefined): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(shippingAddress ?? '');
  } catch {
    return ['N/A'];
  }
  if (typeof parsed === 'string') return parsed ? [parsed] : ['No address provided'];
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return ['N/A'];
  const value = parsed as Record<string, unknown> & AddressFields;
  if (value.type === 'in-person') return ['In-person sale (no shipping)'];
  const name = typeof value.name === 'string' && value.name ? [value.name] : [];
  if (typeof value.address === 'string' && value.address) return [...name, value.address];
  if (typeof value.address === 'object' && value.address !== null) {
    const lines = fieldLines(value.address as AddressFields);
    if (lines.length) return [...name, ...lines];
  }
  if (FIELDS.some((f) => value[f])) return [...name, ...fieldLines(value)];
  return ['No address provided'];
}

export const channelLabel = (channel: string) => (channel === 'in-person' ? 'In-person' : 'Online');
