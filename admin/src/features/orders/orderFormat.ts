import type { Order, OrderLineItem, ShippingAddress } from '@artist/contracts';

/** The order's line items (the server gives them as a list). */
export const lineItems = (order: Pick<Order, 'lineItems'>): OrderLineItem[] => order.lineItems;

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

/**
 * The shipping address as lines of text: the name, the street, the city line and the country;
 * an in-person sale says it ships nothing.
 */
export function addressLines(
  address: ShippingAddress | null,
  salesChannel: string = 'online',
): string[] {
  if (!address) {
    return salesChannel === 'in-person'
      ? ['In-person sale (no shipping)']
      : ['No address provided'];
  }
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const lines = [address.name, address.line1, address.line2, cityLine, address.country];
  const filled = lines.filter((line): line is string => !!line);
  return filled.length ? filled : ['No address provided'];
}

export const channelLabel = (channel: string) => (channel === 'in-person' ? 'In-person' : 'Online');
