import {
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { catchError, type Observable } from 'rxjs';
import { GALLERY_MAX_UPLOAD_BYTES } from '@artist/contracts';

export const PHOTO_TOO_LARGE = `The photo is larger than ${GALLERY_MAX_UPLOAD_BYTES / 1024 / 1024} MB: please choose a smaller file.`;

/**
 * Reads the multipart body into memory: one file, `photo`, of at most GALLERY_MAX_UPLOAD_BYTES,
 * and the text fields. Multer stops at the limit without reading the rest.
 */
export const PhotoFileInterceptor = FileInterceptor('photo', {
  limits: { fileSize: GALLERY_MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 4096 },
});

/**
 * Gives multer's 413 ('File too large') a sentence for the artist. Listed before
 * PhotoFileInterceptor so that its errors pass through here.
 */
@Injectable()
export class PhotoTooLargeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof PayloadTooLargeException
          ? new PayloadTooLargeException(PHOTO_TOO_LARGE)
          : error;
      }),
    );
  }
}
