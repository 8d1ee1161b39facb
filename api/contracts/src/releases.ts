/** What a product is: something shipped, or a release downloaded. */
export const PRODUCT_KINDS = ['physical', 'digital'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** A fixed price, or "name your price" above a minimum the artist sets (which may be 0). */
export const PRODUCT_PRICINGS = ['fixed', 'name-your-price'] as const;
export type ProductPricing = (typeof PRODUCT_PRICINGS)[number];

/** One track of a release. */
export interface ReleaseTrack {
  title: string;
  durationSeconds: number;
  /**
   * In answers only: where the track's preview streams (`GET /api/products/:id/tracks/:index/
   * preview`, with Range), or null when it has none. Ignored in a product's input.
   */
  previewUrl?: string | null;
}

/** Largest preview one track may have: 20 MB of MP3, Ogg or M4A. */
export const PREVIEW_MAX_BYTES = 20 * 1024 * 1024;

/** Answer of `POST /api/admin/products/:id/tracks/:index/preview`. */
export interface TrackPreviewUpload {
  previewUrl: string;
  /** The audio's type as read from its bytes: audio/mpeg, audio/ogg or audio/mp4. */
  contentType: string;
  bytes: number;
}

/** Most tracks one release may list. */
export const MAX_TRACKS = 100;

/** The most a fan may choose to pay for one release, in cents ($1,000). */
export const MAX_CHOSEN_PRICE_CENTS = 100_000;

/** Largest ZIP one format may be: 2 GB. */
export const RELEASE_FILE_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** `POST /api/admin/products/:id/files`: one format of a release, stored. */
export interface ReleaseFile {
  id: number;
  format: string;
  bytes: number;
}

/** One download link of an order, as the receipt shows it. */
export interface DownloadLink {
  /** The release's name. */
  release: string;
  format: string;
  /** `/download/<token>`, from the site's root. */
  url: string;
  expiresAt: string;
  downloadsLeft: number;
}

/** A download made with an order's link: shown on the order in the admin. */
export interface DownloadRecord {
  at: string;
  release: string;
  format: string;
  bytes: number;
}

/** The sentence under a name-your-price field (and the 400) when the amount is under the minimum. */
export const lowestPriceMessage = (release: string, minPriceCents: number) =>
  `The lowest price for ${release} is $${(minPriceCents / 100).toFixed(2)}.`;

/** Most download codes one batch may hold. */
export const MAX_CODES_PER_BATCH = 5000;

/** The letters of a download code: no 0/O, 1/I/L to mistake for one another. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 10;

/** `POST /api/admin/products/:id/codes`: the batch made. */
export interface CodeBatchCreated {
  batchId: number;
  count: number;
}

/** A batch of codes in the admin: how many, how many redeemed, and whether it is void. */
export interface CodeBatch {
  batchId: number;
  productId: string;
  count: number;
  redeemed: number;
  voidedAt: string | null;
  createdAt: string;
}

/** Body of `POST /api/redeem`. */
export interface RedeemRequest {
  code: string;
  email: string;
}

/** The 404 of any code that is not a live one: it says nothing of which codes exist. */
export const CODE_NOT_FOUND_MESSAGE =
  'This code does not work. Check it against the card, letter by letter.';
export const CODE_USED_MESSAGE = 'This code has already been used.';

/** The storefront page where a download card's code is redeemed. */
export const REDEEM_PATH = '/redeem';

/** The address printed on a card: `/redeem` with its code filled in (`<site>/redeem?code=…`). */
export const redeemUrl = (siteUrl: string, code: string) =>
  `${siteUrl.replace(/\/+$/, '')}${REDEEM_PATH}?code=${encodeURIComponent(code)}`;

/** Answer of `GET /api/redeem`: whether some release has a code that can still be redeemed. */
export interface RedeemStatus {
  codesLive: boolean;
}
