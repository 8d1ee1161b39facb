import type {
  OrderLine as OrderLineView,
  OrderLineItem,
  OrderLineKind,
  ShippingAddress,
} from '@artist/contracts';
import type { OrderLine } from './order-line.entity.js';
import type { Order } from './order.entity.js';

/** A line to write: everything but the ids, which the order's insert gives. */
export type NewOrderLine = Omit<
  OrderLine,
  'id' | 'orderId' | 'discountCents' | 'taxCents' | 'shippedQuantity'
> &
  Partial<Pick<OrderLine, 'discountCents' | 'taxCents'>>;

/** An order's columns as stored, for the modules that act on one: a plain shape, not the entity. */
export type StoredOrder = Pick<Order, keyof Order>;

/** An order line's columns as stored, likewise. */
export type StoredOrderLine = Pick<OrderLine, keyof OrderLine>;

/** An order with its lines, as the modules that act on an order read it. */
export type PlacedOrder = Order & { lines: OrderLine[] };

/**
 * `total` shared between lines in proportion to their weights, in whole cents that sum to it
 * exactly: each line gets its share rounded down, and the cents left go to the largest remainders.
 */
export function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || weights.length === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (sum === 0 ? total / weights.length : (total * w) / sum));
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/** The lines with the order's discount and tax shared between them by what each line cost. */
export function withShares(
  lines: NewOrderLine[],
  discountCents: number,
  taxCents: number,
): (NewOrderLine & { discountCents: number; taxCents: number })[] {
  const weights = lines.map((line) => line.quantity * line.unitPriceCents);
  const discounts = shareOut(discountCents, weights);
  const taxes = shareOut(taxCents, weights);
  return lines.map((line, i) => ({ ...line, discountCents: discounts[i], taxCents: taxes[i] }));
}

/** The product names of an order's lines, each once, one per line of text (`orders.productNames`). */
export const productNamesOf = (lines: Pick<OrderLine, 'productName'>[]): string | null =>
  lines.length ? [...new Set(lines.map((line) => line.productName))].sort().join('\n') : null;

/** The line's name as an order line of the original contract reads: "T-Shirt - L". */
export const lineItemName = (line: Pick<OrderLine, 'productName' | 'size'>) =>
  line.size ? `${line.productName} - ${line.size}` : line.productName;

/** The lines in the original contract's shape (`lineItems`). */
export function lineItemsOf(
  lines: OrderLine[],
  order: Pick<Order, 'preOrderUntil'>,
): OrderLineItem[] {
  return lines.map((line) => ({
    product_name: lineItemName(line),
    quantity: line.quantity,
    price: line.unitPriceCents,
    ...(line.kind === 'pre-order' && order.preOrderUntil
      ? { pre_order_until: order.preOrderUntil }
      : {}),
    ...(line.kind === 'digital' && line.productId
      ? { product_id: line.productId, digital: true }
      : {}),
  }));
}

export function lineView(line: OrderLine): OrderLineView {
  return {
    id: line.id,
    productId: line.productId,
    productName: line.productName,
    size: line.size,
    kind: line.kind,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    discountCents: line.discountCents,
    taxCents: line.taxCents,
    refundedQuantity: line.refundedQuantity,
    shippedQuantity: line.shippedQuantity ?? 0,
  };
}

type AddressColumns = Pick<
  Order,
  | 'shipName'
  | 'shipLine1'
  | 'shipLine2'
  | 'shipCity'
  | 'shipState'
  | 'shipPostalCode'
  | 'shipCountry'
  | 'shipPhone'
>;

/** The order's address from its columns; null when it has none. */
export function addressOf(order: AddressColumns): ShippingAddress | null {
  const address = {
    name: order.shipName,
    line1: order.shipLine1,
    line2: order.shipLine2,
    city: order.shipCity,
    state: order.shipState,
    postalCode: order.shipPostalCode,
    country: order.shipCountry,
    phone: order.shipPhone,
  };
  return Object.values(address).some((part) => part !== null) ? address : null;
}

/** The columns of an address (every one null for none). */
export function addressColumns(address: ShippingAddress | null): AddressColumns {
  return {
    shipName: address?.name ?? null,
    shipLine1: address?.line1 ?? null,
    shipLine2: address?.line2 ?? null,
    shipCity: address?.city ?? null,
    shipState: address?.state ?? null,
    shipPostalCode: address?.postalCode ?? null,
    shipCountry: address?.country ?? null,
    shipPhone: address?.phone ?? null,
  };
}

/** A line's kind from its product when sold. */
export const kindOf = (product: { kind: string; preOrderUntil: string | null }): OrderLineKind =>
  product.kind === 'digital' ? 'digital' : product.preOrderUntil ? 'pre-order' : 'physical';

/** A line and how many of it a refund gives back. */
export interface LineRefund {
  line: Pick<
    OrderLine,
    'id' | 'quantity' | 'unitPriceCents' | 'discountCents' | 'taxCents' | 'refundedQuantity'
  >;
  quantity: number;
}

/**
 * The cents a refund of some lines gives back: for each unit its price less its share of the
 * line's discount, plus its share of the line's tax (the whole shares once every unit of the line
 * is refunded), and the shipping when no unit of the order is left unrefunded after it.
 */
export function refundOfLines(
  order: { shippingCents: number; lines: LineRefund['line'][] },
  refunds: LineRefund[],
): number {
  const share = (cents: number, { line, quantity }: LineRefund) => {
    const upTo = (units: number) => Math.round((cents * units) / line.quantity);
    return upTo(line.refundedQuantity + quantity) - upTo(line.refundedQuantity);
  };
  const items = refunds.reduce(
    (sum, refund) =>
      sum +
      refund.quantity * refund.line.unitPriceCents -
      share(refund.line.discountCents, refund) +
      share(refund.line.taxCents, refund),
    0,
  );
  const refunded = new Map(refunds.map((r) => [r.line.id, r.quantity]));
  const everyUnit = order.lines.every(
    (line) => line.refundedQuantity + (refunded.get(line.id) ?? 0) >= line.quantity,
  );
  return items + (everyUnit ? order.shippingCents : 0);
}
