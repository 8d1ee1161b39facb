import type { Readable } from 'node:stream';

/** What `put` writes: bytes in memory, a file on this machine, or a stream (with its size when known). */
export type StorageSource = Buffer | { file: string } | { stream: Readable; size?: number };

/** A stored file as `list` reports it. */
export interface StoredObject {
  key: string;
  size: number;
  modified: Date;
}

/** Bytes `start` to `end` of a file, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * One `bytes=` range of a file of `size` bytes: null for none (or one that is not a single
 * range, which is answered whole, as HTTP allows), 'unsatisfiable' for one past its end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** A stored file opened for reading. */
export interface StoredFile {
  body: Readable;
  size: number;
  modified?: Date;
}

/**
 * Where uploaded files live: a folder on this machine or an S3-compatible bucket (STORAGE_URL).
 * Keys are relative paths such as `gallery/<name>.webp`. A `put` is whole or absent: a reader
 * never sees half a file under its key, whatever happens to the writer.
 */
export interface Storage {
  /** Where the files are, for messages (never a secret). */
  readonly description: string;
  put(key: string, source: StorageSource, contentType: string): Promise<void>;
  /**
   * The file, or null when there is none under the key. With `range`, `body` holds only the
   * bytes from `start` to `end` (both included) while `size` stays the whole file's.
   */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** Removes the file; a key already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix`, in no particular order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Lets go of what the storage holds open (a bucket's connections), where it holds any. */
  destroy?(): void;
}

/** The injection token of the site's `Storage`. */
export const STORAGE = Symbol('STORAGE');

/** Relative paths of plain names: no empty, `.` or `..` part, no backslash. */
const KEY = /^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Whether `key` may be stored: a relative path of plain names, nothing outside the storage. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

/** Refuses a key that could name something outside the storage's folder or prefix. */
export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The content type of an uploaded file by its extension. */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase();
  return (
    {
      webp: 'image/webp',
      avif: 'image/avif',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      png: 'image/png',
    }[extension ?? ''] ?? 'application/octet-stream'
  );
}
