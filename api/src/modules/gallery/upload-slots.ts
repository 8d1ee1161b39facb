import { Injectable } from '@nestjs/common';
import pLimit from 'p-limit';

/**
 * How many photo uploads are read and turned into the gallery's files at once. One upload holds
 * its file in memory (up to 15 MB) and a core for a second or more of encoding; uploads beyond
 * this wait their turn before their body is read, so their bytes stay in the network's buffers
 * rather than the server's memory.
 */
export const UPLOADS_AT_ONCE = 1;

/** The queue of photo uploads: one for the process, shared by every upload request. */
@Injectable()
export class UploadSlots {
  private readonly limit = pLimit(UPLOADS_AT_ONCE);

  /** Resolves once a slot is free, with the function that gives it back. */
  acquire(): Promise<() => void> {
    return new Promise((granted) => {
      void this.limit(() => new Promise<void>((release) => granted(release)));
    });
  }
}
