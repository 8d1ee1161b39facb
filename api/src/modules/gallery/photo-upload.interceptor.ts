import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { finalize, from, switchMap, type Observable } from 'rxjs';
import { GALLERY_MAX_UPLOAD_BYTES } from '@artist/contracts';
import { removeUploadedFile, TemporaryFileInterceptor, tooLargeAs } from '../storage/index.js';
import { UploadSlots } from './upload-slots.js';

export const PHOTO_TOO_LARGE = `The photo is larger than ${GALLERY_MAX_UPLOAD_BYTES / 1024 / 1024} MB: please choose a smaller file.`;

/**
 * Reads the multipart body: one file, `photo`, of at most GALLERY_MAX_UPLOAD_BYTES, into the
 * temporary folder, and the text fields. Never held whole in the server's memory, where 15 MB of
 * new memory makes the JavaScript heap collect its garbage at once and hold every request
 * meanwhile.
 */
export const PhotoFileInterceptor = TemporaryFileInterceptor('photo', GALLERY_MAX_UPLOAD_BYTES);

/** The same for an upload whose file field is named `file` (a product's photos). */
export const ImageFileInterceptor = TemporaryFileInterceptor('file', GALLERY_MAX_UPLOAD_BYTES);

/**
 * Gives multer's 413 ('File too large') a sentence for the artist. Listed before
 * PhotoFileInterceptor so that its errors pass through here.
 */
@Injectable()
export class PhotoTooLargeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(tooLargeAs(PHOTO_TOO_LARGE));
  }
}

/**
 * Waits for one of the UploadSlots before PhotoFileInterceptor reads the body, and gives it back
 * once the upload is answered: however many uploads arrive at once, only UPLOADS_AT_ONCE are
 * read and encoded. The temporary file is removed then, whatever the answer (a refused
 * description included). Listed after PhotoTooLargeInterceptor, before PhotoFileInterceptor;
 * the admin guard runs before any interceptor, so only the artist queues.
 */
@Injectable()
export class PhotoUploadSlotInterceptor implements NestInterceptor {
  constructor(private readonly slots: UploadSlots) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { file?: { path?: string } }>();
    return from(this.slots.acquire()).pipe(
      switchMap((release) =>
        next.handle().pipe(
          // The slot is given back once the file is gone, so the folder holds one at most.
          finalize(() => void removeUploadedFile(req).finally(release)),
        ),
      ),
    );
  }
}
