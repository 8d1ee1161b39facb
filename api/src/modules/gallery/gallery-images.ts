import type { Metadata, Sharp } from 'sharp';

/**
 * sharp, loaded with the first upload: libvips adds about 20 MB to the process, which the API
 * does not need until the artist adds a photo.
 */
let loaded: Promise<typeof import('sharp')> | undefined;
const sharpModule = async () => (await (loaded ??= import('sharp'))).default;

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
async function acceptedFormat(input: Buffer): Promise<void> {
  const sharp = await sharpModule();
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
async function pixels(input: Buffer, resize: (image: Sharp) => Sharp) {
  const sharp = await sharpModule();
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
 * The gallery's four files of an upload: medium (600 × 400, cropped to the centre) and full (at
 * most 1600 px on its longer side, never enlarged), each in AVIF and WebP. They are encoded from
 * raw pixels, so nothing of the original's metadata (EXIF with its GPS position, XMP, IPTC, ICC
 * profile) can reach them.
 */
export async function makeGalleryImages(input: Buffer): Promise<MadeImage[]> {
  await acceptedFormat(input);
  const sizes = [
    {
      size: 'medium' as const,
      raw: await pixels(input, (image) =>
        image.resize(MEDIUM.width, MEDIUM.height, { fit: 'cover', position: 'centre' }),
      ),
    },
    {
      size: 'full' as const,
      raw: await pixels(input, (image) =>
        image.resize(FULL_MAX, FULL_MAX, { fit: 'inside', withoutEnlargement: true }),
      ),
    },
  ];
  const sharp = await sharpModule();
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
