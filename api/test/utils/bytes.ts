import { buffer } from 'node:stream/consumers';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { Storage } from '../../src/modules/storage/storage.js';

/** supertest's parser for a binary answer: its body as one Buffer, whatever its content type. */
function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** `GET url` as a browser fetches a photo or a download: `res.body` holds the bytes served. */
export const getBytes = (server: App, url: string) =>
  request(server).get(url).buffer(true).parse(binary);

/** The bytes `storage` holds under `key`, which must be there. */
export async function storedBytes(storage: Storage, key: string): Promise<Buffer> {
  return buffer((await storage.get(key))!.body);
}
