/** A carrier recognised from the shape of a tracking number, with its public tracking page. */
export interface Carrier {
  name: string;
  /** Null for a carrier she named whose tracking page is not known here. */
  url: string | null;
}

const CARRIERS: { name: string; pattern: RegExp; url: (n: string) => string }[] = [
  {
    name: 'UPS',
    pattern: /^1Z[0-9A-Z]{16}$/,
    url: (n) => `https://www.ups.com/track?tracknum=${n}`,
  },
  {
    name: 'Royal Mail',
    pattern: /^[A-Z]{2}\d{9}GB$/,
    url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
  {
    name: 'Canada Post',
    pattern: /^(\d{16}|[A-Z]{2}\d{9}CA)$/,
    url: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  },
  {
    name: 'USPS',
    pattern: /^(9[1-5]\d{18,20}|82\d{8}|[A-Z]{2}\d{9}US)$/,
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  },
  {
    name: 'FedEx',
    pattern: /^(\d{12}|\d{15})$/,
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  },
  {
    name: 'DHL',
    pattern: /^(\d{10}|JJD\d{18}|JD\d{18})$/,
    url: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}`,
  },
];

/** The tracking number as carriers print it: upper case, no spaces or dashes. */
export const normaliseTracking = (value: string) => value.toUpperCase().replace(/[\s-]+/g, '');

/** The carrier whose numbers look like this one, or null when none is recognisable. */
export function carrierOf(trackingNumber: string): Carrier | null {
  const number = normaliseTracking(trackingNumber);
  const carrier = CARRIERS.find((c) => c.pattern.test(number));
  return carrier ? { name: carrier.name, url: carrier.url(encodeURIComponent(number)) } : null;
}

/**
 * The carrier of a shipment: the one she named (with its tracking page when it is one of those
 * known here, whatever its case), else the one the number's shape tells; null when neither.
 */
export function shipmentCarrier(trackingNumber: string, named?: string | null): Carrier | null {
  const name = named?.trim();
  if (!name) return carrierOf(trackingNumber);
  const number = encodeURIComponent(normaliseTracking(trackingNumber));
  const known = CARRIERS.find((c) => c.name.toLowerCase() === name.toLowerCase());
  return known ? { name: known.name, url: known.url(number) } : { name, url: null };
}
