import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import type { GalleryImage } from '@artist/contracts';
import { STORAGE, type Storage } from '../storage/index.js';
import {
  fileNameOf,
  keyOf,
  removeFiles,
  storeGalleryFiles,
  type StoredUpload,
} from './gallery-files.js';
import { GalleryImages, UnacceptableImageError, type ImageBox } from './gallery-images.js';
import type { UploadedPhoto } from './gallery.service.js';

/** An upload's files as made and stored: addresses and sizes, and the stored files themselves. */
export interface StagedPhoto {
  medium: GalleryImage;
  full: GalleryImage;
  /** Discard them when the row naming them cannot be committed. */
  files: StoredUpload;
}

/** Lists the `/media/gallery/…` addresses another module's rows name. */
export type GalleryFileOwner = () => Promise<(string | null)[]>;

/**
 * The gallery's upload pipeline for other modules' photos (a product's): the same checks (type
 * read from the bytes, at most 100 megapixels), the same files (AVIF and WebP, metadata
 * stripped) in the same storage and under the same names, written before the row that names
 * them as the gallery's own. A module whose rows name such files registers them (`addOwner`), so the start-up sweep
 * keeps them.
 */
@Injectable()
export class GalleryUploads {
  private readonly logger = new Logger(GalleryUploads.name);
  private readonly owners: GalleryFileOwner[] = [];

  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly images: GalleryImages,
  ) {}

  addOwner(owner: GalleryFileOwner): void {
    this.owners.push(owner);
  }

  /** Whether an address is one of an uploaded file's. */
  isUpload(url: string | null): boolean {
    return fileNameOf(url) !== null;
  }

  /** The file names other modules' rows name, for the start-up sweep. */
  async namedByOthers(): Promise<string[]> {
    const urls = (await Promise.all(this.owners.map((owner) => owner()))).flat();
    return urls.map(fileNameOf).filter((name) => name !== null);
  }

  /**
   * Makes an upload's files (medium cropped to `medium`) and writes them to storage, before any
   * row names them; 400 with a sentence for a file that is not an accepted image.
   */
  async stage(file: UploadedPhoto, medium: ImageBox): Promise<StagedPhoto> {
    const images = await this.images.make(file.path, medium).catch((error: unknown) => {
      if (error instanceof UnacceptableImageError) throw new BadRequestException(error.message);
      throw error;
    });
    const files = await storeGalleryFiles(this.storage, images);
    const image = (size: 'medium' | 'full'): GalleryImage => {
      const made = images.find((i) => i.size === size)!;
      return {
        webp: files.urls.get(`${size}.webp`)!,
        avif: files.urls.get(`${size}.avif`) ?? null,
        width: made.width,
        height: made.height,
      };
    };
    return { medium: image('medium'), full: image('full'), files };
  }

  /** Removes the files of these addresses; a failure is logged, as it only takes space. */
  async remove(urls: (string | null)[], what: string): Promise<void> {
    await removeFiles(this.storage, urls.map(keyOf)).catch((error: unknown) =>
      this.logger.error({ err: error, msg: `${what}: files not removed` }),
    );
  }
}
