import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Metadata, Sharp } from 'sharp';

type SharpModule = typeof import('sharp').default;

/** The grid's size (cropped to the centre) and the lightbox's bound (uncropped). */
export const MEDIUM = { width: 600, height: 400 } as const;
export const FULL_MAX = 1600;

/**
 * Larger images are refused before they are decoded: a small file can describe an enormous
 * picture, and decoding it would take the server's memory. 100 megapixels is above any phone's
 * or camera's ordinary output.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

export const NOT_AN_IMAGE = 'The photo must be a JPEG, PNG, WebP or AVIF image.';
export const TOO_MANY_PIXELS = 'The photo is too large: at most 100 megapixels.';

export type ImageFormat = 'avif' | 'webp';

/** The size a medium image is cropped to. */
export interface ImageBox {
  width: number;
  height: number;
}

export interface MadeImage {
  size: 'medium' | 'full';
  format: ImageFormat;
  width: number;
  height: number;
  data: Buffer;
}

/** Thrown for an upload that is not one of the accepted images; its message is for the artist. */
export class UnacceptableImageError extends Error {}

/**
 * The type read from the bytes (what the name or the Content-Type say is never trusted). sharp
 * reports AVIF as HEIF compressed with AV1; HEIF of other codecs (an iPhone's HEIC) is refused.
 */
async function acceptedFormat(sharp: SharpModule, input: string): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new UnacceptableImageError(NOT_AN_IMAGE);
  }
  const accepted =
    meta.format === 'jpeg' ||
    meta.format === 'png' ||
    meta.format === 'webp' ||
    (meta.format === 'heif' && meta.compression === 'av1');
  if (!accepted) throw new UnacceptableImageError(NOT_AN_IMAGE);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS)
    throw new UnacceptableImageError(TOO_MANY_PIXELS);
}

/** Decodes, turns upright by its EXIF orientation and resizes, to raw pixels. */
async function pixels(sharp: SharpModule, input: string, resize: (image: Sharp) => Sharp) {
  try {
    return await resize(
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient(),
    )
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A file whose header reads as an image but whose data does not decode.
    throw new UnacceptableImageError(NOT_AN_IMAGE);
  }
}

/**
 * Turns uploads into the gallery's files with sharp (libvips), set up once for a server that
 * reads a few large photos, each once: libvips's cache of recent operations is off, as nothing
 * is ever read twice and it would hold up to 50 MB, and an image is worked on by one thread, so
 * the other core stays free for the event loop that answers every other request. sharp is loaded at start-up rather than with
 * the first upload: loading it compiles its code on the event loop for a few hundred
 * milliseconds, which would hold every other request that arrives meanwhile.
 */
@Injectable()
export class GalleryImages implements OnModuleInit {
  private sharp?: SharpModule;

  async onModuleInit(): Promise<void> {
    this.sharp = (await import('sharp')).default;
    this.sharp.cache(false);
    this.sharp.concurrency(1);
  }

  /**
   * The gallery's four files of the upload at `input` (a file): medium (600 × 400, or the box
   * given, such as the shop's 600 × 600 square, cropped to the centre) and full (at most 1600 px on its longer side, never enlarged), each in AVIF and
   * WebP. They are encoded from raw pixels, so nothing of the original's metadata (EXIF with its
   * GPS position, XMP, IPTC, ICC profile) can reach them.
   */
  async make(input: string, medium: ImageBox = MEDIUM): Promise<MadeImage[]> {
    const sharp = this.sharp!;
    await acceptedFormat(sharp, input);
    const sizes = [
      {
        size: 'medium' as const,
        raw: await pixels(sharp, input, (image) =>
          image.resize(medium.width, medium.height, { fit: 'cover', position: 'centre' }),
        ),
      },
      {
        size: 'full' as const,
        raw: await pixels(sharp, input, (image) =>
          image.resize(FULL_MAX, FULL_MAX, { fit: 'inside', withoutEnlargement: true }),
        ),
      },
    ];
    const made: MadeImage[] = [];
    for (const { size, raw } of sizes) {
      const { width, height, channels } = raw.info;
      const from = () => sharp(raw.data, { raw: { width, height, channels } });
      // AVIF's encoder is slow: a low effort keeps an upload to a second or two on a small server.
      const avif = await from().avif({ quality: 55, effort: 2 }).toBuffer();
      const webp = await from().webp({ quality: 78 }).toBuffer();
      made.push({ size, format: 'avif', width, height, data: avif });
      made.push({ size, format: 'webp', width, height, data: webp });
    }
    return made;
  }
}
