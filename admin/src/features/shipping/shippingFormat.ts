import { type ShippingRate } from '@artist/contracts';
import { formatCents } from '../../components/format.js';

/** A rate in the artist's words: "$5.00 first item, $1.00 each further · free from $50.00 · 3-5 days". */
export function describeRate(rate: Omit<ShippingRate, 'id'>): string {
  const parts = [
    rate.additionalItemCents === 0
      ? `${formatCents(rate.firstItemCents)} an order`
      : `${formatCents(rate.firstItemCents)} first item, ${formatCents(rate.additionalItemCents)} each further`,
  ];
  if (rate.freeOverCents !== null) parts.push(`free from ${formatCents(rate.freeOverCents)}`);
  if (rate.deliveryDays) parts.push(`${rate.deliveryDays} days`);
  return parts.join(' · ');
}

const names = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'GB' → 'United Kingdom', or the code when it has no name. */
export function countryName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** 'GB' → 'United Kingdom (GB)'. */
export function countryLabel(code: string): string {
  const name = countryName(code);
  return name !== code ? `${name} (${code})` : code;
}
