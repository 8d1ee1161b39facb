import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  MAX_PRODUCT_IMAGES,
  type AdminProduct,
  type ProductImageUpload,
  type ProductPhoto,
} from '@artist/contracts';
import { Transactions } from '../../database/transaction.js';
import { GalleryUploads, type UploadedPhoto } from '../gallery/index.js';
import { CatalogService, imageColumns, imagesOf, toAdminProduct } from './catalog.service.js';
import { PRODUCT_NOT_FOUND, PRODUCT_PHOTO_BOX, photoUrls } from './inventory.service.js';
import { ProductRecord, type StoredImage } from './product.entity.js';

export const NO_IMAGE_FILE = 'Choose a photo to upload (the file field is named file).';
export const TOO_MANY_IMAGES = `A product has at most ${MAX_PRODUCT_IMAGES} photos: remove one before adding another.`;
export const noImageAt = (index: string, count: number) =>
  count === 0
    ? `This product has no photos; there is no photo ${index} to remove.`
    : `This product has ${count} photo${count === 1 ? '' : 's'}, numbered from 0 to ${count - 1}; there is no photo ${index}.`;
export const IMAGES_ORDER_MESSAGE =
  "images must list each of the product's photo addresses once, in the new order.";

/**
 * A product's photos (up to MAX_PRODUCT_IMAGES), in her order: added one upload at a time through
 * the gallery's pipeline, removed by place, reordered. The first is the card's photo (`image`
 * and `photo` follow it). Each change reads and writes the product's list under a lock on its
 * row (SQLite's writes take turns), so uploads at once can never make more than the most.
 */
@Injectable()
export class ProductImagesService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly uploads: GalleryUploads,
    private readonly transactions: Transactions,
  ) {}

  /** POST /api/admin/products/:id/images: one more photo, last. */
  async add(productId: string, file: UploadedPhoto | undefined): Promise<ProductImageUpload> {
    if (!file) throw new BadRequestException(NO_IMAGE_FILE);
    const known = await this.catalog.findStored(productId);
    if (!known) throw new NotFoundException(PRODUCT_NOT_FOUND);
    if (imagesOf(known.product).length >= MAX_PRODUCT_IMAGES)
      throw new BadRequestException(TOO_MANY_IMAGES);
    const staged = await this.uploads.stage(file, PRODUCT_PHOTO_BOX);
    const photo: ProductPhoto = { medium: staged.medium, full: staged.full };
    try {
      await this.change(productId, (images) => {
        if (images.length >= MAX_PRODUCT_IMAGES) throw new BadRequestException(TOO_MANY_IMAGES);
        return [...images, { url: photo.full.webp, photo }];
      });
    } catch (error) {
      await staged.files.discard();
      throw error;
    }
    return { url: photo.full.webp };
  }

  /** DELETE /api/admin/products/:id/images/:index: the photo at that place (from 0) goes. */
  async remove(productId: string, index: string): Promise<AdminProduct> {
    let removed: StoredImage | undefined;
    const product = await this.change(productId, (images) => {
      const at = /^\d{1,2}$/.test(index) ? Number(index) : -1;
      if (at < 0 || at >= images.length)
        throw new BadRequestException(noImageAt(index.slice(0, 20), images.length));
      removed = images[at];
      return images.filter((_, i) => i !== at);
    });
    if (removed?.photo)
      await this.uploads.remove(photoUrls(removed.photo), `product ${productId} photo`);
    return product;
  }

  /** PUT /api/admin/products/:id/images: the same photos in a new order; the first is the card's. */
  reorder(productId: string, urls: string[]): Promise<AdminProduct> {
    return this.change(productId, (images) => {
      const byUrl = new Map(images.map((image) => [image.url, image]));
      if (urls.length !== images.length || new Set(urls).size !== urls.length)
        throw new BadRequestException(IMAGES_ORDER_MESSAGE);
      return urls.map((url) => {
        const image = byUrl.get(url);
        if (!image) throw new BadRequestException(IMAGES_ORDER_MESSAGE);
        return image;
      });
    });
  }

  /** Reads the product's photos under a lock on its row, and writes what `next` makes of them. */
  private async change(
    productId: string,
    next: (images: StoredImage[]) => StoredImage[],
  ): Promise<AdminProduct> {
    const stored = await this.transactions.run(async (manager) => {
      const product = await locked(manager, productId);
      if (!product) throw new NotFoundException(PRODUCT_NOT_FOUND);
      const images = next(imagesOf(product));
      await manager.update(
        ProductRecord,
        { id: productId },
        { ...imageColumns(images), updatedAt: new Date() },
      );
      return (await this.catalog.findStored(productId, manager))!;
    });
    return toAdminProduct(stored);
  }
}

/** The product's row, locked for the rest of the transaction on MySQL/MariaDB. */
function locked(manager: EntityManager, id: string): Promise<ProductRecord | null> {
  const qb = manager.createQueryBuilder(ProductRecord, 'p').where('p.id = :id', { id });
  if (manager.connection.options.type !== 'better-sqlite3') qb.setLock('pessimistic_write');
  return qb.getOne();
}
