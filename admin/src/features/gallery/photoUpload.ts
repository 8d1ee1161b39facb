import { GALLERY_MAX_UPLOAD_BYTES, serverMessage } from '@artist/contracts';
import { isHttpError } from '../../app/api.js';

/** The image types the API accepts; it checks the bytes, this only narrows the file picker. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/** The largest photo the gallery's pipeline takes, in MB, as the upload fields say it. */
export const UPLOAD_MAX_MB = GALLERY_MAX_UPLOAD_BYTES / 1024 / 1024;

/** Why a photo upload (to the gallery or a product) failed, in the server's words when it gave some. */
export function uploadFailure(err: unknown): string {
  const message = serverMessage(err);
  if (message) return message;
  // A proxy in front of the API may refuse a large body with a page of its own.
  if (isHttpError(err) && err.status === 413)
    return `The photo is larger than ${UPLOAD_MAX_MB} MB: please choose a smaller file.`;
  return 'The photo could not be uploaded. Please try again.';
}
