import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import sharp from 'sharp';
import type { GalleryPhoto } from '@artist/contracts';
import { loadConfig } from '../src/config/env.js';
import { storeGalleryFiles } from '../src/modules/gallery/gallery-files.js';
import {
  GallerySweepService,
  SWEEP_GRACE_MS,
} from '../src/modules/gallery/gallery-sweep.service.js';
import { FileStorage } from '../src/modules/storage/file-storage.js';
import { createStorage } from '../src/modules/storage/storage.module.js';
import { S3Storage } from '../src/modules/storage/s3-storage.js';
import { STORAGE, type Storage } from '../src/modules/storage/storage.js';
import { loggedIn } from './utils/admin.js';
import { getBytes, storedBytes } from './utils/bytes.js';
import { describeWithoutDatabase, oneDatabase } from './utils/databases.js';
import { startTestS3, type TestS3 } from './utils/s3.js';
import { startTestApp, type TestApp } from './utils/test-app.js';

async function keysOf(storage: Storage, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys.sort();
}

describeWithoutDatabase('STORAGE_URL and the S3 settings', () => {
  it('keeps the folder by default, takes file: and UPLOADS_DIR, and reads s3://bucket/prefix', () => {
    expect(loadConfig({}, '/srv/site').storage).toEqual({
      type: 'file',
      dir: '/srv/site/data/uploads',
    });
    expect(loadConfig({ STORAGE_URL: 'file:media' }, '/srv/site').storage).toEqual({
      type: 'file',
      dir: '/srv/site/media',
    });
    expect(loadConfig({ STORAGE_URL: 'file:///var/lib/site' }, '/srv/site').uploadsDir).toBe(
      '/var/lib/site',
    );
    expect(loadConfig({ UPLOADS_DIR: '/var/up' }, '/srv/site').storage).toEqual({
      type: 'file',
      dir: '/var/up',
    });
    const config = loadConfig(
      {
        STORAGE_URL: 's3://wren-media/site/photos/',
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        MEDIA_PUBLIC_URL: 'https://media.wrencalloway.com/',
      },
      '/srv/site',
    );
    expect([config.storage, config.mediaPublicUrl]).toEqual([
      {
        type: 's3',
        bucket: 'wren-media',
        prefix: 'site/photos/',
        endpoint: 'https://account.r2.cloudflarestorage.com',
        region: 'auto',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
      'https://media.wrencalloway.com',
    ]);
    expect(loadConfig({ STORAGE_URL: 's3://wren-media' }, '/srv/site').storage).toEqual({
      type: 's3',
      bucket: 'wren-media',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses bad values with a sentence naming the setting', () => {
    const refused = (env: Record<string, string>, message: string) =>
      expect(() => loadConfig(env, '/srv/site')).toThrow(message);
    refused(
      { STORAGE_URL: 'ftp://host/x' },
      'STORAGE_URL: STORAGE_URL must be file:/path/to/folder or s3://bucket/prefix',
    );
    refused(
      { STORAGE_URL: 's3://Bad_Bucket/x' },
      'STORAGE_URL must be file:/path/to/folder or s3://bucket/prefix',
    );
    refused(
      { STORAGE_URL: 'file:/a', UPLOADS_DIR: '/b' },
      'UPLOADS_DIR is the older name of STORAGE_URL=file:…; set only one of the two',
    );
    refused(
      { STORAGE_URL: 's3://media', S3_ACCESS_KEY_ID: 'key' },
      'S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID',
    );
    refused(
      { STORAGE_URL: 's3://media', S3_SECRET_ACCESS_KEY: 'secret' },
      'S3_ACCESS_KEY_ID is required with S3_SECRET_ACCESS_KEY',
    );
    refused({ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be true or false');
    refused(
      { S3_ENDPOINT: 'minio:9000' },
      'S3_ENDPOINT must be a full http:// or https:// address',
    );
    refused(
      { MEDIA_PUBLIC_URL: 'media.example.com' },
      'MEDIA_PUBLIC_URL must be a full http:// or https:// address',
    );
  });
});

describeWithoutDatabase('the storage drivers', () => {
  let s3: TestS3;
  let folder: string;
  const drivers: [string, () => Storage | Promise<Storage>][] = [
    ['a folder', () => new FileStorage(folder)],
    ['S3 (s3rver)', () => createStorage(loadConfig(s3.env(`t-${randomUUID()}`), '/srv').storage)],
  ];

  beforeAll(async () => {
    s3 = await startTestS3();
  });

  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'artist-storage-'));
  });

  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  afterAll(async () => {
    await s3.close();
  });

  it.each(drivers)(
    'on %s: puts from bytes, a file and a stream, gets, lists and deletes',
    async (_, make) => {
      const storage = await make();
      const source = path.join(mkdtempSync(path.join(tmpdir(), 'artist-source-')), 'source.bin');
      const big = Buffer.alloc(300_000, 7);
      writeFileSync(source, big);
      await storage.put('gallery/a.webp', Buffer.from('bytes'), 'image/webp');
      await storage.put('gallery/b.avif', { file: source }, 'image/avif');
      await storage.put(
        'gallery/c.webp',
        { stream: Readable.from([Buffer.from('str'), Buffer.from('eam')]) },
        'image/webp',
      );
      await storage.put(
        'other/d.webp',
        { stream: Readable.from([Buffer.from('sized')]), size: 5 },
        'image/webp',
      );
      const a = (await storage.get('gallery/a.webp'))!;
      expect([a.size, (await buffer(a.body)).toString()]).toEqual([5, 'bytes']);
      const b = (await storage.get('gallery/b.avif'))!;
      expect(b.size).toBe(big.length);
      expect((await buffer(b.body)).equals(big)).toBe(true);
      expect((await storedBytes(storage, 'gallery/c.webp')).toString()).toBe('stream');
      expect(await storage.get('gallery/none.webp')).toBeNull();

      expect(await keysOf(storage, 'gallery/')).toEqual([
        'gallery/a.webp',
        'gallery/b.avif',
        'gallery/c.webp',
      ]);
      expect(await keysOf(storage)).toEqual([
        'gallery/a.webp',
        'gallery/b.avif',
        'gallery/c.webp',
        'other/d.webp',
      ]);
      const listed = [];
      for await (const { key, size, modified } of storage.list('gallery/a'))
        listed.push({ key, size, recent: Math.abs(modified.getTime() - Date.now()) < 60_000 });
      expect(listed).toEqual([{ key: 'gallery/a.webp', size: 5, recent: true }]);

      // A put replaces the file whole.
      await storage.put('gallery/a.webp', Buffer.from('new bytes'), 'image/webp');
      expect((await storedBytes(storage, 'gallery/a.webp')).toString()).toBe('new bytes');

      await storage.delete('gallery/a.webp');
      await storage.delete('gallery/a.webp');
      expect(await storage.get('gallery/a.webp')).toBeNull();
      expect(await keysOf(storage, 'gallery/')).toEqual(['gallery/b.avif', 'gallery/c.webp']);
      storage.destroy?.();
      rmSync(path.dirname(source), { recursive: true, force: true });
    },
  );

  it.each(drivers)('on %s: refuses keys that could leave the folder or prefix', async (_, make) => {
    const storage = await make();
    for (const key of [
      '../x.webp',
      'gallery/../../x',
      '/etc/passwd',
      'a//b',
      'gallery/.',
      'a\\b',
      '',
    ])
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(
        'Not a storage key',
      );
    expect(await keysOf(storage)).toEqual([]);
    storage.destroy?.();
  });

  it('in a folder, a failed write leaves nothing under the key, and stale temporary files are cleared', async () => {
    const storage = new FileStorage(folder);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('half'));
        this.destroy(new Error('the upload was cut'));
      },
    });
    await expect(storage.put('gallery/x.webp', { stream: failing }, 'image/webp')).rejects.toThrow(
      'the upload was cut',
    );
    expect(await storage.get('gallery/x.webp')).toBeNull();
    expect(readdirSync(path.join(folder, 'gallery'))).toEqual([]);
    const left = `.x.webp.${randomUUID()}.tmp`;
    writeFileSync(path.join(folder, 'gallery', left), 'half');
    writeFileSync(path.join(folder, 'gallery', '.kept.tmp'), 'not ours');
    expect(await keysOf(storage)).toEqual([]);
    expect(await storage.removeStaleTemporaries(Date.now() - 60_000)).toBe(0);
    expect(await storage.removeStaleTemporaries(Date.now() + 60_000)).toBe(1);
    expect(readdirSync(path.join(folder, 'gallery'))).toEqual(['.kept.tmp']);
  });
});

describe.each(oneDatabase())('the gallery on S3 storage, on $name', (db) => {
  let s3: TestS3;
  let t: TestApp;
  let admin: TestAgent;
  let storage: Storage;
  const png = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08040' } })
      .png()
      .toBuffer();
  const filesOf = (photo: GalleryPhoto) =>
    [photo.medium, photo.full].flatMap((size) => [size.webp, size.avif!]);
  /** The storage key of a photo file served at `url`. */
  const keyOf = (url: string) => `gallery/${path.basename(url)}`;
  /** A photo uploaded through the admin's gallery form, as the server answers it. */
  const addPhoto = async (agent: TestAgent, alt: string, filename: string) =>
    (
      await agent
        .post('/api/admin/gallery')
        .field('alt', alt)
        .attach('photo', await png(), { filename })
        .expect(201)
    ).body as GalleryPhoto;

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await startTestApp(db, s3.env('site'));
    admin = await loggedIn(t);
    storage = t.app.get<Storage>(STORAGE);
  });

  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads into the bucket, serves the stored bytes with the cache headers, and deletes them', async () => {
    expect(storage).toBeInstanceOf(S3Storage);
    const photo = await addPhoto(admin, 'On S3', 'a.png');
    const urls = filesOf(photo);
    expect(urls.every((url) => url.startsWith('/media/gallery/'))).toBe(true);
    expect(await keysOf(storage, 'gallery/')).toEqual(urls.map(keyOf).sort());
    // The objects sit under the prefix of STORAGE_URL in the bucket.
    const bucket = await createStorage(loadConfig(s3.env(''), '/srv').storage);
    expect(await keysOf(bucket, 'site/gallery/')).toHaveLength(4);
    bucket.destroy?.();

    for (const url of urls) {
      const res = await getBytes(t.server, url).expect(200);
      const stored = await storedBytes(storage, keyOf(url));
      expect((res.body as Buffer).equals(stored)).toBe(true);
      expect(res.headers['content-type']).toBe(url.endsWith('.avif') ? 'image/avif' : 'image/webp');
      expect(res.headers['content-length']).toBe(String(stored.length));
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(res.body as Buffer).metadata()).width).toBe(
        url.includes('-medium.') ? photo.medium.width : photo.full.width,
      );
    }
    const list = (await request(t.server).get('/api/gallery').expect(200)).body as GalleryPhoto[];
    expect(list.at(-1)).toEqual(photo);

    await admin.delete(`/api/admin/gallery/${photo.id}`).expect(204);
    expect(await keysOf(storage, 'gallery/')).toEqual([]);
    for (const url of urls) await request(t.server).get(url).expect(404);
  });

  it('sweeps objects no row names once past the grace, keeping those of photos', async () => {
    const kept = await addPhoto(admin, 'Kept on S3', 'k.png');
    const keptKeys = filesOf(kept).map(keyOf);
    // An upload whose process stopped before its row was committed.
    const orphan = await storeGalleryFiles(storage, [
      { size: 'medium', format: 'webp', width: 1, height: 1, data: Buffer.from('x') },
      { size: 'full', format: 'webp', width: 1, height: 1, data: Buffer.from('y') },
    ]);
    const orphanKeys = [...orphan.urls.values()].map(keyOf);
    await storage.put('gallery/notes.txt', Buffer.from('not the gallery’s'), 'text/plain');
    const sweeper = t.app.get(GallerySweepService);
    expect(await sweeper.sweep()).toEqual({ removed: 0, temporaries: 0 });
    expect(await keysOf(storage, 'gallery/')).toEqual(
      [...keptKeys, ...orphanKeys, 'gallery/notes.txt'].sort(),
    );
    expect(await sweeper.sweep(Date.now() + SWEEP_GRACE_MS + 60_000)).toEqual({
      removed: 2,
      temporaries: 0,
    });
    expect(await keysOf(storage, 'gallery/')).toEqual([...keptKeys, 'gallery/notes.txt'].sort());
    await request(t.server).get(kept.medium.webp).expect(200);
  });

  it('points the photos at MEDIA_PUBLIC_URL when a CDN or public bucket serves them', async () => {
    const cdn = await startTestApp(db, {
      ...s3.env('cdn'),
      MEDIA_PUBLIC_URL: 'https://media.wrencalloway.test/site/',
    });
    try {
      const cdnAdmin = await loggedIn(cdn);
      const photo = await addPhoto(cdnAdmin, 'Through the CDN', 'c.png');
      const urls = filesOf(photo);
      for (const url of urls)
        expect(url).toMatch(
          /^https:\/\/media\.wrencalloway\.test\/site\/gallery\/[0-9a-f-]+-(medium|full)\.(webp|avif)$/,
        );
      const cdnStorage = cdn.app.get<Storage>(STORAGE);
      expect(await keysOf(cdnStorage, 'gallery/')).toEqual(urls.map(keyOf).sort());
      const publicList = await request(cdn.server).get('/api/gallery').expect(200);
      expect((publicList.body as GalleryPhoto[]).at(-1)).toEqual(photo);
      expect(publicList.headers['content-security-policy']).toMatch(
        /img-src [^;]*https:\/\/media\.wrencalloway\.test/,
      );
      const list = (await cdnAdmin.get('/api/admin/gallery').expect(200)).body as {
        rows: GalleryPhoto[];
      };
      expect(list.rows.at(-1)).toEqual(photo);
      // Still served by the site at its own address, for links given out before.
      await request(cdn.server)
        .get(`/media/gallery/${path.basename(photo.medium.webp)}`)
        .expect(200);
    } finally {
      await cdn.close();
    }
  });
});
