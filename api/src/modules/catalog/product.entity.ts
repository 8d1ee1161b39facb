import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ProductKind, ProductPhoto, ProductPricing } from '@artist/contracts';
import { EpochMsColumn } from '../../database/epoch-ms.js';
import { DateTimeColumn, CreatedAtColumn, UpdatedAtColumn } from '../../database/datetime.js';

/** The photo's files as JSON text. */
const photoJson = {
  to: (value: ProductPhoto | null | undefined) =>
    value === undefined ? undefined : value === null ? null : JSON.stringify(value),
  from: (value: string | null) => (value === null ? null : (JSON.parse(value) as ProductPhoto)),
};

/** One photo of a product: its address, and the upload's files when it was uploaded. */
export interface StoredImage {
  /** The upload's full-size WebP, or the path under /assets/ or https address she gave. */
  url: string;
  photo: ProductPhoto | null;
}

/** A product's photos as JSON text. */
const imagesJson = {
  to: (value: StoredImage[] | null | undefined) =>
    value === undefined ? undefined : value === null ? null : JSON.stringify(value),
  from: (value: string | null) => (value === null ? null : (JSON.parse(value) as StoredImage[])),
};

/** A track's preview as stored: its key in storage, its audio type and size. */
export interface StoredPreview {
  key: string;
  contentType: string;
  bytes: number;
}

/** A release's track as stored, with its preview when one was uploaded. */
export interface StoredTrack {
  title: string;
  durationSeconds: number;
  preview?: StoredPreview;
}

/** A release's tracks as JSON text. */
const tracksJson = {
  to: (value: StoredTrack[] | null | undefined) =>
    value === undefined ? undefined : value === null ? null : JSON.stringify(value),
  from: (value: string | null) => (value === null ? null : (JSON.parse(value) as StoredTrack[])),
};

/** A product of the shop. Whether it can be bought follows from its variants' stock. */
@Entity('products')
export class ProductRecord {
  /** 'tshirt', 'hat', or lower-case words joined by '-' for the artist's own products. */
  @PrimaryColumn({ type: 'varchar', length: 60 })
  id: string;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'integer' })
  priceInCents: number;

  /** Path under /assets/ or an https URL; null shows a placeholder. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  image: string | null;

  /** The shop's order of products. */
  @Column({ type: 'integer', default: 0 })
  position: number;

  /**
   * The photo uploaded from the admin, as the gallery's pipeline made it (its files' addresses
   * and sizes); null when `image` is not an upload. `image` then holds its medium WebP.
   */
  @Column({ type: 'text', nullable: true, transformer: photoJson })
  photo: ProductPhoto | null;

  /** When it was taken out of the shop, having been ordered; null while in the shop. */
  @DateTimeColumn({ nullable: true })
  archivedAt: Date | null;

  /** On pre-order: the date (YYYY-MM-DD) it ships from; null for a product in hand. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  preOrderUntil: string | null;

  /**
   * A release's release date (YYYY-MM-DD, the artist's time zone): out of the shop before it,
   * but early in the library of members with early access; null for one out now (and merch).
   */
  @Column({ type: 'varchar', length: 10, nullable: true })
  releaseDate: string | null;

  /** Stripe's tax code of the product, sent when Stripe Tax is on. */
  @Column({ type: 'varchar', length: 30, default: 'txcd_30011000' })
  taxCode: string;

  @CreatedAtColumn()
  createdAt: Date;

  @UpdatedAtColumn()
  updatedAt: Date;

  /** 'digital': a release downloaded, with one variant ('') never tracked and no shipping. */
  @Column({ type: 'varchar', length: 10, default: 'physical' })
  kind: ProductKind;

  /** 'name-your-price': the fan chooses the amount, from `minPriceCents` (`priceInCents` too). */
  @Column({ type: 'varchar', length: 20, default: 'fixed' })
  pricing: ProductPricing;

  @Column({ type: 'integer', nullable: true })
  minPriceCents: number | null;

  /**
   * The product's photos in the shop's order (at most MAX_PRODUCT_IMAGES); the first is the
   * card's, mirrored in `image` and `photo`. Null for a product made before photos were a list:
   * then `image` alone is its photo.
   */
  @Column({ type: 'text', nullable: true, transformer: imagesJson })
  images: StoredImage[] | null;

  /** A release's tracks as JSON text; null for merch. */
  @Column({ type: 'text', nullable: true, transformer: tracksJson })
  tracks: StoredTrack[] | null;
}

/**
 * One size of a product ('' for a product without sizes). `stock` is what the artist set (null:
 * not tracked, always available); since then `sold` were sold and `reserved` are held by open
 * checkouts, so `stock - sold - reserved` are left. Every change is one conditional UPDATE, so
 * concurrent checkouts can never take more than is left.
 */
@Entity('product_variants')
@Index('IDX_product_variants_productId_size', ['productId', 'size'], { unique: true })
export class ProductVariantRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 60 })
  productId: string;

  @Column({ type: 'varchar', length: 12, default: '' })
  size: string;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'integer', nullable: true })
  stock: number | null;

  @Column({ type: 'integer', default: 0 })
  reserved: number;

  @Column({ type: 'integer', default: 0 })
  sold: number;
}

export type ReservationState = 'held' | 'released' | 'sold';

/**
 * Quantities a checkout session holds until it is paid (sold) or expires (released). The state
 * changes once, by a conditional UPDATE, so a repeated or late webhook cannot count twice.
 */
@Entity('stock_reservations')
@Index('IDX_stock_reservations_sessionId_variantId', ['sessionId', 'variantId'], { unique: true })
@Index('IDX_stock_reservations_state_expiresAt', ['state', 'expiresAt'])
@Index('IDX_stock_reservations_client_state', ['client', 'state'])
export class StockReservation {
  @PrimaryGeneratedColumn()
  id: number;

  /** The checkout session's id; a 'pending:' key while the provider is creating it. */
  @Column({ type: 'varchar', length: 255 })
  sessionId: string;

  @Column({ type: 'integer' })
  variantId: number;

  @Column({ type: 'integer' })
  quantity: number;

  @Column({ type: 'varchar', length: 10, default: 'held' })
  state: ReservationState;

  /**
   * The client address whose checkout holds it (as `clientKey` counts it): what one address may
   * hold of a size at once is capped. Null for holds made before it was recorded.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  client: string | null;

  /** When the session stops taking payment (epoch ms); a held row past it is checked and freed. */
  @EpochMsColumn()
  expiresAt: number;

  @CreatedAtColumn()
  createdAt: Date;
}
