import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import {
  LOW_STOCK,
  type AdminProduct,
  type AdminProductVariant,
  type Product,
  type ProductKind,
  type ProductPricing,
  type ProductVariant,
  type Size,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { PublicAnswers, type PublicAnswer } from '../../database/public-answers.js';
import { ProductRecord, ProductVariantRecord, type StoredImage } from './product.entity.js';
import { ReleaseFileRecord } from './release-file.entity.js';

/** A variant's counts as a checkout reads them. */
export type VariantCounts = Pick<
  ProductVariantRecord,
  'id' | 'size' | 'stock' | 'sold' | 'reserved'
>;

/** What checkout needs of a product: its price and name, and its variants with their counts. */
export interface CheckoutProduct {
  id: string;
  name: string;
  priceInCents: number;
  /** On pre-order until this date (YYYY-MM-DD), or null. */
  preOrderUntil: string | null;
  /** A release out of the shop until this date (YYYY-MM-DD), or null. */
  releaseDate: string | null;
  /** Stripe's tax code. */
  taxCode: string;
  variants: VariantCounts[];
  /** 'physical' and 'fixed' when left out. */
  kind?: ProductKind;
  pricing?: ProductPricing;
  minPriceCents?: number | null;
}

/** A product as stored, with its variants in the shop's order. */
export interface StoredProduct {
  product: ProductRecord;
  variants: ProductVariantRecord[];
  /** A digital release's formats, in the order uploaded. */
  files?: ReleaseFileRecord[];
}

/** The tables `GET /api/products` is read from. */
const PUBLIC_PRODUCT_TABLES = ['products', 'product_variants', 'release_files'];

/** What is left of a variant: null when not tracked, never below 0. */
export const leftOf = (v: Pick<ProductVariantRecord, 'stock' | 'sold' | 'reserved'>) =>
  v.stock === null ? null : Math.max(0, v.stock - v.sold - v.reserved);

/** In the shop on `today`: not archived, and not a release before its release date. */
export const inShop = (
  product: Pick<ProductRecord, 'archivedAt' | 'releaseDate'>,
  today: string,
): boolean =>
  product.archivedAt === null && (product.releaseDate === null || product.releaseDate <= today);

/** A variant can be bought when it is not tracked or some are left. */
export const variantAvailable = (v: ProductVariantRecord) => {
  const left = leftOf(v);
  return left === null || left > 0;
};

export const sizeOf = (v: Pick<ProductVariantRecord, 'size'>): Size | null =>
  v.size === '' ? null : (v.size as Size);

/** The stored size of a variant: '' for a product without sizes. */
export const storedSize = (size: string | null | undefined) => size ?? '';

/** The line name of an order item: "Wren Calloway T-Shirt - L", or the name alone. */
export const lineName = (productName: string, size: string | null) =>
  size ? `${productName} - ${size}` : productName;

/**
 * The one product catalogue, in the database: what the storefront shows and what checkout
 * charges both come from here, so a price can never differ between the two. Whether a product
 * can be bought follows from its variants' stock alone.
 */
@Injectable()
export class CatalogService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly answers: PublicAnswers,
    private readonly clock: Clock,
  ) {}

  /** Every product with its variants, in the shop's order. */
  async stored(manager: EntityManager = this.dataSource.manager): Promise<StoredProduct[]> {
    const products = await manager.find(ProductRecord, { order: { position: 'ASC', id: 'ASC' } });
    return this.withVariants(products, manager);
  }

  async withVariants(
    products: ProductRecord[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<StoredProduct[]> {
    if (products.length === 0) return [];
    const variants = await manager.find(ProductVariantRecord, {
      where: { productId: In(products.map((p) => p.id)) },
      order: { position: 'ASC', id: 'ASC' },
    });
    const releases = products.filter((p) => p.kind === 'digital').map((p) => p.id);
    const files = releases.length
      ? await manager.find(ReleaseFileRecord, {
          where: { productId: In(releases) },
          order: { id: 'ASC' },
        })
      : [];
    return products.map((product) => ({
      product,
      variants: variants.filter((v) => v.productId === product.id),
      files: files.filter((f) => f.productId === product.id),
    }));
  }

  async findStored(
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<StoredProduct | undefined> {
    const product = await manager.findOneBy(ProductRecord, { id });
    return product ? (await this.withVariants([product], manager))[0] : undefined;
  }

  /**
   * A product and its variants' counts in one query, for checkout: during a drop every buyer
   * asks, so it is plain SQL on the indexed keys rather than two entity reads.
   */
  async forCheckout(id: string): Promise<CheckoutProduct | undefined> {
    const rows = (await this.dataSource.query(
      `SELECT p.id AS productId, p.name AS name, p.priceInCents AS priceInCents, p.preOrderUntil AS preOrderUntil, p.releaseDate AS releaseDate, p.taxCode AS taxCode,
              p.kind AS kind, p.pricing AS pricing, p.minPriceCents AS minPriceCents,
              v.id AS variantId, v.size AS size, v.stock AS stock, v.sold AS sold, v.reserved AS reserved
         FROM products p LEFT JOIN product_variants v ON v.productId = p.id
        WHERE p.id = ? AND p.archivedAt IS NULL
        ORDER BY v.position, v.id`,
      [id],
    )) as CheckoutRow[];
    const first = rows[0];
    if (!first) return undefined;
    const count = (value: number | string | null) => (value === null ? null : Number(value));
    return {
      id: first.productId,
      name: first.name,
      priceInCents: Number(first.priceInCents),
      preOrderUntil: first.preOrderUntil ?? null,
      releaseDate: first.releaseDate ?? null,
      taxCode: first.taxCode,
      kind: first.kind,
      pricing: first.pricing,
      minPriceCents: first.minPriceCents === null ? null : Number(first.minPriceCents),
      variants: rows
        .filter((row) => row.variantId !== null)
        .map((row) => ({
          id: Number(row.variantId),
          size: row.size ?? '',
          stock: count(row.stock),
          sold: Number(row.sold),
          reserved: Number(row.reserved),
        })),
    };
  }

  /**
   * The products in the shop, in its order: not archived, and not a release before its release
   * date (`today`, the artist's, by default).
   */
  async list(today: string = this.clock.today()): Promise<Product[]> {
    return (await this.stored())
      .filter(({ product }) => inShop(product, today))
      .map(toPublicProduct);
  }

  /**
   * `GET /api/products`, kept in memory as sent until a table it is read from is written: a
   * product, a release's files, or a size's stock, sold or reserved count (a checkout's hold, its
   * release or sale, a refund, a restock), here at once, on another instance within
   * SHARED_VERSIONS_READ_MS; and read again when the artist's date changes, so a release is in
   * the shop from its release date without an edit. Nothing else goes into it: not the visitor.
   */
  publicAnswer(): PublicAnswer<Product[]> | Promise<PublicAnswer<Product[]>> {
    const today = this.clock.today();
    return this.answers.get('products', PUBLIC_PRODUCT_TABLES, today, () => this.list(today));
  }

  async find(id: string): Promise<Product | undefined> {
    const stored = await this.findStored(id);
    return stored && inShop(stored.product, this.clock.today())
      ? toPublicProduct(stored)
      : undefined;
  }

  /**
   * The product and size an order line names ("Wren Calloway T-Shirt - XL", "Trucker Hat"), as
   * checkout and the merch table name them; undefined for a line that is no catalogue variant.
   */
  async findByLineName(
    name: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ product: ProductRecord; variant: ProductVariantRecord } | undefined> {
    for (const { product, variants } of await this.stored(manager)) {
      const variant = variants.find((v) => lineName(product.name, sizeOf(v)) === name.trim());
      if (variant) return { product, variant };
    }
    return undefined;
  }

  /** The products of some ids (those that exist), read through `manager`. */
  productsByIds(manager: EntityManager, ids: string[]): Promise<ProductRecord[]> {
    return manager.findBy(ProductRecord, { id: In(ids) });
  }

  /** A product, or null when there is none of this id, read through `manager`. */
  productById(manager: EntityManager, id: string): Promise<ProductRecord | null> {
    return manager.findOneBy(ProductRecord, { id });
  }

  /**
   * The ids of the shop's releases (not archived) that have a file to download and are out by
   * `releasedBy` (YYYY-MM-DD); of those, only the ones released after `releasedAfter` when given
   * (an undated release is out already).
   */
  async releaseIdsWithFiles(
    manager: EntityManager,
    { releasedBy, releasedAfter = null }: { releasedBy: string; releasedAfter?: string | null },
  ): Promise<string[]> {
    const query = manager
      .getRepository(ProductRecord)
      .createQueryBuilder('p')
      .select('p.id', 'id')
      .where('p.archivedAt IS NULL')
      .andWhere('EXISTS (SELECT 1 FROM release_files f WHERE f.productId = p.id)')
      .andWhere('(p.releaseDate IS NULL OR p.releaseDate <= :releasedBy)', { releasedBy });
    if (releasedAfter !== null) {
      query.andWhere('p.releaseDate > :releasedAfter', { releasedAfter });
    }
    const rows: { id: string }[] = await query.getRawMany();
    return rows.map((row) => row.id);
  }

  /** The id of the shop's product (not archived) of this name, or null. */
  shopProductIdNamed(name: string): Promise<Pick<ProductRecord, 'id'> | null> {
    return this.dataSource
      .getRepository(ProductRecord)
      .findOne({ where: { name, archivedAt: IsNull() }, select: { id: true } });
  }
}

interface CheckoutRow {
  productId: string;
  name: string;
  priceInCents: number | string;
  preOrderUntil: string | null;
  releaseDate: string | null;
  taxCode: string;
  kind: ProductKind;
  pricing: ProductPricing;
  minPriceCents: number | string | null;
  variantId: number | string | null;
  size: string | null;
  stock: number | string | null;
  sold: number | string;
  reserved: number | string;
}

/**
 * A product's photos in order: its list, or for a product made before photos were a list, its
 * one image (an upload's full size).
 */
export function imagesOf(
  product: Pick<ProductRecord, 'images' | 'image' | 'photo'>,
): StoredImage[] {
  if (product.images) return product.images;
  if (product.image === null) return [];
  return [{ url: product.photo?.full.webp ?? product.image, photo: product.photo }];
}

/** The columns that follow from a product's photos: the list, and the first as the card's. */
export function imageColumns(
  images: StoredImage[],
): Pick<ProductRecord, 'images' | 'image' | 'photo'> {
  const first = images[0];
  return {
    images,
    image: first ? (first.photo?.medium.webp ?? first.url) : null,
    photo: first?.photo ?? null,
  };
}

export function toPublicProduct({ product, variants }: StoredProduct): Product {
  const sizes = variants.map(sizeOf).filter((s): s is Size => s !== null);
  const available = variants.some(variantAvailable);
  const publicVariants: ProductVariant[] = variants.map((v) => {
    const left = leftOf(v);
    return {
      size: sizeOf(v),
      available: variantAvailable(v),
      left: left !== null && left <= LOW_STOCK ? left : null,
    };
  });
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    priceInCents: product.priceInCents,
    available,
    ...(sizes.length ? { sizes } : {}),
    type: available ? 'purchase' : 'notify',
    image: product.image,
    photo: product.photo,
    images: imagesOf(product).map((i) => i.url),
    variants: publicVariants,
    preOrderUntil: product.preOrderUntil,
    ...releaseFields(product),
  };
}

export function toAdminProduct({ product, variants, files }: StoredProduct): AdminProduct {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    priceInCents: product.priceInCents,
    image: product.image,
    photo: product.photo,
    images: imagesOf(product).map((i) => i.url),
    available: variants.some(variantAvailable),
    variants: variants.map((v): AdminProductVariant => ({
      size: sizeOf(v),
      stock: v.stock,
      reserved: v.reserved,
      sold: v.sold,
      left: leftOf(v),
    })),
    position: product.position,
    archivedAt: product.archivedAt?.toISOString() ?? null,
    preOrderUntil: product.preOrderUntil,
    releaseDate: product.releaseDate,
    taxCode: product.taxCode,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    ...releaseFields(product),
    files: (files ?? []).map(({ id, format, bytes }) => ({ id, format, bytes })),
  };
}

/**
 * Where a track's preview streams; the stored file's name in the query, so a new preview is a new
 * address and a browser's cached copy of the one before is never played for it.
 */
export const previewUrl = (productId: string, index: number, key: string) =>
  `/api/products/${productId}/tracks/${index}/preview?v=${encodeURIComponent(
    key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('.')).slice(0, 8),
  )}`;

/**
 * What a product says of being a release: its kind, pricing, lowest price, tracks (each with
 * where its preview streams) and cover (its first photo's square).
 */
function releaseFields(product: ProductRecord) {
  return {
    kind: product.kind,
    pricing: product.pricing,
    minPriceCents: product.pricing === 'name-your-price' ? (product.minPriceCents ?? 0) : null,
    tracks: (product.tracks ?? []).map((track, index) => ({
      title: track.title,
      durationSeconds: track.durationSeconds,
      previewUrl: track.preview ? previewUrl(product.id, index, track.preview.key) : null,
    })),
    cover: product.kind === 'digital' ? product.image : null,
  };
}
