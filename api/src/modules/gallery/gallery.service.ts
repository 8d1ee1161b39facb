import { BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { LIST_PAGE_SIZE_MAX, type GalleryPhoto } from '@artist/contracts';
import type { ListDefinition } from '../../lists/list.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { PublicAnswers, type PublicAnswer } from '../../database/public-answers.js';
import { TableBackedValue, TableVersions } from '../../database/table-versions.js';
import { Transactions } from '../../database/transaction.js';
import { STORAGE, type Storage } from '../storage/index.js';
import { keyOf, removeFiles, storeGalleryFiles } from './gallery-files.js';
import { GalleryImages, UnacceptableImageError } from './gallery-images.js';
import { GalleryPhotoRecord } from './gallery-photo.entity.js';

/** The upload's file part once read: multer writes it to a temporary file. */
export interface UploadedPhoto {
  path: string;
}

/**
 * The most photos the gallery holds: the admin shows and reorders them all on one page of the
 * shared list (whose largest page is this size), and the public page shows them all at once.
 */
export const GALLERY_MAX_PHOTOS = LIST_PAGE_SIZE_MAX;

export const PHOTO_NOT_FOUND = 'Photo not found.';
export const NO_PHOTO = 'Choose a photo to upload (the file field is named photo).';

/** The photos in the artist's order, and their uploads, descriptions, order and removal. */
@Injectable()
export class GalleryService {
  private readonly logger = new Logger(GalleryService.name);
  /** The public list as last read; read again after a change here or on another instance. */
  private readonly published: TableBackedValue<GalleryPhoto[]>;

  constructor(
    @InjectRepository(GalleryPhotoRecord)
    private readonly photos: Repository<GalleryPhotoRecord>,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly images: GalleryImages,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly transactions: Transactions,
    versions: TableVersions,
    private readonly answers: PublicAnswers,
  ) {
    this.published = new TableBackedValue(versions, [photos.metadata.tableName], async () =>
      (await this.inOrder(this.dataSource.manager)).map(this.view),
    );
  }

  /** A row as the site shows it: its files' addresses at MEDIA_PUBLIC_URL when that is set. */
  private readonly view = (photo: GalleryPhotoRecord): GalleryPhoto =>
    toView(photo, (url) => mediaUrl(this.config, url));

  /** The admin's list: the shared list block, in the gallery's order, searched by description. */
  listDefinition(): ListDefinition<GalleryPhotoRecord, GalleryPhoto, never, 'position'> {
    return {
      repository: this.photos,
      alias: 'p',
      filters: {},
      searchColumns: ['alt'],
      sorts: { position: 'p.position' },
      defaultSort: 'position',
      toRow: this.view,
    };
  }

  /**
   * GET /api/gallery, which every home page response also embeds. Read once and kept in this
   * process until the gallery's table is written, here or on another instance (as the page's
   * content is; see ContentService).
   */
  listPublic(): Promise<GalleryPhoto[]> {
    return this.published.get();
  }

  /** `GET /api/gallery` as sent, kept as `listPublic` is. */
  publicAnswer(): PublicAnswer<GalleryPhoto[]> | Promise<PublicAnswer<GalleryPhoto[]>> {
    return this.answers.get('gallery', [this.photos.metadata.tableName], '', () =>
      this.listPublic(),
    );
  }

  /** Called after each change (once its files are in place), so the next read sees it. */
  private changed(): void {
    this.published.drop();
  }

  /**
   * POST /api/admin/gallery: the photo's files are made and written to storage, then its row is
   * committed, so no row ever names a file storage does not hold. If the row cannot be written
   * the files are removed; a process killed between the two leaves only files no row names,
   * which the sweep removes (GallerySweepService).
   */
  async create(file: UploadedPhoto | undefined, alt: string): Promise<GalleryPhoto> {
    if (!file) throw new BadRequestException(NO_PHOTO);
    if ((await this.photos.count()) >= GALLERY_MAX_PHOTOS)
      throw new BadRequestException(
        `The gallery holds at most ${GALLERY_MAX_PHOTOS} photos: delete one before adding another.`,
      );
    // One upload at a time reaches this point (PhotoUploadSlotInterceptor).
    const images = await this.images.make(file.path).catch((error: unknown) => {
      if (error instanceof UnacceptableImageError) throw new BadRequestException(error.message);
      throw error;
    });
    const stored = await storeGalleryFiles(this.storage, images);
    const { urls } = stored;
    const medium = images.find((i) => i.size === 'medium')!;
    const full = images.find((i) => i.size === 'full')!;
    let saved: GalleryPhotoRecord;
    try {
      saved = await this.transactions.run(async (manager) => {
        const last = await manager
          .createQueryBuilder(GalleryPhotoRecord, 'p')
          .select('MAX(p.position)', 'max')
          .getRawOne<{ max: number | string | null }>();
        return manager.save(
          manager.create(GalleryPhotoRecord, {
            alt,
            position: Number(last?.max ?? 0) + 1,
            mediumWebp: urls.get('medium.webp')!,
            mediumAvif: urls.get('medium.avif')!,
            mediumWidth: medium.width,
            mediumHeight: medium.height,
            fullWebp: urls.get('full.webp')!,
            fullAvif: urls.get('full.avif')!,
            fullWidth: full.width,
            fullHeight: full.height,
          }),
          { transaction: false },
        );
      });
    } catch (error) {
      await stored
        .discard()
        .catch((failure: unknown) =>
          this.logger.error({ err: failure, msg: 'files of an upload not committed not removed' }),
        );
      throw error;
    }
    this.changed();
    return this.view(saved);
  }

  /** PATCH /api/admin/gallery/:id. */
  async updateAlt(id: number, alt: string): Promise<GalleryPhoto> {
    const photo = await this.find(this.dataSource.manager, id);
    photo.alt = alt;
    const saved = await this.transactions.run((manager) =>
      manager.save(photo, { transaction: false }),
    );
    this.changed();
    return this.view(saved);
  }

  /**
   * DELETE /api/admin/gallery/:id: the row first, then its files, so the page never shows a photo
   * whose files are gone; a file that cannot be removed is logged, and is only storage space
   * (the sweep removes it later).
   */
  async remove(id: number): Promise<void> {
    const photo = await this.transactions.run(async (manager) => {
      const found = await this.find(manager, id);
      await manager.delete(GalleryPhotoRecord, { id });
      return found;
    });
    this.changed();
    const keys = [photo.mediumWebp, photo.mediumAvif, photo.fullWebp, photo.fullAvif].map(keyOf);
    await removeFiles(this.storage, keys).catch((error: unknown) =>
      this.logger.error({ err: error, msg: `gallery photo ${id}: files not removed` }),
    );
  }

  /** PUT /api/admin/gallery/order: every photo's id, each once, in the new order. */
  async reorder(ids: number[]): Promise<GalleryPhoto[]> {
    const photos = await this.transactions.run(async (manager) => {
      const current = await this.inOrder(manager, true);
      const known = new Set(current.map((p) => p.id));
      const seen = new Set<number>();
      for (const id of ids) {
        if (seen.has(id)) throw new BadRequestException(`ids lists photo ${id} twice.`);
        if (!known.has(id))
          throw new BadRequestException(`ids lists photo ${id}, which is not in the gallery.`);
        seen.add(id);
      }
      const missing = current.filter((p) => !seen.has(p.id)).map((p) => p.id);
      if (missing.length)
        throw new BadRequestException(
          `ids must list every photo of the gallery: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`,
        );
      const byId = new Map(current.map((p) => [p.id, p]));
      const ordered = ids.map((id, index) => ({ ...byId.get(id)!, position: index + 1 }));
      for (const photo of ordered) {
        if (photo.position !== byId.get(photo.id)!.position)
          await manager.update(GalleryPhotoRecord, photo.id, { position: photo.position });
      }
      return ordered.map(this.view);
    });
    this.changed();
    return photos;
  }

  /** Every photo in order; `locked` holds them on MySQL/MariaDB until the transaction ends. */
  private inOrder(manager: EntityManager, locked = false): Promise<GalleryPhotoRecord[]> {
    const qb = manager
      .createQueryBuilder(GalleryPhotoRecord, 'p')
      .orderBy('p.position', 'ASC')
      .addOrderBy('p.id', 'ASC');
    if (locked && manager.connection.options.type !== 'better-sqlite3')
      qb.setLock('pessimistic_write');
    return qb.getMany();
  }

  private async find(manager: EntityManager, id: number): Promise<GalleryPhotoRecord> {
    const photo = await manager.findOneBy(GalleryPhotoRecord, { id });
    if (!photo) throw new NotFoundException(PHOTO_NOT_FOUND);
    return photo;
  }
}

/**
 * The address visitors load an uploaded file from: at MEDIA_PUBLIC_URL when a CDN or public
 * bucket serves the files (`/media/gallery/x.webp` becomes `<MEDIA_PUBLIC_URL>/gallery/x.webp`),
 * on this site otherwise. Rows keep the site's own address, whatever serves the files.
 */
export function mediaUrl(config: Pick<AppConfig, 'mediaPublicUrl'>, url: string): string;
export function mediaUrl(
  config: Pick<AppConfig, 'mediaPublicUrl'>,
  url: string | null,
): string | null;
export function mediaUrl(config: Pick<AppConfig, 'mediaPublicUrl'>, url: string | null) {
  if (!url || !config.mediaPublicUrl || !url.startsWith('/media/')) return url;
  return `${config.mediaPublicUrl}${url.slice('/media'.length)}`;
}

export function toView(
  photo: GalleryPhotoRecord,
  address: (url: string) => string = (url) => url,
): GalleryPhoto {
  const optional = (url: string | null) => (url === null ? null : address(url));
  return {
    id: photo.id,
    alt: photo.alt,
    medium: {
      webp: address(photo.mediumWebp),
      avif: optional(photo.mediumAvif),
      width: photo.mediumWidth,
      height: photo.mediumHeight,
    },
    full: {
      webp: address(photo.fullWebp),
      avif: optional(photo.fullAvif),
      width: photo.fullWidth,
      height: photo.fullHeight,
    },
  };
}
