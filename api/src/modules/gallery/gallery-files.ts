import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MadeImage } from './gallery-images.js';

/** Where uploaded gallery files are served from (see gallery-media.ts). */
export const GALLERY_MEDIA_PATH = '/media/gallery';

/** The only names an uploaded file is given: a random UUID, its size and its format. */
const FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(medium|full)\.(avif|webp)$/;

/** The gallery's folder under UPLOADS_DIR. */
export const galleryFolder = (uploadsDir: string) => path.join(uploadsDir, 'gallery');

/**
 * The file behind a `/media/gallery/…` address, or null for any other address (the photos the
 * site started with belong to the storefront's build) or a name this module never makes, so a
 * stored address can never lead outside the folder.
 */
export function fileOf(uploadsDir: string, url: string | null): string | null {
  if (!url?.startsWith(`${GALLERY_MEDIA_PATH}/`)) return null;
  const name = url.slice(GALLERY_MEDIA_PATH.length + 1);
  return FILE_NAME.test(name) ? path.join(galleryFolder(uploadsDir), name) : null;
}

/**
 * Writes an upload's files under one new random name and answers their addresses by size and
 * format. When one write fails, those already written are removed before the error goes on.
 */
export async function writeGalleryFiles(
  uploadsDir: string,
  images: MadeImage[],
): Promise<Map<string, string>> {
  const folder = galleryFolder(uploadsDir);
  await mkdir(folder, { recursive: true });
  const id = randomUUID();
  const urls = new Map<string, string>();
  const written: string[] = [];
  try {
    for (const image of images) {
      const name = `${id}-${image.size}.${image.format}`;
      const file = path.join(folder, name);
      // 'wx': a name is never reused, so an existing file would be a bug, not something to replace.
      await writeFile(file, image.data, { flag: 'wx' });
      written.push(file);
      urls.set(`${image.size}.${image.format}`, `${GALLERY_MEDIA_PATH}/${name}`);
    }
  } catch (error) {
    await removeFiles(written);
    throw error;
  }
  return urls;
}

/** Removes files, those already gone included. */
export async function removeFiles(files: (string | null)[]): Promise<void> {
  for (const file of files) {
    if (!file) continue;
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}
