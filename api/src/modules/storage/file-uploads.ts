import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { PayloadTooLargeException } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { catchError } from 'rxjs';

/**
 * Reads a multipart body of one file, in the field `field`, and a few short text fields. The file
 * is written to a file of a random name in the system's temporary folder as it arrives, never
 * held whole in memory; multer stops at `maxBytes` without reading the rest, removes the part
 * written and answers 413.
 */
export const TemporaryFileInterceptor = (field: string, maxBytes: number) =>
  FileInterceptor(field, {
    dest: tmpdir(),
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 4096 },
  });

/** Gives multer's 413 ('File too large') the sentence `message`; other errors pass unchanged. */
export const tooLargeAs = (message: string) =>
  catchError((error: unknown) => {
    throw error instanceof PayloadTooLargeException ? new PayloadTooLargeException(message) : error;
  });

/** Removes the temporary file of a request's upload, where one was written; never fails. */
export async function removeUploadedFile(req: { file?: { path?: string } }): Promise<void> {
  const file = req.file?.path;
  if (file) await unlink(file).catch(() => undefined);
}
