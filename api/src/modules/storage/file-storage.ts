import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  type ByteRange,
  type Storage,
  type StorageSource,
  type StoredObject,
} from './storage.js';

/**
 * Names a file is written under before it is renamed to its key: a dotfile ending in a random
 * UUID and `.tmp`, which `list` skips. A process stopped mid-write leaves one; `removeStaleTemporaries` clears
 * them.
 */
const TEMPORARY = /^\..+\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** Files in a folder on this machine (STORAGE_URL=file:/path, or UPLOADS_DIR). */
export class FileStorage implements Storage {
  readonly description: string;

  constructor(readonly root: string) {
    this.description = `the folder ${root}`;
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  async put(key: string, source: StorageSource, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomUUID()}.tmp`,
    );
    try {
      if (Buffer.isBuffer(source)) await writeFile(temporary, source, { flag: 'wx' });
      else if ('file' in source) await copyFile(source.file, temporary);
      else await pipeline(source.stream, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, target);
    } catch (error) {
      await removeFile(temporary);
      throw error;
    }
  }

  async get(key: string, range?: ByteRange) {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { body: createReadStream(file, range), size: info.size, modified: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await removeFile(this.pathOf(key));
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    for await (const entry of this.walk('')) {
      if (entry.key.startsWith(prefix)) yield entry;
    }
  }

  /**
   * Removes the temporary files of writes cut short (a kill, a power cut) older than `before`;
   * younger ones may belong to a write under way. Returns how many went.
   */
  async removeStaleTemporaries(before: number): Promise<number> {
    let removed = 0;
    for await (const file of this.temporaries(this.root)) {
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < before) {
        await removeFile(file);
        removed++;
      }
    }
    return removed;
  }

  private async *temporaries(folder: string): AsyncIterable<string> {
    for (const entry of await entriesOf(folder)) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) yield* this.temporaries(full);
      else if (entry.isFile() && TEMPORARY.test(entry.name)) yield full;
    }
  }

  private async *walk(relative: string): AsyncIterable<StoredObject> {
    for (const entry of await entriesOf(path.join(this.root, relative))) {
      if (entry.name.startsWith('.')) continue;
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* this.walk(key);
      else if (entry.isFile()) {
        const info = await stat(path.join(this.root, key)).catch(() => null);
        if (info) yield { key, size: info.size, modified: info.mtime };
      }
    }
  }
}

async function entriesOf(folder: string) {
  try {
    return await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function removeFile(file: string): Promise<void> {
  await unlink(file).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}
