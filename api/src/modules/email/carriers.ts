/** A carrier recognised from the shape of a tracking number, with its public tracking page. */
export interface Carrier {
  name: string;
  url: string;
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
