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

/**
 * Answer of `GET /api/shipping/countries`: every country some zone ships to, and the shop's
 * sentence of where it ships, drawn from the zones ("Ships to the United States, Canada and 27
 * countries in Europe"), or null while no zone ships anywhere.
 */
export interface ShippingCountries {
  countries: string[];
  shipsTo: string | null;
}

/** Every officially assigned ISO 3166-1 alpha-2 code: the countries a zone can be given. */
export const COUNTRY_CODES: readonly string[] = [
  'AD',
  'AE',
  'AF',
  'AG',
  'AI',
  'AL',
  'AM',
  'AO',
  'AQ',
  'AR',
  'AS',
  'AT',
  'AU',
  'AW',
  'AX',
  'AZ',
  'BA',
  'BB',
  'BD',
  'BE',
  'BF',
  'BG',
  'BH',
  'BI',
  'BJ',
  'BL',
  'BM',
  'BN',
  'BO',
  'BQ',
  'BR',
  'BS',
  'BT',
  'BV',
  'BW',
  'BY',
  'BZ',
  'CA',
  'CC',
  'CD',
  'CF',
  'CG',
  'CH',
  'CI',
  'CK',
  'CL',
  'CM',
  'CN',
  'CO',
  'CR',
  'CU',
  'CV',
  'CW',
  'CX',
  'CY',
  'CZ',
  'DE',
  'DJ',
  'DK',
  'DM',
  'DO',
  'DZ',
  'EC',
  'EE',
  'EG',
  'EH',
  'ER',
  'ES',
  'ET',
  'FI',
  'FJ',
  'FK',
  'FM',
  'FO',
  'FR',
  'GA',
  'GB',
  'GD',
  'GE',
  'GF',
  'GG',
  'GH',
  'GI',
  'GL',
  'GM',
  'GN',
  'GP',
  'GQ',
  'GR',
  'GS',
  'GT',
  'GU',
  'GW',
  'GY',
  'HK',
  'HM',
  'HN',
  'HR',
  'HT',
  'HU',
  'ID',
  'IE',
  'IL',
  'IM',
  'IN',
  'IO',
  'IQ',
  'IR',
  'IS',
  'IT',
  'JE',
  'JM',
  'JO',
  'JP',
  'KE',
  'KG',
  'KH',
  'KI',
  'KM',
  'KN',
  'KP',
  'KR',
  'KW',
  'KY',
  'KZ',
  'LA',
  'LB',
  'LC',
  'LI',
  'LK',
  'LR',
  'LS',
  'LT',
  'LU',
  'LV',
  'LY',
  'MA',
  'MC',
  'MD',
  'ME',
  'MF',
  'MG',
  'MH',
  'MK',
  'ML',
  'MM',
  'MN',
  'MO',
  'MP',
  'MQ',
  'MR',
  'MS',
  'MT',
  'MU',
  'MV',
  'MW',
  'MX',
  'MY',
  'MZ',
  'NA',
  'NC',
  'NE',
  'NF',
  'NG',
  'NI',
  'NL',
  'NO',
  'NP',
  'NR',
  'NU',
  'NZ',
  'OM',
  'PA',
  'PE',
  'PF',
  'PG',
  'PH',
  'PK',
  'PL',
  'PM',
  'PN',
  'PR',
  'PS',
  'PT',
  'PW',
  'PY',
  'QA',
  'RE',
  'RO',
  'RS',
  'RU',
  'RW',
  'SA',
  'SB',
  'SC',
  'SD',
  'SE',
  'SG',
  'SH',
  'SI',
  'SJ',
  'SK',
  'SL',
  'SM',
  'SN',
  'SO',
  'SR',
  'SS',
  'ST',
  'SV',
  'SX',
  'SY',
  'SZ',
  'TC',
  'TD',
  'TF',
  'TG',
  'TH',
  'TJ',
  'TK',
  'TL',
  'TM',
  'TN',
  'TO',
  'TR',
  'TT',
  'TV',
  'TW',
  'TZ',
  'UA',
  'UG',
  'UM',
  'US',
  'UY',
  'UZ',
  'VA',
  'VC',
  'VE',
  'VG',
  'VI',
  'VN',
  'VU',
  'WF',
  'WS',
  'YE',
  'YT',
  'ZA',
  'ZM',
  'ZW',
];

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
