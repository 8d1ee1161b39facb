import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { DataSource, In, MoreThan, type EntityManager } from 'typeorm';
import {
  LOW_STOCK,
  normalSize,
  notEnoughStockMessage,
  type AdminProduct,
  type ProductPhoto,
  type ProductRemoval,
  type ProductInput,
  type ProductListFilter,
  type ProductSort,
  type Size,
  type StockInput,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { DomainEvents } from '../../common/domain-events.js';
import type { ListDefinition } from '../../lists/list.js';
import { TooManyRequestsException } from '../../common/too-many-requests.js';
import { Transactions } from '../../database/transaction.js';
import { GalleryUploads, type UploadedPhoto } from '../gallery/index.js';
import { minutesOf } from '../rate-limit/index.js';
import {
  CatalogService,
  imageColumns,
  imagesOf,
  leftOf,
  lineName,
  sizeOf,
  storedSize,
  toAdminProduct,
  type StoredProduct,
  type VariantCounts,
} from './catalog.service.js';
import { releaseColumns, DIGITAL_STOCK_MESSAGE } from './release-input.js';
import { ProductRecord, ProductVariantRecord, StockReservation } from './product.entity.js';

/** The addresses of a photo's four files. */
export const photoUrls = (photo: ProductPhoto | null): string[] =>
  photo
    ? [photo.medium.webp, photo.medium.avif, photo.full.webp, photo.full.avif].filter(
        (url): url is string => url !== null,
      )
    : [];

/** One line of a cart to hold: a product's size and how many. */
export interface ReserveLine {
  productId: string;
  size: string | null;
  quantity: number;
  /** How the line is named to the buyer, e.g. "Wren Calloway T-Shirt - M". */
  name: string;
  /** The variant it takes, with its counts as read just before (`CatalogService.forCheckout`). */
  variant: VariantCounts;
}

/** The shop's square for a product photo: the medium image is cropped to it. */
export const PRODUCT_PHOTO_BOX = { width: 600, height: 600 } as const;

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const NO_PRODUCT_PHOTO = 'Choose a photo to upload (the file field is named photo).';

/** Who holds a cart: the client address (`clientKey`) and the most it may hold of one size. */
export interface Holder {
  client: string;
  most: number;
}

/** Key of the reservations of a checkout whose provider session does not exist yet. */
export const pendingKey = (id: string) => `pending:${id}`;

/**
 * Stock and its reservations. Every change to a variant's counts is one conditional UPDATE
 * (`stock - sold - reserved >= quantity` for a hold), so checkouts at once can never take more
 * than is left; a reservation changes state once (held to sold or released), so a repeated or
 * late webhook cannot count twice. `sold + reserved + left` always equals the stock the artist set.
 */
@Injectable()
export class InventoryService {
  private readonly logger = new Logger(InventoryService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
    private readonly uploads: GalleryUploads,
    private readonly transactions: Transactions,
    private readonly events: DomainEvents,
  ) {
    uploads.addOwner(async () => {
      const rows = await this.dataSource
        .getRepository(ProductRecord)
        .find({ select: { id: true, photo: true, images: true } });
      return rows.flatMap((row) => [
        ...photoUrls(row.photo),
        ...(row.images ?? []).flatMap((image) => photoUrls(image.photo)),
      ]);
    });
    // A paid checkout's holds are sold; a sale entered by hand takes its lines from stock.
    events.on('OrderPaid', async (manager, { order, heldBy }) => {
      if (heldBy === null) return this.takeForMerchTable(manager, order.lineItems);
      await this.sell(manager, heldBy);
      return [];
    });
    events.on('OrderRestocked', (manager, { items }) => this.putBack(manager, items));
  }

  /** The sizes a product comes in, in the shop's order; empty for one without sizes. */
  async sizesOf(productId: string): Promise<Size[]> {
    const stored = await this.catalog.findStored(productId);
    return (stored?.variants ?? []).map(sizeOf).filter((size): size is Size => size !== null);
  }

  /**
   * Holds a cart's quantities under `key` until `expiresAt`, all or none: a line asking for more
   * than is left is refused with 409 naming the item (and how many are left, at LOW_STOCK or
   * fewer). The holder's address may hold at most `holder.most` of a size across its open
   * checkouts, this one included: beyond, 429 with the wait until enough of its holds lapse. What
   * the address holds is counted, and the cart held, under a lock per address, so checkouts it
   * sends at once cannot each see room.
   */
  async reserve(
    key: string,
    lines: ReserveLine[],
    expiresAt: number,
    holder: Holder,
  ): Promise<void> {
    const wanted = new Map<number, ReserveLine>();
    for (const line of lines) {
      const seen = wanted.get(line.variant.id);
      wanted.set(
        line.variant.id,
        seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line },
      );
    }
    // A line already sold out by the counts just read is refused without a write: during a drop
    // most buyers are, and on SQLite every hold waits its turn to write. The conditional update
    // below stays the authority for those that pass.
    for (const line of wanted.values()) {
      const left = leftOf(line.variant);
      if (left !== null && left < line.quantity)
        throw new ConflictException(notEnoughStockMessage(line.name, left, line.quantity));
    }
    const short = await this.transactions
      .withNamedLock(`stock-hold:${holder.client}`, (locked) =>
        this.transactions.run(locked, async (manager) => {
          await this.checkHolderRoom(manager, holder, [...wanted.values()]);
          for (const line of wanted.values()) {
            const tracked = line.variant.stock !== null;
            if (!tracked || !(await this.hold(manager, line))) {
              // Not tracked when read, or the hold was refused: the variant as it is now decides.
              const variant = await manager.findOneBy(ProductVariantRecord, {
                id: line.variant.id,
              });
              if (!variant) throw new BadRequestException(`${line.name} is not in the shop.`);
              if (variant.stock === null) continue;
              if (tracked || !(await this.hold(manager, line))) {
                // Undo this cart's other holds; how many are left is read once the transaction is
                // over (MySQL's snapshot inside it would show the count from before other buyers').
                throw new NotEnoughStock(variant.id, line.name, line.quantity);
              }
            }
            await manager.insert(StockReservation, {
              sessionId: key,
              variantId: line.variant.id,
              quantity: line.quantity,
              state: 'held',
              client: holder.client,
              expiresAt,
            });
          }
          return null;
        }),
      )
      .catch((error: unknown) => {
        if (error instanceof NotEnoughStock) return error;
        throw error;
      });
    if (short) {
      const variant = await this.dataSource
        .getRepository(ProductVariantRecord)
        .findOneByOrFail({ id: short.variantId });
      throw new ConflictException(
        notEnoughStockMessage(short.itemName, leftOf(variant) ?? 0, short.wanted),
      );
    }
  }

  /**
   * Refuses (429) a cart that would take the holder's address past `holder.most` of a size across
   * its open holds (held, not yet expired), with the wait until enough of those lapse.
   */
  private async checkHolderRoom(
    manager: EntityManager,
    holder: Holder,
    lines: ReserveLine[],
  ): Promise<void> {
    const now = this.clock.now().getTime();
    const open = await manager.find(StockReservation, {
      select: { variantId: true, quantity: true, expiresAt: true },
      where: {
        client: holder.client,
        state: 'held',
        variantId: In(lines.map((line) => line.variant.id)),
        expiresAt: MoreThan(now),
      },
      order: { expiresAt: 'ASC' },
    });
    for (const line of lines) {
      const mine = open.filter((row) => row.variantId === line.variant.id);
      const held = mine.reduce((sum, row) => sum + row.quantity, 0);
      const over = held + line.quantity - holder.most;
      if (over <= 0) continue;
      // The earliest holds lapse first: wait until enough of them have.
      let freed = 0;
      const lapse = mine.find((row) => (freed += row.quantity) >= over)!;
      const waitSeconds = Math.max(1, Math.ceil((lapse.expiresAt - now) / 1000));
      throw new TooManyRequestsException(
        holderLimitMessage(line.name, held, holder.most, waitSeconds),
        waitSeconds,
      );
    }
  }

  /** Holds a line's quantity when that many are left of a tracked variant; answers whether. */
  private async hold(manager: EntityManager, line: ReserveLine): Promise<boolean> {
    const held = await manager
      .createQueryBuilder()
      .update(ProductVariantRecord)
      .set({ reserved: () => 'reserved + :quantity' })
      .where('id = :id AND stock IS NOT NULL AND stock - sold - reserved >= :quantity', {
        id: line.variant.id,
        quantity: line.quantity,
      })
      .execute();
    return held.affected === 1;
  }

  /** The provider's session id replaces the key the reservations were made under. */
  async attach(key: string, sessionId: string): Promise<void> {
    await this.dataSource
      .getRepository(StockReservation)
      .update({ sessionId: key, state: 'held' }, { sessionId });
  }

  /** Gives back what a session held (expired, failed, cancelled); answers how many rows. */
  async release(sessionId: string, manager?: EntityManager): Promise<number> {
    const work = async (m: EntityManager) => {
      let released = 0;
      for (const row of await m.findBy(StockReservation, { sessionId, state: 'held' })) {
        if (!(await this.claim(m, row, 'held', 'released'))) continue;
        await m
          .createQueryBuilder()
          .update(ProductVariantRecord)
          .set({ reserved: () => 'reserved - :quantity' })
          .where('id = :id', { id: row.variantId, quantity: row.quantity })
          .execute();
        released++;
      }
      return released;
    };
    return manager ? work(manager) : this.transactions.run(work);
  }

  /**
   * A paid session's holds become sales, in the transaction that makes its order. A hold already
   * released (a payment that arrived after its session was given up) is sold from what is left,
   * counting more in stock if none are, so stock never goes below zero.
   */
  async sell(manager: EntityManager, sessionId: string): Promise<void> {
    const rows = await manager.findBy(StockReservation, {
      sessionId,
      state: In(['held', 'released']),
    });
    for (const row of rows) {
      if (!(await this.claim(manager, row, row.state, 'sold'))) continue;
      if (row.state === 'held') {
        await manager
          .createQueryBuilder()
          .update(ProductVariantRecord)
          .set({ reserved: () => 'reserved - :quantity', sold: () => 'sold + :quantity' })
          .where('id = :id', { id: row.variantId, quantity: row.quantity })
          .execute();
      } else {
        const short = await this.takeSold(manager, row.variantId, row.quantity);
        if (short > 0)
          this.logger.warn(
            `Session ${sessionId} was paid after its hold was released; ${short} more than were left were sold and stock was raised to match.`,
          );
      }
    }
  }

  /**
   * A sale taken straight from stock (the merch table, a late payment): `quantity` more are
   * sold; when fewer were left, the stock is raised so none are left rather than fewer than none.
   * Answers how many more were sold than were left.
   */
  private async takeSold(manager: EntityManager, variantId: number, quantity: number) {
    const variant = await manager.findOneByOrFail(ProductVariantRecord, { id: variantId });
    const left = leftOf(variant);
    const short = left === null ? 0 : Math.max(0, quantity - left);
    await manager
      .createQueryBuilder()
      .update(ProductVariantRecord)
      .set({
        sold: () => 'sold + :quantity',
        ...(short > 0 ? { stock: () => 'stock + :short' } : {}),
      })
      .where('id = :id', { id: variantId, quantity, short })
      .execute();
    return short;
  }

  /**
   * A merch-table order's lines are taken from stock. A line that names no catalogue product is
   * left alone; one asking for more than the site shows left is recorded anyway, with a warning.
   */
  async takeForMerchTable(
    manager: EntityManager,
    lines: { product_name: string; quantity: number }[],
  ): Promise<string[]> {
    const warnings: string[] = [];
    for (const line of lines) {
      const found = await this.catalog.findByLineName(line.product_name, manager);
      if (!found || found.variant.stock === null) continue;
      const short = await this.takeSold(manager, found.variant.id, line.quantity);
      if (short > 0) {
        const left = line.quantity - short;
        warnings.push(
          `The site showed ${left} of the ${line.product_name} left; the stock now counts this sale, with none left.`,
        );
      }
    }
    return warnings;
  }

  /**
   * A refunded order's items go back on the shelf: each line naming a tracked catalogue size is
   * counted as sold that many fewer (raising the stock for what the count no longer holds, after
   * the artist recounted). A size that was sold out and now has some left tells its notify-me
   * requests, as a restock by hand does. Lines that name no catalogue product are left alone.
   */
  async putBack(
    manager: EntityManager,
    lines: { product_name: string; quantity: number }[],
  ): Promise<void> {
    for (const line of lines) {
      const found = await this.catalog.findByLineName(line.product_name, manager);
      if (!found || found.variant.stock === null || line.quantity <= 0) continue;
      const { variant } = found;
      const wasLeft = leftOf(variant);
      const fromSold = Math.min(variant.sold, line.quantity);
      const extra = line.quantity - fromSold;
      await manager
        .createQueryBuilder()
        .update(ProductVariantRecord)
        .set({
          sold: () => 'sold - :fromSold',
          ...(extra > 0 ? { stock: () => 'stock + :extra' } : {}),
        })
        .where('id = :id', { id: variant.id, fromSold, extra })
        .execute();
      if (wasLeft === 0) {
        const after = (await this.catalog.findStored(found.product.id, manager))!;
        await this.announceRestock(manager, after, [sizeOf(variant)]);
      }
    }
  }

  /**
   * Held rows past their session's expiry whose session is no longer open, and holds whose
   * session was never created (a crash between the hold and the provider's answer).
   */
  async expiredHolds(now: number): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(StockReservation)
      .createQueryBuilder('r')
      .select('DISTINCT r.sessionId', 'sessionId')
      .where("r.state = 'held' AND r.expiresAt < :now", { now })
      .getRawMany<{ sessionId: string }>();
    return rows.map((r) => r.sessionId);
  }

  /** Stock holds not yet sold or released: how many, and their units together. */
  async openHolds(): Promise<{ holds: number; units: number }> {
    const row = await this.dataSource
      .getRepository(StockReservation)
      .createQueryBuilder('r')
      .select('COUNT(*)', 'holds')
      .addSelect('COALESCE(SUM(r.quantity), 0)', 'units')
      .where("r.state = 'held'")
      .getRawOne<{ holds: number | string; units: number | string }>();
    return { holds: Number(row?.holds ?? 0), units: Number(row?.units ?? 0) };
  }

  private async claim(
    manager: EntityManager,
    row: StockReservation,
    from: StockReservation['state'],
    to: StockReservation['state'],
  ): Promise<boolean> {
    const result = await manager.update(
      StockReservation,
      { id: row.id, state: from },
      { state: to },
    );
    return result.affected === 1;
  }

  /** PUT /api/admin/products/:id/stock: one variant's stock, a whole number or not tracked. */
  async setStock(productId: string, input: StockInput): Promise<AdminProduct> {
    const stored = await this.transactions.run(async (manager) => {
      const before = await this.catalog.findStored(productId, manager);
      if (!before) throw new NotFoundException('Product not found.');
      if (before.product.kind === 'digital' && input.stock !== null)
        throw new BadRequestException(DIGITAL_STOCK_MESSAGE);
      const variant = before.variants.find((v) => v.size === storedSize(input.size));
      if (!variant) {
        const sizes = before.variants.map(sizeOf);
        throw new BadRequestException(
          sizes[0] === null
            ? `The ${before.product.name} does not come in sizes; send size null.`
            : `The ${before.product.name} comes in ${sizes.join(', ')}; not ${String(input.size)}.`,
        );
      }
      if (input.stock !== null && input.stock < variant.reserved) {
        throw new ConflictException(
          `${variant.reserved} of the ${lineName(before.product.name, sizeOf(variant))} are held by open checkouts; set at least ${variant.reserved}.`,
        );
      }
      const wasLeft = leftOf(variant);
      await manager.update(
        ProductVariantRecord,
        { id: variant.id },
        { stock: input.stock, sold: 0 },
      );
      await manager.update(ProductRecord, { id: productId }, { updatedAt: new Date() });
      const after = (await this.catalog.findStored(productId, manager))!;
      const nowLeft = leftOf(after.variants.find((v) => v.id === variant.id)!);
      if (wasLeft === 0 && nowLeft !== 0)
        await this.announceRestock(manager, after, [sizeOf(variant)]);
      return after;
    });
    return toAdminProduct(stored);
  }

  /** `sizes`: those that just came back (null for a product without sizes). */
  private async announceRestock(
    manager: EntityManager,
    stored: StoredProduct,
    sizes: (Size | null)[],
  ): Promise<void> {
    const { id, name } = stored.product;
    await this.events.publish(manager, 'StockRestored', {
      productId: id,
      productName: name,
      sizes,
    });
  }

  /**
   * POST /api/admin/products/:id/image: the photo goes through the gallery's pipeline (type read
   * from the bytes, metadata stripped, AVIF and WebP) cropped to the shop's square; its files are
   * stored before the product names them. It becomes the first photo, and the files of the photo
   * it replaces there are removed.
   */
  async setPhoto(productId: string, file: UploadedPhoto | undefined): Promise<AdminProduct> {
    if (!file) throw new BadRequestException(NO_PRODUCT_PHOTO);
    if (!(await this.catalog.findStored(productId))) throw new NotFoundException(PRODUCT_NOT_FOUND);
    const staged = await this.uploads.stage(file, PRODUCT_PHOTO_BOX);
    const photo: ProductPhoto = { medium: staged.medium, full: staged.full };
    let outcome: { stored: StoredProduct; replaced: ProductPhoto | null };
    try {
      outcome = await this.transactions.run(async (manager) => {
        const before = await this.catalog.findStored(productId, manager);
        if (!before) throw new NotFoundException(PRODUCT_NOT_FOUND);
        // The new photo takes the first place (the card's), replacing the photo there.
        const [first, ...rest] = imagesOf(before.product);
        const images = [{ url: photo.full.webp, photo }, ...rest];
        await manager.update(
          ProductRecord,
          { id: productId },
          { ...imageColumns(images), updatedAt: new Date() },
        );
        const stored = (await this.catalog.findStored(productId, manager))!;
        return { stored, replaced: first?.photo ?? null };
      });
    } catch (error) {
      await staged.files.discard();
      throw error;
    }
    if (outcome.replaced)
      await this.uploads.remove(photoUrls(outcome.replaced), `product ${productId} photo`);
    return toAdminProduct(outcome.stored);
  }

  /**
   * DELETE /api/admin/products/:id: a product never ordered (no order names it, no checkout ever
   * held it) is removed with its sizes and photo; one that was is archived: gone from the shop
   * and checkout, kept on its orders and under the admin's Archived filter, until restored.
   */
  async remove(productId: string): Promise<ProductRemoval> {
    const outcome = await this.transactions.run(async (manager) => {
      const stored = await this.catalog.findStored(productId, manager);
      if (!stored) throw new NotFoundException(PRODUCT_NOT_FOUND);
      if (await this.wasOrdered(manager, stored)) {
        if (stored.product.archivedAt === null)
          await manager.update(ProductRecord, { id: productId }, { archivedAt: this.clock.now() });
        const archived = (await this.catalog.findStored(productId, manager))!;
        return { outcome: 'archived' as const, product: toAdminProduct(archived) };
      }
      await manager.delete(ProductVariantRecord, { productId });
      await manager.delete(ProductRecord, { id: productId });
      const photos = [stored.product.photo, ...imagesOf(stored.product).map((i) => i.photo)];
      return { outcome: 'deleted' as const, urls: [...new Set(photos.flatMap(photoUrls))] };
    });
    if (outcome.outcome === 'archived') return outcome;
    if (outcome.urls.length) await this.uploads.remove(outcome.urls, `product ${productId}`);
    return { outcome: 'deleted' };
  }

  /** Whether an order names the product or a checkout ever held some of it. */
  private async wasOrdered(manager: EntityManager, stored: StoredProduct): Promise<boolean> {
    const ids = stored.variants.map((v) => v.id);
    if (stored.variants.some((v) => v.sold > 0 || v.reserved > 0)) return true;
    if (ids.length && (await manager.existsBy(StockReservation, { variantId: In(ids) })))
      return true;
    const named = await this.events.publish(manager, 'ProductRemoving', {
      productId: stored.product.id,
    });
    return named.includes(true);
  }

  /** POST /api/admin/products/:id/restore: an archived product is back in the shop, last. */
  async restore(productId: string): Promise<AdminProduct> {
    const stored = await this.transactions.run(async (manager) => {
      const before = await this.catalog.findStored(productId, manager);
      if (!before) throw new NotFoundException(PRODUCT_NOT_FOUND);
      if (before.product.archivedAt !== null) {
        const position = (await this.lastPosition(manager)) + 1;
        await manager.update(ProductRecord, { id: productId }, { archivedAt: null, position });
      }
      return (await this.catalog.findStored(productId, manager))!;
    });
    return toAdminProduct(stored);
  }

  /**
   * PUT /api/admin/products/order: every product in the shop (not archived), each once, in the
   * shop's new order; answers them in that order.
   */
  async reorder(ids: string[]): Promise<AdminProduct[]> {
    const stored = await this.transactions.run(async (manager) => {
      const qb = manager
        .createQueryBuilder(ProductRecord, 'p')
        .where('p.archivedAt IS NULL')
        .orderBy('p.position', 'ASC')
        .addOrderBy('p.id', 'ASC');
      if (manager.connection.options.type !== 'better-sqlite3') qb.setLock('pessimistic_write');
      const current = await qb.getMany();
      const known = new Set(current.map((p) => p.id));
      const seen = new Set<string>();
      for (const id of ids) {
        if (seen.has(id)) throw new BadRequestException(`ids lists product ${id} twice.`);
        if (!known.has(id))
          throw new BadRequestException(`ids lists ${id}, which is not a product in the shop.`);
        seen.add(id);
      }
      const missing = current.filter((p) => !seen.has(p.id)).map((p) => p.id);
      if (missing.length)
        throw new BadRequestException(
          `ids must list every product in the shop: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`,
        );
      const byId = new Map(current.map((p) => [p.id, p]));
      for (const [index, id] of ids.entries()) {
        if (byId.get(id)!.position !== index + 1)
          await manager.update(ProductRecord, { id }, { position: index + 1 });
      }
      const products = await manager.find(ProductRecord, { where: { id: In(ids) } });
      const ordered = ids.map((id) => products.find((p) => p.id === id)!);
      return this.catalog.withVariants(ordered, manager);
    });
    return stored.map(toAdminProduct);
  }

  private async lastPosition(manager: EntityManager): Promise<number> {
    const last = await manager
      .getRepository(ProductRecord)
      .createQueryBuilder('p')
      .select('MAX(p.position)', 'max')
      .getRawOne<{ max: number | string | null }>();
    return Number(last?.max ?? 0);
  }

  /** POST /api/admin/products: a new product, its sizes not tracked until the artist counts. */
  async create(input: ProductInput): Promise<AdminProduct> {
    const stored = await this.transactions.run(async (manager) => {
      const id = await this.newId(manager, input.name);
      if (this.uploads.isUpload(input.image))
        throw new BadRequestException(
          'A photo is uploaded with POST /api/admin/products/:id/image once the product is saved.',
        );
      const last = await this.lastPosition(manager);
      await manager.insert(ProductRecord, {
        id,
        name: input.name.trim(),
        description: input.description.trim(),
        ...imageColumns(input.image ? [{ url: input.image, photo: null }] : []),
        position: last + 1,
        preOrderUntil: input.preOrderUntil ?? null,
        ...(input.taxCode === undefined ? {} : { taxCode: input.taxCode }),
        ...releaseColumns(input),
      });
      await this.addVariants(manager, id, sizesOrNone(input.sizes), 0);
      return (await this.catalog.findStored(id, manager))!;
    });
    return toAdminProduct(stored);
  }

  /**
   * PUT /api/admin/products/:id: name, price, description, image and sizes. A size taken away
   * goes (refused while checkouts hold some); a size added starts not tracked; the sizes take the
   * order they are sent in.
   */
  async update(productId: string, input: ProductInput): Promise<AdminProduct> {
    const stored = await this.transactions.run(async (manager) => {
      const before = await this.catalog.findStored(productId, manager);
      if (!before) throw new NotFoundException(PRODUCT_NOT_FOUND);
      // The uploaded photo stays while its address is sent back; another image replaces it.
      const keepsPhoto = before.product.photo !== null && input.image === before.product.image;
      if (!keepsPhoto && this.uploads.isUpload(input.image))
        throw new BadRequestException(
          'A photo is uploaded with POST /api/admin/products/:id/image, not named by its address.',
        );
      // Another image address replaces the first photo (none takes it away); the others stay.
      const sameImage = keepsPhoto || input.image === before.product.image;
      const [first, ...rest] = imagesOf(before.product);
      const replacedPhoto = sameImage ? null : (first?.photo ?? null);
      const images = input.image ? [{ url: input.image, photo: null }, ...rest] : rest;
      await manager.update(
        ProductRecord,
        { id: productId },
        {
          name: input.name.trim(),
          description: input.description.trim(),
          ...(sameImage ? {} : imageColumns(images)),
          ...(input.preOrderUntil === undefined ? {} : { preOrderUntil: input.preOrderUntil }),
          ...(input.taxCode === undefined ? {} : { taxCode: input.taxCode }),
          ...releaseColumns(input, before.product),
        },
      );
      // A release is never counted: whatever stock it had as merch stops counting.
      if ((input.kind ?? before.product.kind) === 'digital')
        await manager.update(ProductVariantRecord, { productId }, { stock: null });
      const wanted = sizesOrNone(input.sizes).map(storedSize);
      const gone = before.variants.filter((v) => !wanted.includes(v.size));
      const held = gone.find((v) => v.reserved > 0);
      if (held) {
        throw new ConflictException(
          `Open checkouts hold ${held.reserved} of size ${sizeOf(held) ?? 'one size'}; try again once they close.`,
        );
      }
      if (gone.length)
        await manager.delete(ProductVariantRecord, { id: In(gone.map((v) => v.id)) });
      const kept = before.variants.map((v) => v.size);
      const added = sizesOrNone(input.sizes).filter((s) => !kept.includes(storedSize(s)));
      await this.addVariants(manager, productId, added, before.variants.length);
      const after = (await this.catalog.findStored(productId, manager))!;
      // Sizes follow the order she gave them in.
      for (const variant of after.variants) {
        const position = Math.max(0, wanted.indexOf(variant.size));
        if (variant.position !== position)
          await manager.update(ProductVariantRecord, { id: variant.id }, { position });
      }
      const result = (await this.catalog.findStored(productId, manager))!;
      // Sizes that had none left, or were not offered, and now can be bought.
      const back = result.variants.filter((v) => {
        const was = before.variants.find((b) => b.size === v.size);
        return leftOf(v) !== 0 && (!was || leftOf(was) === 0);
      });
      if (back.length) await this.announceRestock(manager, result, back.map(sizeOf));
      return { result, replacedPhoto };
    });
    if (stored.replacedPhoto)
      await this.uploads.remove(photoUrls(stored.replacedPhoto), `product ${productId} photo`);
    return toAdminProduct(stored.result);
  }

  private async addVariants(
    manager: EntityManager,
    productId: string,
    sizes: (Size | null)[],
    from: number,
  ): Promise<void> {
    if (sizes.length === 0) return;
    await manager.insert(
      ProductVariantRecord,
      sizes.map((size, i) => ({
        productId,
        size: storedSize(size),
        position: from + i,
        stock: null,
      })),
    );
  }

  /** Lower-case words of the name joined by '-', with a number after it when taken. */
  private async newId(manager: EntityManager, name: string): Promise<string> {
    const base =
      name
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 50) || 'product';
    for (let n = 1; ; n++) {
      const id = n === 1 ? base : `${base}-${n}`;
      if (!(await manager.existsBy(ProductRecord, { id }))) return id;
    }
  }

  /** The admin's Products tab: the list query of every tab, with each row's variants. */
  listDefinition(): ListDefinition<ProductRecord, AdminProduct, ProductListFilter, ProductSort> {
    const tracked = 'v.productId = p.id AND v.stock IS NOT NULL';
    return {
      repository: this.dataSource.getRepository(ProductRecord),
      alias: 'p',
      reads: ['product_variants'],
      parameters: { lowStock: LOW_STOCK },
      filters: {
        'low-stock': {
          where: `p.archivedAt IS NULL AND EXISTS (SELECT 1 FROM product_variants v WHERE ${tracked} AND v.stock - v.sold - v.reserved <= :lowStock)`,
        },
        'sold-out': {
          where:
            'p.archivedAt IS NULL AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.productId = p.id AND ' +
            '(v.stock IS NULL OR v.stock - v.sold - v.reserved > 0))',
        },
        archived: { where: 'p.archivedAt IS NOT NULL' },
      },
      searchColumns: ['name', 'description'],
      sorts: {
        // The shop's order, archived products after it.
        position: ['CASE WHEN p.archivedAt IS NULL THEN 0 ELSE 1 END', 'p.position'],
        name: 'LOWER(p.name)',
        priceInCents: 'p.priceInCents',
        createdAt: 'p.createdAt',
      },
      defaultSort: 'position',
      toRow: (product) => toAdminProduct({ product, variants: [] }),
      hydrate: async (products) =>
        (await this.catalog.withVariants(products)).map((stored) => toAdminProduct(stored)),
    };
  }
}

/** A line of a cart asked for more than was left; the hold is undone. */
class NotEnoughStock extends Error {
  constructor(
    readonly variantId: number,
    readonly itemName: string,
    readonly wanted: number,
  ) {
    super(`Not enough of ${itemName} left`);
  }
}

/** Message of the 429 when an address's open checkouts already hold `held` of a size. */
export function holderLimitMessage(
  item: string,
  held: number,
  most: number,
  waitSeconds: number,
): string {
  const wait = minutesOf(waitSeconds);
  return held >= most
    ? `Your open checkouts already hold ${held} of the ${item}, the most one buyer may hold at a time. Please try again in ${wait}.`
    : `Your open checkouts already hold ${held} of the ${item}, and one buyer may hold at most ${most} at a time. Please lower the quantity to ${most - held}, or try again in ${wait}.`;
}

/** A product without sizes has one variant, of size null; sizes are stored trimmed. */
const sizesOrNone = (sizes: Size[]): (Size | null)[] =>
  sizes.length ? [...new Set(sizes.map(normalSize))] : [null];
