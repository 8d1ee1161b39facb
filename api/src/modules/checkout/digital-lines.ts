import { BadRequestException } from '@nestjs/common';
import { DEFAULT_COUNTRY, lowestPriceMessage, type CheckoutItem } from '@artist/contracts';
import type { CheckoutProduct } from '../catalog/index.js';
import type { PricedRate } from '../shipping/index.js';
import type { SoldLine } from './checkout-session.entity.js';
import type { ProviderSession } from './payment-provider.js';

export const FIXED_PRICE_MESSAGE = (name: string) =>
  `The price of ${name} is set; send priceCents only for a name-your-price release.`;
export const ONE_PRICE_MESSAGE = (productId: string) =>
  `Choose one price for ${productId}: its lines name different amounts.`;
export const FREE_ORDER_EMAIL_MESSAGE =
  'Enter your email address: the download links are sent there.';

/** The rate of a cart of downloads only: nothing ships, nothing is charged for it. */
export const NO_SHIPPING: PricedRate = {
  id: 0,
  name: 'Download',
  amountCents: 0,
  deliveryDays: null,
  days: null,
};

/**
 * What one unit of a line costs: the catalogue's price, or for a name-your-price release the
 * amount the fan chose (its minimum when none is sent), never below that minimum (400 naming
 * it in dollars). The amount itself is checked (0–$1,000) by the cart's validation.
 */
export function unitPriceOf(product: CheckoutProduct, item: CheckoutItem): number {
  if (product.pricing !== 'name-your-price') {
    if (item.priceCents !== undefined) {
      throw new BadRequestException(FIXED_PRICE_MESSAGE(product.name));
    }
    return product.priceInCents;
  }
  const lowest = product.minPriceCents ?? 0;
  const chosen = item.priceCents ?? lowest;
  if (chosen < lowest) throw new BadRequestException(lowestPriceMessage(product.name, lowest));
  return chosen;
}

/** The fields a release's line carries beyond merch's: that it downloads, and its minimum. */
export function releaseLineFields(product: CheckoutProduct): Partial<SoldLine> {
  if (product.kind !== 'digital') return {};
  return {
    digital: true,
    ...(product.pricing === 'name-your-price' ? { minPrice: product.minPriceCents ?? 0 } : {}),
  };
}

/** Lines naming one product are added together: they must agree on the amount chosen. */
export function checkOnePricePerProduct(items: CheckoutItem[]): void {
  const chosen = new Map<string, number | undefined>();
  for (const item of items) {
    if (chosen.has(item.productId) && chosen.get(item.productId) !== item.priceCents) {
      throw new BadRequestException(ONE_PRICE_MESSAGE(item.productId));
    }
    chosen.set(item.productId, item.priceCents);
  }
}

/** A cart of downloads only: it collects no address and charges no shipping. */
export const isDigitalOnly = (lines: SoldLine[]) =>
  lines.length > 0 && lines.every((line) => line.digital === true);

/** What shipping is priced on: the count and subtotal of the lines that ship. */
export function shippedSums(lines: SoldLine[]): [itemCount: number, subtotalCents: number] {
  const shipped = lines.filter((line) => !line.digital);
  return [
    shipped.reduce((sum, line) => sum + line.quantity, 0),
    shipped.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
  ];
}

/** The country a digital-only session is recorded for. */
export const downloadCountry = (country: string | undefined) => country ?? DEFAULT_COUNTRY;

/** An online order with nothing paid: anyone can place one, for any address, without a card. */
export const isFreeOrder = (order: { total: number; salesChannel: string }) =>
  order.total === 0 && order.salesChannel === 'online';

/** A checkout with nothing to pay: its id (in Stripe's shape) and the receipt's address. */
export function freeSession(idempotencyKey: string, successUrl: string) {
  const id = `cs_free_${idempotencyKey.replace(/-/g, '')}`;
  return { id, url: successUrl.replace('{CHECKOUT_SESSION_ID}', id) };
}

/** What fulfilment is told of a checkout with nothing to pay: paid, by the email given. */
export function freePaidSession(id: string, email: string): ProviderSession {
  return {
    id,
    status: 'complete',
    paymentStatus: 'paid',
    amountTotal: 0,
    email,
    customerName: null,
    shipping: null,
    paymentIntentId: null,
    shippingAmount: 0,
    shippingRateName: null,
    discountAmount: null,
  };
}
