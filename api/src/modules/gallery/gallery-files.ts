import { randomUUID } from 'node:crypto';
import { contentTypeOf, type Storage } from '../storage/index.js';
import type { MadeImage } from './gallery-images.js';

/** Where uploaded gallery files are served from (see gallery-media.ts). */
export const GALLERY_MEDIA_PATH = '/media/gallery';

/** The storage keys of the gallery's files start with this. */
export const GALLERY_PREFIX = 'gallery/';

/** The only names an uploaded file is given: a random UUID, its size and its format. */
export const FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(medium|full)\.(avif|webp)$/;

/** The file name behind a `/media/gallery/…` address, or null as for `keyOf`. */
export function fileNameOf(url: string | null): string | null {
  if (!url?.startsWith(`${GALLERY_MEDIA_PATH}/`)) return null;
  const name = url.slice(GALLERY_MEDIA_PATH.length + 1);
  return FILE_NAME.test(name) ? name : null;
}

/**
 * The storage key behind a `/media/gallery/…` address, or null for any other address (the
 * photos the site started with belong to the storefront's build) or a name this module never
 * makes, so a stored address can never lead anywhere else.
 */
export function keyOf(url: string | null): string | null {
  const name = fileNameOf(url);
  return name === null ? null : `${GALLERY_PREFIX}${name}`;
}

/** An upload's files, written to storage. */
export interface StoredUpload {
  /** The addresses of the files, by size and format (`medium.webp`…). */
  urls: Map<string, string>;
  /** Removes the files: the row naming them could not be committed. */
  discard(): Promise<void>;
}

/**
 * Writes an upload's files to storage under one new random name, before any row names them: a
 * row is only ever committed once its files are all there. A process stopped after this and
 * before the commit leaves files no row names, which the sweep removes (GallerySweepService).
 * When one write fails, those already written are removed before the error goes on.
 */
export async function storeGalleryFiles(
  storage: Storage,
  images: MadeImage[],
): Promise<StoredUpload> {
  const id = randomUUID();
  const urls = new Map<string, string>();
  const keys: string[] = [];
  const discard = () => removeFiles(storage, keys);
  try {
    for (const image of images) {
      const name = `${id}-${image.size}.${image.format}`;
      const key = `${GALLERY_PREFIX}${name}`;
      keys.push(key);
      await storage.put(key, image.data, contentTypeOf(name));
      urls.set(`${image.size}.${image.format}`, `${GALLERY_MEDIA_PATH}/${name}`);
    }
  } catch (error) {
    await discard().catch(() => undefined);
    throw error;
  }
  return { urls, discard };
}

/** Removes files from storage, those already gone included; null keys are skipped. */
export async function removeFiles(storage: Storage, keys: (string | null)[]): Promise<void> {
  for (const key of keys) if (key) await storage.delete(key);
}
