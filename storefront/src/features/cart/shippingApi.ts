import type {
  CheckoutItem,
  DiscountCheck,
  DiscountCheckRequest,
  ShippingCountries,
  ShippingQuote,
  ShippingQuoteRequest,
} from '@artist/contracts';
import { api } from '../../app/api.js';

export const shippingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShippingCountries: build.query<ShippingCountries, void>({
      query: () => '/shipping/countries',
    }),
    /** The rates for this cart and country, priced by the server as checkout will charge them. */
    getShippingQuote: build.query<ShippingQuote, ShippingQuoteRequest>({
      query: (body) => ({ url: '/shipping/quote', method: 'POST', body }),
      keepUnusedDataFor: 60,
    }),
    /** The cart with a discount code applied, or 422 saying why it does not apply. */
    checkDiscount: build.query<DiscountCheck, DiscountCheckRequest>({
      query: (body) => ({ url: '/discounts/check', method: 'POST', body }),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const { useGetShippingCountriesQuery, useGetShippingQuoteQuery, useCheckDiscountQuery } =
  shippingApi;

/** The region of the browser's language ('en-GB' → 'GB'), when it has one. */
export function browserRegion(
  languages: readonly string[] = navigator.languages ?? [],
): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a language tag: try the next.
    }
  }
  return null;
}

/** The country the cart starts with: the browser's region when shipped to, else US, else the first. */
export function defaultCountry(countries: string[], region = browserRegion()): string | null {
  if (region && countries.includes(region)) return region;
  if (countries.includes('US')) return 'US';
  return countries[0] ?? null;
}

export const cartLines = (
  items: { productId: string; size?: string; quantity: number; priceCents?: number }[],
) =>
  items.map(({ productId, size, quantity, priceCents }): CheckoutItem => ({
    productId,
    size,
    quantity,
    ...(priceCents === undefined ? {} : { priceCents }),
  }));

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'GB' → 'United Kingdom'. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
