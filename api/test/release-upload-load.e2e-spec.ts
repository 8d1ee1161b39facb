import { request as httpRequest } from 'node:http';
import { MB, watchMemory, type RunningApi } from '../scripts/upload-load.js';
import { buildApi } from './utils/built.js';
import { builtApiOfSuite } from './utils/built-api.js';
import { oneDatabase } from './utils/databases.js';

const GB = 1024 * MB;
const MAX_RSS = 300 * MB;
/** Past this the server is stopped, so a server that balloons cannot take the machine's memory. */
const GUARD_RSS = 1000 * MB;

/**
 * `POST /api/admin/products/:id/files` with a ZIP of `size` bytes, written to the socket a
 * megabyte at a time (the test holds no more of it than the server should).
 */
function uploadZip(api: RunningApi, productId: string, size: number) {
  const boundary = '----release-upload-load';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="format"\r\n\r\nFLAC\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="porch-light.zip"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MB, 0x5a);
  chunk.write('PK\x03\x04', 0, 'latin1');
  const url = new URL(`${api.base}/api/admin/products/${productId}/files`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        Origin: api.base,
        Cookie: api.cookie,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + size + tail.length),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (data: Buffer) => (body += data.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.write(head);
    let sent = 0;
    const next = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(MB, size - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', next);
      }
      req.end(tail);
    };
    next();
  });
}

beforeAll(() => {
  buildApi();
}, 240_000);

// The built server runs as a process of its own, so its memory (read from /proc) is its own.
describe.each(oneDatabase())('release uploads on $name', (db) => {
  const api = builtApiOfSuite(db);

  it('streams a 1 GB ZIP to storage with the server under 300 MB of resident memory', async () => {
    const created = await fetch(`${api.base}/api/admin/products`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: api.base, Cookie: api.cookie },
      body: JSON.stringify({
        name: 'Porch Light',
        description: '',
        image: null,
        sizes: [],
        kind: 'digital',
        pricing: 'name-your-price',
        minPriceCents: 800,
      }),
    });
    expect(created.status).toBe(201);
    const { result, peak, stopped } = await watchMemory(api, GUARD_RSS, () =>
      uploadZip(api, 'porch-light', GB),
    );
    expect(stopped).toBe(false);
    expect(result).toMatchObject({ status: 'fulfilled', value: { status: 201 } });
    const answer = (result as PromiseFulfilledResult<{ body: string }>).value.body;
    expect(JSON.parse(answer)).toEqual({ id: expect.any(Number), format: 'FLAC', bytes: GB });
    expect(peak).toBeLessThan(MAX_RSS);
  }, 600_000);
});
