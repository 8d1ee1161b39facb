import type { GalleryImage } from './content.js';
import type { OrderLine, ShippingAddress } from './orders.js';
import type {
  DownloadLink,
  ProductKind,
  ProductPricing,
  ReleaseFile,
  ReleaseTrack,
} from './releases.js';

/**
 * Product ids of the catalogue served at `GET /api/products`: 'tshirt' and 'hat' from the first
 * catalogue, and ids the artist's new products get (lower-case words joined by '-').
 */
export type ProductId = string;

/**
 * A product photo uploaded from the admin (`POST /api/admin/products/:id/image`), made by the
 * gallery's pipeline: `medium` is the shop's square (600 × 600, cropped to the centre), `full` the
 * lightbox's (at most 1600 px on its longer side), each in AVIF and WebP.
 */
export interface ProductPhoto {
  medium: GalleryImage;
  full: GalleryImage;
}

/**
 * The sizes a new T-shirt starts with (the first catalogue's, and the admin's "T-shirt sizes"
 * choice). Any product's sizes are the artist's to name: see `sizesProblem`.
 */
export const SIZES = ['S', 'M', 'L', 'XL', '2XL'] as const;
export const DEFAULT_TSHIRT_SIZES: readonly string[] = SIZES;

/** A size as the artist names it: 1 to MAX_SIZE_LENGTH characters ('XS', '3XL', 'One size'). */
export type Size = string;

/** Most characters of one size's name. */
export const MAX_SIZE_LENGTH = 12;
/** Most sizes one product may come in. */
export const MAX_SIZES = 12;

/** Labels of the size dropdown for the default sizes; any other size reads as it is named. */
export const SIZE_LABELS: Record<string, string> = {
  S: 'Small',
  M: 'Medium',
  L: 'Large',
  XL: 'XL',
  '2XL': '2XL',
};

/** The size dropdown's label of a size: 'Medium' for M, the size itself for one she named. */
export const sizeLabel = (size: string): string =>
  Object.hasOwn(SIZE_LABELS, size) ? SIZE_LABELS[size]! : size;

export const SIZES_LIST_MESSAGE =
  'sizes must be a list of size names, such as ["S", "M", "L"], or empty for a product without sizes.';
export const TOO_MANY_SIZES_MESSAGE = `A product may come in at most ${MAX_SIZES} sizes.`;

/** A size as it is stored and compared: its spaces trimmed and runs of them made one. */
export const normalSize = (size: string): string => size.trim().replace(/\s+/g, ' ');

/**
 * What is wrong with a product's sizes, as the sentence the API answers (400) and the admin's
 * sizes editor shows; null when they are fine. Each is 1 to MAX_SIZE_LENGTH characters of
 * letters, digits, spaces and . / + - ( ) ' (after trimming), each named once (whatever its case),
 * at most MAX_SIZES of them.
 */
export function sizesProblem(sizes: unknown): string | null {
  if (!Array.isArray(sizes)) return SIZES_LIST_MESSAGE;
  if (sizes.length > MAX_SIZES) return TOO_MANY_SIZES_MESSAGE;
  const seen = new Set<string>();
  for (const raw of sizes) {
    if (typeof raw !== 'string') return SIZES_LIST_MESSAGE;
    const size = normalSize(raw);
    const shown = size.length > 20 ? `${size.slice(0, 20)}…` : size;
    if (size.length === 0) return 'A size needs a name: 1 to 12 characters, such as XS or 3XL.';
    if (size.length > MAX_SIZE_LENGTH)
      return `A size is at most ${MAX_SIZE_LENGTH} characters: "${shown}" is ${size.length}.`;
    if (!/^[\p{L}\p{N} ./+\-()']+$/u.test(size))
      return `A size may hold letters, digits, spaces and . / + - ( ) ' only: "${shown}" has other characters.`;
    const key = size.toLowerCase();
    if (seen.has(key)) return `Each size is named once: "${size}" is listed twice.`;
    seen.add(key);
  }
  return null;
}

/** Most photos one product may have (`POST /api/admin/products/:id/images`). */
export const MAX_PRODUCT_IMAGES = 8;

/** Body of `PUT /api/admin/products/:id/images`: the product's photos, each once, in new order. */
export interface ProductImagesOrder {
  images: string[];
}

/** Answer of `POST /api/admin/products/:id/images`: the new photo's address (full-size WebP). */
export interface ProductImageUpload {
  url: string;
}

export const MAX_QUANTITY = 10;
export const MIN_QUANTITY = 1;

/** Flat shipping of an online order, in cents: the same in checkout and in manual orders. */
export const ONLINE_SHIPPING_CENTS = 500;

/** Countries a checkout may ship to (ISO 3166-1 alpha-2). */
export const SHIPPING_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'NZ'] as const;

/**
 * One size of a product as the shop shows it (`size` null for a product without sizes).
 * `left` is how many remain when 5 or fewer, so the shop can say "Only 3 left"; else null.
 */
export interface ProductVariant {
  size: Size | null;
  available: boolean;
  left: number | null;
}

/** At or below this many left, the shop says how many and the admin's low-stock filter shows it. */
export const LOW_STOCK = 5;

/**
 * A product of the shop. `available` and `type` follow from stock alone: a product with some
 * size left (or not tracked) is 'purchase', one with nothing left is 'notify' (Notify Me).
 */
export interface Product {
  id: ProductId;
  name: string;
  description: string;
  priceInCents: number;
  available: boolean;
  sizes?: Size[];
  type: 'purchase' | 'notify';
  /**
   * Path under /assets/, an uploaded photo's medium WebP (`/media/gallery/…`), or null when the
   * product has no image yet (a placeholder is shown).
   */
  image: string | null;
  /** The uploaded photo in every size and format, or null when `image` is not an upload. */
  photo: ProductPhoto | null;
  /**
   * Every photo of the product, in her order (up to MAX_PRODUCT_IMAGES): an upload's full-size
   * WebP, or the address she gave. The first is the card's (`image` is its square).
   */
  images: string[];
  variants: ProductVariant[];
  /** On pre-order: the date (YYYY-MM-DD) it ships from; null for a product in hand. */
  preOrderUntil: string | null;
  /** 'digital' for a release downloaded: no sizes, no stock, no shipping. */
  kind: ProductKind;
  /** For 'name-your-price', `priceInCents` is the minimum and the fan chooses the amount. */
  pricing: ProductPricing;
  /** The lowest amount a fan may choose (name-your-price only), else null. */
  minPriceCents: number | null;
  /** A release's tracks, each with its `previewUrl` (null without a preview); empty for merch. */
  tracks: ReleaseTrack[];
  /** A release's cover: its first photo's square (her upload); null for merch and without one. */
  cover: string | null;
}

/**
 * One size of a product in the admin. `stock` is what the artist set: a whole number, or null
 * for not tracked (always available). Since it was set, `sold` were sold and `reserved` are held
 * by open checkouts; `left` = stock - sold - reserved (null when not tracked).
 */
export interface AdminProductVariant {
  size: Size | null;
  stock: number | null;
  reserved: number;
  sold: number;
  left: number | null;
}

export interface AdminProduct {
  id: ProductId;
  name: string;
  description: string;
  priceInCents: number;
  image: string | null;
  /** The uploaded photo, or null (see `Product.photo`). */
  photo: ProductPhoto | null;
  /** Every photo, in the shop's order (see `Product.images`). */
  images: string[];
  available: boolean;
  variants: AdminProductVariant[];
  /** The shop's order, from 1 (`PUT /api/admin/products/order`). */
  position: number;
  /**
   * When `DELETE /api/admin/products/:id` archived it (it had been ordered): gone from the shop,
   * kept on its orders; null for a product in the shop. `POST …/:id/restore` brings it back.
   */
  archivedAt: string | null;
  /** On pre-order until this date (YYYY-MM-DD), when it ships; null for a product in hand. */
  preOrderUntil: string | null;
  /**
   * A digital release's release date (YYYY-MM-DD, the artist's time zone): before it, the
   * release is out of the shop, but in the library of members with early access. Null: out now.
   */
  releaseDate: string | null;
  /** Stripe's tax code of the product (DEFAULT_TAX_CODE, apparel, unless changed). */
  taxCode: string;
  createdAt: string;
  updatedAt: string;
  kind: ProductKind;
  pricing: ProductPricing;
  minPriceCents: number | null;
  tracks: ReleaseTrack[];
  /** A release's cover (see `Product.cover`). */
  cover: string | null;
  /** The formats uploaded for a digital release (`POST /api/admin/products/:id/files`). */
  files: ReleaseFile[];
}

/**
 * POST /api/admin/products and PUT /api/admin/products/:id. Sizes: none, or the artist's own names
 * (see `sizesProblem`), in the shop's order.
 */
export interface ProductInput {
  name: string;
  description: string;
  priceInCents: number;
  image: string | null;
  sizes: Size[];
  /**
   * On pre-order until this date (YYYY-MM-DD): it can be bought (stock still applies) and ships
   * from that date. null takes it off pre-order; left out, PUT keeps what it was (POST: none).
   */
  preOrderUntil?: string | null;
  /**
   * A digital release's release date (YYYY-MM-DD): hidden from the shop until then (members with
   * early access have it that many days early). null: out now; left out, PUT keeps it.
   */
  releaseDate?: string | null;
  /** Stripe's tax code (`txcd_` and 8 digits); left out, PUT keeps it and POST takes apparel. */
  taxCode?: string;
  /** 'physical' when left out. A digital product has no sizes. */
  kind?: ProductKind;
  /** 'fixed' when left out; 'name-your-price' needs `minPriceCents`. */
  pricing?: ProductPricing;
  /** Name-your-price only: 0 or more, in cents. */
  minPriceCents?: number | null;
  tracks?: ReleaseTrack[];
}

/** Stripe's tax code for clothing, each product's unless the artist picks another. */
export const DEFAULT_TAX_CODE = 'txcd_30011000';
/** Stripe's tax code for shipping charges. */
export const SHIPPING_TAX_CODE = 'txcd_92010001';

/** Answer of `DELETE /api/admin/products/:id`: removed (never ordered) or archived. */
export interface ProductRemoval {
  outcome: 'deleted' | 'archived';
  /** The archived product; absent once deleted. */
  product?: AdminProduct;
}

/** Body of `PUT /api/admin/products/order`: every product in the shop, each once, in order. */
export interface ProductOrderInput {
  ids: ProductId[];
}

/** PUT /api/admin/products/:id/stock: one variant's stock (`size` null without sizes). */
export interface StockInput {
  size: Size | null;
  stock: number | null;
}

/**
 * Message of the 409 when a cart asks for `wanted` and only `left` are left. How many are left is
 * told only at LOW_STOCK or fewer, as the shop itself tells it: beyond, the exact count would show
 * a drop's stock to anyone who asks for more than there is.
 */
export const notEnoughStockMessage = (item: string, left: number, wanted: number) => {
  if (left === 0) return `Sorry, the ${item} just sold out. Please remove it from your cart.`;
  if (left > LOW_STOCK)
    return `Sorry, there are not enough of the ${item} left for ${wanted}. Please lower the quantity in your cart.`;
  return `Sorry, only ${left} of the ${item} ${left === 1 ? 'is' : 'are'} left. Please lower the quantity in your cart.`;
};

/** Products a visitor may ask to be notified about. */
export const NOTIFY_PRODUCT_NAMES = ['Trucker Hat', 'Sticker Pack'] as const;
export type NotifyProductName = (typeof NOTIFY_PRODUCT_NAMES)[number];

export interface CheckoutItem {
  productId: string;
  size?: string;
  quantity: number;
  /** The amount the fan chose for a name-your-price release, in cents. */
  priceCents?: number;
}

/** Body of `POST /api/create-checkout-session`. */
export interface CheckoutRequest {
  items: CheckoutItem[];
  /** Where the order ships (ISO code); `US` when left out. */
  country?: string;
  /** One of the rates of that country's zone; the zone's first when left out. */
  shippingRateId?: number;
  /** A discount code, in any case. */
  discountCode?: string;
  /** The buyer's email: needed for a code that may be used once per email. */
  email?: string;
}

export interface CheckoutResponse {
  url: string;
}

/**
 * `GET /api/checkout/mode`: `testMode` when checkout goes through the test provider, which takes
 * orders without charging a card (docs/payments.md); the shop says so in place of "Secure checkout
 * powered by Stripe".
 */
export interface CheckoutMode {
  testMode: boolean;
}

/** Most lines one checkout may hold. */
export const MAX_CHECKOUT_LINES = 10;

/**
 * Most items one checkout may hold in all; of one product and size it holds at most MAX_QUANTITY,
 * however many lines name it.
 */
export const MAX_CHECKOUT_ITEMS = 20;

/** Message of a 502 when the payment provider could not create a checkout session. */
export const CHECKOUT_FAILED_MESSAGE = 'Failed to create checkout session';

/** Message of a 503 when the site has no Stripe key and the test provider may not stand in. */
export const PAYMENTS_NOT_SET_UP_MESSAGE = 'Payments are not set up yet.';

/** Answer of `GET /api/checkout/session-status?session_id=…` on the return from checkout. */
export interface CheckoutSessionStatus {
  paid: boolean;
  /** The checkout session's state at the payment provider. */
  status: 'open' | 'complete' | 'expired';
  /**
   * Once paid: the order it made, for the buyer's receipt on the site. The whole receipt within
   * RECEIPT_DETAILS_HOURS of the order or to the browser that checked out; afterwards, to anyone
   * else holding the link, the order number and items only.
   */
  order?: CheckoutReceipt | CheckoutReceiptSummary;
}

/** How long after an order anyone holding its receipt link sees the whole receipt. */
export const RECEIPT_DETAILS_HOURS = 24;

/** What a receipt link shows anyone once RECEIPT_DETAILS_HOURS have passed. */
export interface CheckoutReceiptSummary {
  /** The order number the admin and the emails use, such as '#42'. */
  number: string;
  /** `preOrderUntil`: the line is a pre-order that ships from that date (YYYY-MM-DD). */
  items: { name: string; quantity: number; price: number; preOrderUntil?: string }[];
}

/** The buyer's receipt: what the confirmation email says too. Money in cents. */
export interface CheckoutReceipt extends CheckoutReceiptSummary {
  subtotal: number;
  /** Taken off by a discount code (0 without one). */
  discount: number;
  /** The discount code used, or null. */
  discountCode: string | null;
  shipping: number;
  /** Sales tax Stripe Tax added (0 without it). */
  tax: number;
  total: number;
  /** Where it ships; null when nothing ships. */
  shippingAddress: ShippingAddress | null;
  /** The order's lines as recorded. */
  lines: OrderLine[];
  /** One link per format of each release bought (a paid order's; a free order's are emailed). */
  downloads?: DownloadLink[];
  /**
   * A free order of releases: where its links were emailed, the address masked ("Your download
   * links are on their way to f***@example.org"). Its links are never on the receipt, as anyone
   * can place one with anyone's address.
   */
  downloadsNote?: string;
}

/** True for the whole receipt, false for the summary shown to others after a day. */
/**
 * The site's long date: '2027-03-01' as 'March 1, 2027' (the calendar date, whatever the zone).
 * Options, not a built `Intl.DateTimeFormat`: building one when the module loads cost every page
 * that imports the contracts (the shell's start-up included) tens of milliseconds on a phone,
 * for a date few pages show.
 */
const LONG_DATE: Intl.DateTimeFormatOptions = {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
};

/**
 * What the shop, cart, Stripe's page, receipt and emails say of a pre-order line:
 * "Pre-order — ships from March 1, 2027".
 */
export function preOrderNote(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  return `Pre-order — ships from ${Number.isNaN(at.getTime()) ? date : at.toLocaleDateString('en-US', LONG_DATE)}`;
}

export const isWholeReceipt = (
  order: CheckoutReceipt | CheckoutReceiptSummary,
): order is CheckoutReceipt => 'shippingAddress' in order;
