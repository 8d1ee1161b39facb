import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { PayloadTooLargeException, UnprocessableEntityException } from '@nestjs/common';
import type { ReadEntry } from 'tar';
import { isStorageKey } from '../storage/index.js';

/** The largest `.tar.gz` a team may publish. */
export const MAX_RELEASE_BYTES = 50 * 1024 * 1024;
/** What a release may unpack to: a built remote is a few MB; this stops a gzip bomb. */
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
/** Characters of the archive's SHA-256 (hex) that name its version. */
const VERSION_LENGTH = 12;

const NOT_GZIPPED_TAR = 'The release is not a gzipped tar.';
const TOO_LARGE = 'The release is larger than 50 MB.';

export interface UnpackedRelease {
  /** The first 12 hex characters of the archive's SHA-256. */
  version: string;
  /** The files' paths inside the release (relative, `/`-separated), each written under `dir`. */
  files: string[];
}

/** Whether a `Content-Length` announces a release over the limit: refused before a byte is read. */
export function announcedTooLarge(contentLength: string | undefined): boolean {
  return contentLength !== undefined && Number(contentLength) > MAX_RELEASE_BYTES;
}

export function tooLarge(): PayloadTooLargeException {
  return new PayloadTooLargeException(TOO_LARGE);
}

/**
 * Reads a `.tar.gz` as it arrives, hashing its bytes and writing its files under `dir`: never
 * more than MAX_RELEASE_BYTES read, nor MAX_UNPACKED_BYTES written. Only plain files and folders
 * whose names storage can hold are taken; anything else refuses the whole release (422).
 */
export async function unpackRelease(body: Readable, dir: string): Promise<UnpackedRelease> {
  // Loaded by the first release published, not by every start.
  const { Parser } = await import('tar');
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let read = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      if (read > MAX_RELEASE_BYTES) return done(tooLarge());
      if (head.length < 2) {
        head = Buffer.concat([head, chunk.subarray(0, 2 - head.length)]);
        if (head.length === 2 && (head[0] !== 0x1f || head[1] !== 0x8b))
          return done(new UnprocessableEntityException(NOT_GZIPPED_TAR));
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });

  const files: string[] = [];
  const writes: Promise<void>[] = [];
  let refusal: string | undefined;
  let unpacked = 0;
  const take = (entry: ReadEntry) => {
    const name = entry.path.replace(/^(\.\/)+/, '').replace(/\/$/, '');
    if (refusal || entry.type === 'Directory' || name === '' || name === '.') return entry.resume();
    if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'ContiguousFile') {
      refusal = `The release holds ${name}, which is not a plain file: only files and folders can be published.`;
    } else if (!isStorageKey(name)) {
      refusal = `The release holds a file whose name the site cannot store: ${name} (letters, digits, ".", "_" and "-" only).`;
    } else if ((unpacked += entry.size ?? 0) > MAX_UNPACKED_BYTES) {
      refusal = 'The release unpacks to more than 200 MB.';
    }
    if (refusal) return entry.resume();
    files.push(name);
    const target = path.join(dir, ...name.split('/'));
    mkdirSync(path.dirname(target), { recursive: true });
    const out = createWriteStream(target);
    entry.pipe(out);
    writes.push(finished(out));
  };
  const parser = new Parser({ strict: true, onReadEntry: take });

  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      body.unpipe(checked);
      checked.unpipe();
      reject(error);
    };
    body.on('error', fail);
    checked.on('error', fail);
    // Any damage inside the gzip or the tar (strict: the parser's warnings are errors).
    parser.on('error', () => fail(new UnprocessableEntityException(NOT_GZIPPED_TAR)));
    parser.on('end', () => resolve());
    body.pipe(checked).pipe(parser as unknown as NodeJS.WritableStream);
  });
  await Promise.all(writes);
  if (read === 0) throw new UnprocessableEntityException(NOT_GZIPPED_TAR);
  if (refusal) throw new UnprocessableEntityException(refusal);
  return { version: hash.digest('hex').slice(0, VERSION_LENGTH), files };
}
