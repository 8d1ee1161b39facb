import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MadeImage } from './gallery-images.js';

/** Where uploaded gallery files are served from (see gallery-media.ts). */
export const GALLERY_MEDIA_PATH = '/media/gallery';

/** The only names an uploaded file is given: a random UUID, its size and its format. */
const FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(medium|full)\.(avif|webp)$/;

/**
 * The name a file is written under until its row is committed: a dotfile, which the media route
 * never serves, ending in `.tmp`.
 */
const tempName = (name: string) => `.${name}.tmp`;
const TEMP_NAME = /^\.(.+)\.tmp$/;

/** The gallery's folder under UPLOADS_DIR. */
export const galleryFolder = (uploadsDir: string) => path.join(uploadsDir, 'gallery');

/** The file name behind a `/media/gallery/…` address, or null as for `fileOf`. */
export function fileNameOf(url: string | null): string | null {
  if (!url?.startsWith(`${GALLERY_MEDIA_PATH}/`)) return null;
  const name = url.slice(GALLERY_MEDIA_PATH.length + 1);
  return FILE_NAME.test(name) ? name : null;
}

/**
 * The file behind a `/media/gallery/…` address, or null for any other address (the photos the
 * site started with belong to the storefront's build) or a name this module never makes, so a
 * stored address can never lead outside the folder.
 */
export function fileOf(uploadsDir: string, url: string | null): string | null {
  const name = fileNameOf(url);
  return name === null ? null : path.join(galleryFolder(uploadsDir), name);
}

/** An upload's files, written under temporary names until its row is committed. */
export interface StagedFiles {
  /** The addresses the files will have, by size and format (`medium.webp`…). */
  urls: Map<string, string>;
  /** Gives the files their final names: call once the row naming them is committed. */
  publish(): Promise<void>;
  /** Removes the files, under either name. */
  discard(): Promise<void>;
}

/**
 * Writes an upload's files under temporary names, for one new random name. Nothing is served or
 * named by a row until `publish`, so a process killed before its row is committed leaves only
 * temporary files, which the next start-up removes (`sweepGalleryFolder`). When one write fails,
 * those already written are removed before the error goes on.
 */
export async function stageGalleryFiles(
  uploadsDir: string,
  images: MadeImage[],
): Promise<StagedFiles> {
  const folder = galleryFolder(uploadsDir);
  await mkdir(folder, { recursive: true });
  const id = randomUUID();
  const urls = new Map<string, string>();
  const names: string[] = [];
  const temp = (name: string) => path.join(folder, tempName(name));
  const final = (name: string) => path.join(folder, name);
  const discard = () => removeFiles(names.flatMap((name) => [temp(name), final(name)]));
  try {
    for (const image of images) {
      const name = `${id}-${image.size}.${image.format}`;
      // 'wx': a name is never reused, so an existing file would be a bug, not something to replace.
      await writeFile(temp(name), image.data, { flag: 'wx' });
      names.push(name);
      urls.set(`${image.size}.${image.format}`, `${GALLERY_MEDIA_PATH}/${name}`);
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return {
    urls,
    async publish() {
      for (const name of names) await rename(temp(name), final(name));
    },
    discard,
  };
}

/** What a start-up sweep did to the gallery's folder. */
export interface SweepResult {
  /** Files no row names, and temporary files of uploads never committed. */
  removed: number;
  /** Temporary files whose row was committed before the process stopped, given their name. */
  published: number;
}

/**
 * Makes the gallery's folder hold exactly the files the rows name (`named`, file names): files of
 * this module's name shape that no row names are removed (an upload or a delete cut short);
 * temporary files are given their final name when a row names it (the process stopped between
 * the commit and the rename) and removed otherwise (it stopped before the commit). Other files
 * are left alone. Run at start-up, before any upload can be under way: the API is one process.
 */
export async function sweepGalleryFolder(
  uploadsDir: string,
  named: ReadonlySet<string>,
): Promise<SweepResult> {
  const folder = galleryFolder(uploadsDir);
  const result: SweepResult = { removed: 0, published: 0 };
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  const present = new Set(entries);
  for (const entry of entries) {
    const file = path.join(folder, entry);
    const staged = TEMP_NAME.exec(entry)?.[1];
    if (staged !== undefined && FILE_NAME.test(staged)) {
      if (named.has(staged) && !present.has(staged)) {
        await rename(file, path.join(folder, staged));
        result.published++;
      } else {
        await removeFiles([file]);
        result.removed++;
      }
    } else if (FILE_NAME.test(entry) && !named.has(entry)) {
      await removeFiles([file]);
      result.removed++;
    }
  }
  return result;
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
