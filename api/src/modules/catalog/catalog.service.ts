import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  LOW_STOCK,
  SIZES,
  type AdminProduct,
  type AdminProductVariant,
  type Product,
  type ProductVariant,
  type Size,
} from '@artist/contracts';
import { ProductRecord, ProductVariantRecord } from './product.entity.js';

/** A product as stored, with its variants in the shop's order. */
export interface StoredProduct {
  product: ProductRecord;
  variants: ProductVariantRecord[];
}

/** What is left of a variant: null when not tracked, never below 0. */
export const leftOf = (v: Pick<ProductVariantRecord, 'stock' | 'sold' | 'reserved'>) =>
  v.stock === null ? null : Math.max(0, v.stock - v.sold - v.reserved);

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
  constructor(private readonly dataSource: DataSource) {}

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
    return products.map((product) => ({
      product,
      variants: variants.filter((v) => v.productId === product.id),
    }));
  }

  async findStored(
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<StoredProduct | undefined> {
    const product = await manager.findOneBy(ProductRecord, { id });
    return product ? (await this.withVariants([product], manager))[0] : undefined;
  }

  /** GET /api/products. */
  async list(): Promise<Product[]> {
    return (await this.stored()).map(toPublicProduct);
  }

  async find(id: string): Promise<Product | undefined> {
    const stored = await this.findStored(id);
    return stored && toPublicProduct(stored);
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
    ...(sizes.length ? { sizes: SIZES.filter((s) => sizes.includes(s)) } : {}),
    type: available ? 'purchase' : 'notify',
    image: product.image,
    variants: publicVariants,
  };
}

export function toAdminProduct({ product, variants }: StoredProduct): AdminProduct {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    priceInCents: product.priceInCents,
    image: product.image,
    available: variants.some(variantAvailable),
    variants: variants.map((v): AdminProductVariant => ({
      size: sizeOf(v),
      stock: v.stock,
      reserved: v.reserved,
      sold: v.sold,
      left: leftOf(v),
    })),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}
