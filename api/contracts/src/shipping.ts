import type { CheckoutItem } from './catalog.js';

/** Most rates one shipping zone may offer. */
export const MAX_SHIPPING_RATES = 3;

/** One way to ship to a zone. Cents; `deliveryDays` such as '3-5' or '7', or null. */
export interface ShippingRate {
  id: number;
  name: string;
  /** The price for the first item of a cart. */
  firstItemCents: number;
  /** The price for each further item. */
  additionalItemCents: number;
  /** Free at or above this cart subtotal (cents), or null. */
  freeOverCents: number | null;
  deliveryDays: string | null;
}

/** Countries (ISO 3166-1 alpha-2) that ship alike; a country is in at most one zone. */
export interface ShippingZone {
  id: number;
  name: string;
  countries: string[];
  rates: ShippingRate[];
}

/** A rate as the artist edits it: `id` kept for a rate that already exists. */
export type ShippingRateInput = Omit<ShippingRate, 'id'> & { id?: number };

/** Body of `POST /api/admin/shipping-zones` and `PUT /api/admin/shipping-zones/:id`. */
export interface ShippingZoneInput {
  name: string;
  countries: string[];
  rates: ShippingRateInput[];
}

/** Body of `POST /api/shipping/quote`. */
export interface ShippingQuoteRequest {
  country: string;
  items: CheckoutItem[];
}

/** One rate priced for a cart. */
export interface ShippingQuoteRate {
  id: number;
  name: string;
  amountCents: number;
  deliveryDays: string | null;
}

/** Answer of `POST /api/shipping/quote`: the zone's rates for that cart, in the artist's order. */
export interface ShippingQuote {
  rates: ShippingQuoteRate[];
}

/** Answer of `GET /api/shipping/countries`: every country some zone ships to. */
export interface ShippingCountries {
  countries: string[];
}

/** Country a checkout ships to when its request names none. */
export const DEFAULT_COUNTRY = 'US';

/**
 * What a rate costs for a cart of `itemCount` items worth `subtotalCents`: the first item's
 * price plus each further item's, or nothing at or above the rate's free-shipping subtotal.
 */
export function rateAmount(
  rate: Pick<ShippingRate, 'firstItemCents' | 'additionalItemCents' | 'freeOverCents'>,
  itemCount: number,
  subtotalCents: number,
): number {
  if (rate.freeOverCents !== null && subtotalCents >= rate.freeOverCents) return 0;
  if (itemCount <= 0) return 0;
  return rate.firstItemCents + rate.additionalItemCents * (itemCount - 1);
}
