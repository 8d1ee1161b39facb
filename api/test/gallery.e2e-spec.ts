import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import sharp from 'sharp';
import { DataSource, EntityManager } from 'typeorm';
import {
  GALLERY_ALT_MAX,
  GALLERY_MAX_UPLOAD_BYTES,
  type GalleryPhoto,
  type ListPage,
} from '@artist/contracts';
import type { AppConfig } from '../src/config/env.js';
import { dataSourceOptions } from '../src/database/data-source.js';
import { entities } from '../src/entities.js';
import { storeGalleryFiles } from '../src/modules/gallery/gallery-files.js';
import {
  GallerySweepService,
  SWEEP_GRACE_MS,
} from '../src/modules/gallery/gallery-sweep.service.js';
import { STORAGE, type Storage } from '../src/modules/storage/storage.js';
import { NOT_AN_IMAGE, type MadeImage } from '../src/modules/gallery/gallery-images.js';
import { GalleryPhotoRecord } from '../src/modules/gallery/gallery-photo.entity.js';
import { PHOTO_TOO_LARGE } from '../src/modules/gallery/photo-upload.interceptor.js';
import { browser, loggedIn } from './utils/admin.js';
import { getBytes } from './utils/bytes.js';
import { oneDatabase, testDatabases } from './utils/databases.js';
import { startTestApp, startTestAppOn, type TestApp } from './utils/test-app.js';

/** The three photos the site was built with, in their order. */
const FIRST_PHOTOS = ['live-stage', 'studio-session', 'on-the-road'];

/**
 * A 3000 × 2000 JPEG as a phone takes it: stored sideways with EXIF orientation 6 (turn 90°
 * clockwise to view), and EXIF naming its camera owner and the place it was taken (GPS).
 */
async function phoneJpeg(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  // Left half red, right half blue: once turned upright, red is on top.
  const halves = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="${width / 2}" height="${height}" fill="#f00"/>` +
      `<rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#00f"/></svg>`,
  );
  return sharp(halves)
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: 'Wren Calloway', Artist: 'Wren Calloway' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 31/1' },
    })
    .jpeg()
    .toBuffer();
}

/**
 * A connection of its own to the app's database: it sees a row only once its transaction is
 * committed, on either database.
 */
const separateConnection = (database: AppConfig['database']) =>
  new DataSource(dataSourceOptions(database, entities)).initialize();

/** How many rows a connection sees naming a gallery address. */
const rowsNaming = (reader: DataSource, url: string) =>
  reader
    .getRepository(GalleryPhotoRecord)
    .countBy([{ mediumWebp: url }, { mediumAvif: url }, { fullWebp: url }, { fullAvif: url }]);

/** The four files of an upload as the encoder makes them (their bytes do not matter here). */
const madeImages = (): MadeImage[] =>
  (['medium', 'full'] as const).flatMap((size) =>
    (['avif', 'webp'] as const).map((format) => ({
      size,
      format,
      width: 600,
      height: 400,
      data: Buffer.from(`${size} ${format}`),
    })),
  );

describe.each(testDatabases())('gallery on $name', (db) => {
  let t: TestApp;
  let admin: TestAgent;
  let uploads: string;
  const galleryFiles = () => readdirSync(path.join(uploads, 'gallery')).sort();
  const publicList = async () =>
    (await request(t.server).get('/api/gallery').expect(200)).body as GalleryPhoto[];
  const adminList = async (query = '') =>
    (await admin.get(`/api/admin/gallery${query}`).expect(200)).body as ListPage<
      GalleryPhoto,
      never
    >;
  const upload = (file: Buffer, name: string, alt?: string, contentType?: string) => {
    const req = admin.post('/api/admin/gallery');
    if (alt !== undefined) req.field('alt', alt);
    return req.attach('photo', file, { filename: name, contentType });
  };

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(tmpdir(), 'artist-uploads-'));
    t = await startTestApp(db, { UPLOADS_DIR: uploads });
    admin = await loggedIn(t);
  });

  afterAll(async () => {
    await t?.close();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('starts with the three photos the site was built with, in their order, WebP only', async () => {
    const photos = await publicList();
    expect(photos.map((p) => p.medium.webp)).toEqual(
      FIRST_PHOTOS.map((name) => `/gallery-optimized/${name}-medium.webp`),
    );
    expect(photos[0]).toEqual({
      id: photos[0]!.id,
      alt: 'Wren Calloway singing under two spotlights on a dark stage',
      medium: {
        webp: '/gallery-optimized/live-stage-medium.webp',
        avif: null,
        width: 600,
        height: 400,
      },
      full: {
        webp: '/gallery-optimized/live-stage-full.webp',
        avif: null,
        width: 1600,
        height: 1067,
      },
    });
    const list = await adminList();
    expect(list).toEqual({ rows: photos, total: 3, counts: { all: 3 }, page: 1, pageSize: 50 });
  });

  it('keeps every gallery route but the public list to the artist', async () => {
    const anyone = browser(t);
    await request(t.server).get('/api/admin/gallery').expect(401);
    await anyone.post('/api/admin/gallery').field('alt', 'x').expect(401);
    await anyone.patch('/api/admin/gallery/1').send({ alt: 'x' }).expect(401);
    await anyone.delete('/api/admin/gallery/1').expect(401);
    await anyone
      .put('/api/admin/gallery/order')
      .send({ ids: [1, 2, 3] })
      .expect(401);
    expect(await publicList()).toHaveLength(3);
  });

  it('turns a phone photo upright, strips its EXIF and GPS, and serves medium and full in AVIF and WebP', async () => {
    const jpeg = await phoneJpeg();
    const input = await sharp(jpeg).metadata();
    expect([input.format, input.orientation, input.exif?.toString('latin1')]).toEqual([
      'jpeg',
      6,
      expect.stringContaining('Wren Calloway'),
    ]);

    const res = await upload(jpeg, 'IMG_0001.jpg', '  Wren at the Broken Spoke  ').expect(201);
    const photo = res.body as GalleryPhoto;
    expect(photo).toEqual({
      id: expect.any(Number),
      alt: 'Wren at the Broken Spoke',
      medium: {
        webp: expect.stringMatching(/^\/media\/gallery\/[0-9a-f-]{36}-medium\.webp$/),
        avif: expect.stringMatching(/^\/media\/gallery\/[0-9a-f-]{36}-medium\.avif$/),
        width: 600,
        height: 400,
      },
      // 3000 × 2000 stored sideways is 2000 × 3000 upright: 1600 high.
      full: {
        webp: expect.stringMatching(/^\/media\/gallery\/[0-9a-f-]{36}-full\.webp$/),
        avif: expect.stringMatching(/^\/media\/gallery\/[0-9a-f-]{36}-full\.avif$/),
        width: 1067,
        height: 1600,
      },
    });
    const photos = await publicList();
    expect(photos.at(-1)).toEqual(photo);

    const files = [
      { url: photo.medium.webp, type: 'image/webp', format: 'webp', size: photo.medium },
      { url: photo.medium.avif!, type: 'image/avif', format: 'heif', size: photo.medium },
      { url: photo.full.webp, type: 'image/webp', format: 'webp', size: photo.full },
      { url: photo.full.avif!, type: 'image/avif', format: 'heif', size: photo.full },
    ];
    expect(galleryFiles()).toEqual(files.map((f) => path.basename(f.url)).sort());
    for (const file of files) {
      const served = await getBytes(t.server, file.url).expect(200);
      expect(served.headers['content-type']).toBe(file.type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.body as Buffer).metadata();
      expect({
        url: file.url,
        format: meta.format,
        width: meta.width,
        height: meta.height,
        exif: meta.exif,
        xmp: meta.xmp,
        iptc: meta.iptc,
      }).toEqual({
        url: file.url,
        format: file.format,
        width: file.size.width,
        height: file.size.height,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
      });
      // Upright: the red half (left as stored) is now on top.
      const { data } = await sharp(served.body as Buffer)
        .extract({ left: 0, top: 0, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(200);
      expect(data[2]).toBeLessThan(60);
    }
  });

  it("writes an upload's files to storage before its row is committed", async () => {
    const before = galleryFiles();
    const storage = t.app.get<Storage>(STORAGE);
    const real = storage.put.bind(storage);
    const puts: { key: string; committedRows: number }[] = [];
    const reader = await separateConnection(t.config.database);
    const put = jest.spyOn(storage, 'put').mockImplementation(async (key, source, type) => {
      puts.push({
        key,
        committedRows: await rowsNaming(reader, `/media/${key}`),
      });
      return real(key, source, type);
    });
    try {
      const png = await sharp({
        create: { width: 40, height: 30, channels: 3, background: '#208040' },
      })
        .png()
        .toBuffer();
      const photo = (await upload(png, 'a.png', 'Stored before its row').expect(201))
        .body as GalleryPhoto;
      const names = [photo.medium, photo.full]
        .flatMap((size) => [size.webp, size.avif!])
        .map((url) => path.basename(url));
      expect(puts.map((p) => p.key).sort()).toEqual(names.map((n) => `gallery/${n}`).sort());
      for (const p of puts) expect(p).toEqual({ key: p.key, committedRows: 0 });
      expect(await rowsNaming(reader, photo.full.webp)).toBe(1);
      expect(galleryFiles()).toEqual([...before, ...names].sort());
      expect(readdirSync(path.join(uploads, 'gallery')).filter((n) => n.startsWith('.'))).toEqual(
        [],
      );
    } finally {
      put.mockRestore();
      await reader.destroy();
    }
  });

  it('removes the files it stored when the row cannot be committed', async () => {
    const before = galleryFiles();
    const rows = await t.app.get(DataSource).getRepository(GalleryPhotoRecord).count();
    const realSave = EntityManager.prototype.save;
    const save = jest.spyOn(EntityManager.prototype, 'save').mockImplementation(function (
      this: EntityManager,
      ...args: unknown[]
    ) {
      if (args[0] instanceof GalleryPhotoRecord)
        return Promise.reject(new Error('the database went away'));
      return (realSave as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    } as never);
    try {
      const png = await sharp({
        create: { width: 20, height: 20, channels: 3, background: '#123' },
      })
        .png()
        .toBuffer();
      await upload(png, 'a.png', 'Never committed').expect(500);
    } finally {
      save.mockRestore();
    }
    expect(galleryFiles()).toEqual(before);
    expect(await t.app.get(DataSource).getRepository(GalleryPhotoRecord).count()).toBe(rows);
  });

  it('reads the type from the bytes: a PNG named photo.jpg is taken, a text named evil.jpg is not', async () => {
    const before = galleryFiles();
    const png = await sharp({
      create: { width: 800, height: 600, channels: 4, background: '#c8a06480' },
    })
      .png()
      .toBuffer();
    const res = await upload(png, 'photo.jpg', 'A PNG in disguise', 'image/jpeg').expect(201);
    const photo = res.body as GalleryPhoto;
    // Smaller than the lightbox's bound: kept at its size.
    expect([photo.full.width, photo.full.height]).toEqual([800, 600]);
    expect(galleryFiles()).toHaveLength(before.length + 4);

    const total = (await adminList()).total;
    const evil = Buffer.from('#!/bin/sh\necho this is not a photo\n');
    const refused = await upload(evil, 'evil.jpg', 'Not a photo', 'image/jpeg').expect(400);
    expect(refused.body).toEqual({ statusCode: 400, message: NOT_AN_IMAGE });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await upload(gif, 'still.png', 'A GIF', 'image/png').expect(400, {
      statusCode: 400,
      message: NOT_AN_IMAGE,
    });
    expect((await adminList()).total).toBe(total);
    expect(galleryFiles()).toHaveLength(before.length + 4);
  });

  it('refuses a photo over 15 MB with 413 and a sentence, storing nothing', async () => {
    const total = (await adminList()).total;
    const files = galleryFiles();
    const big = Buffer.alloc(GALLERY_MAX_UPLOAD_BYTES + 1, 0xff);
    const res = await upload(big, 'huge.jpg', 'Too big', 'image/jpeg').expect(413);
    expect(res.body).toEqual({ statusCode: 413, message: PHOTO_TOO_LARGE });
    expect((await adminList()).total).toBe(total);
    expect(galleryFiles()).toEqual(files);
  });

  it('needs a description of 1 to 200 characters, and a file', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const total = (await adminList()).total;
    const files = galleryFiles();
    const message = `alt: describe the photo in 1 to ${GALLERY_ALT_MAX} characters`;
    for (const alt of [undefined, '', '   ', 'x'.repeat(GALLERY_ALT_MAX + 1)]) {
      const res = await upload(png, 'a.png', alt).expect(400);
      expect([alt, res.body.message]).toEqual([alt, message]);
    }
    await admin.post('/api/admin/gallery').field('alt', 'No file').expect(400, {
      statusCode: 400,
      message: 'Choose a photo to upload (the file field is named photo).',
    });
    await upload(png, 'a.png', 'x'.repeat(GALLERY_ALT_MAX)).expect(201);
    expect((await adminList()).total).toBe(total + 1);
    expect(galleryFiles()).toHaveLength(files.length + 4);
  });

  it('corrects a description', async () => {
    const [first] = await publicList();
    const res = await admin
      .patch(`/api/admin/gallery/${first!.id}`)
      .send({ alt: 'Wren under the lights' })
      .expect(200);
    expect(res.body).toEqual({ ...first, alt: 'Wren under the lights' });
    expect((await publicList())[0]!.alt).toBe('Wren under the lights');
    await admin.patch(`/api/admin/gallery/${first!.id}`).send({ alt: '' }).expect(400);
    await admin
      .patch('/api/admin/gallery/999999')
      .send({ alt: 'x' })
      .expect(404, { statusCode: 404, message: 'Photo not found.' });
  });

  it('sets the order from every id, each once, and refuses any other list', async () => {
    const ids = (await publicList()).map((p) => p.id);
    const reversed = [...ids].reverse();
    const res = await admin.put('/api/admin/gallery/order').send({ ids: reversed }).expect(200);
    expect((res.body as GalleryPhoto[]).map((p) => p.id)).toEqual(reversed);
    expect((await publicList()).map((p) => p.id)).toEqual(reversed);
    expect((await adminList()).rows.map((p) => p.id)).toEqual(reversed);

    const refused = async (body: object, message: string) => {
      const r = await admin.put('/api/admin/gallery/order').send(body).expect(400);
      expect(r.body.message).toBe(message);
    };
    await refused(
      { ids: reversed.slice(1) },
      `ids must list every photo of the gallery: ${reversed[0]} is missing.`,
    );
    await refused({ ids: [...reversed, reversed[0]] }, `ids lists photo ${reversed[0]} twice.`);
    await refused(
      { ids: [...reversed, 999999] },
      'ids lists photo 999999, which is not in the gallery.',
    );
    await refused({ ids: 'all' }, 'ids must be the list of every photo id, in the new order');
    await refused({ ids: ['1'] }, 'Each id must be a whole number');
    expect((await publicList()).map((p) => p.id)).toEqual(reversed);
  });

  it('deletes a photo with its files, leaves the built ones alone, and appends after the last', async () => {
    const photos = await publicList();
    const uploaded = photos.find((p) => p.medium.avif !== null)!;
    const names = [uploaded.medium, uploaded.full]
      .flatMap((i) => [i.webp, i.avif!])
      .map((u) => path.basename(u));
    expect(galleryFiles()).toEqual(expect.arrayContaining(names));
    await admin.delete(`/api/admin/gallery/${uploaded.id}`).expect(204);
    expect((await publicList()).map((p) => p.id)).not.toContain(uploaded.id);
    expect(galleryFiles()).toEqual(galleryFiles().filter((name) => !names.includes(name)));
    expect(galleryFiles().some((name) => names.includes(name))).toBe(false);
    await request(t.server).get(uploaded.medium.webp).expect(404);
    await admin
      .delete(`/api/admin/gallery/${uploaded.id}`)
      .expect(404, { statusCode: 404, message: 'Photo not found.' });

    const built = photos.find((p) => p.medium.avif === null)!;
    await admin.delete(`/api/admin/gallery/${built.id}`).expect(204);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const added = (await upload(png, 'a.png', 'Last one').expect(201)).body as GalleryPhoto;
    expect((await publicList()).at(-1)!.id).toBe(added.id);
  });

  it('serves only the gallery files: no listing, nothing outside the folder', async () => {
    writeFileSync(path.join(uploads, 'secret.txt'), 'not for the public');
    for (const url of [
      '/media/gallery/',
      '/media/gallery',
      '/media/gallery/../secret.txt',
      '/media/gallery/..%2fsecret.txt',
      '/media/gallery/%2e%2e/secret.txt',
      '/media/gallery/.hidden',
    ]) {
      const res = await request(t.server).get(url);
      expect([url, res.status === 403 || res.status === 404]).toEqual([url, true]);
      expect(res.text ?? '').not.toContain('not for the public');
    }
  });
});

describe.each(oneDatabase())('gallery files after a crash, on $name', (db) => {
  let uploads: string;
  let database: AppConfig['database'];
  let drop: () => Promise<void>;
  let t: TestApp | undefined;
  const folder = () => path.join(uploads, 'gallery');
  const everyFile = () => readdirSync(folder()).sort();

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(tmpdir(), 'artist-uploads-'));
    ({ database, drop } = await db.create());
  });

  afterAll(async () => {
    await t?.close();
    await drop();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('removes the files no row names once past the grace, and only those', async () => {
    t = await startTestAppOn(database, { UPLOADS_DIR: uploads });
    const admin = await loggedIn(t);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#a05020' },
    })
      .png()
      .toBuffer();
    const kept = (
      await admin
        .post('/api/admin/gallery')
        .field('alt', 'Kept')
        .attach('photo', png, { filename: 'kept.png' })
        .expect(201)
    ).body as GalleryPhoto;
    const keptNames = [kept.medium, kept.full]
      .flatMap((size) => [size.webp, size.avif!])
      .map((url) => path.basename(url));

    // Killed after writing its files, before its row was committed.
    const storage = t.app.get<Storage>(STORAGE);
    const uncommitted = await storeGalleryFiles(storage, madeImages());
    const uncommittedNames = [...uncommitted.urls.values()].map((u) => path.basename(u));
    // Killed in the middle of writing a file: the folder storage's temporary name.
    const cutShort = `.${randomUUID()}-full.webp.${randomUUID()}.tmp`;
    writeFileSync(path.join(folder(), cutShort), 'half a file');
    // Files this module never makes are not its to remove.
    writeFileSync(path.join(folder(), 'notes.txt'), 'the artist keeps this');
    writeFileSync(path.join(folder(), '.hidden.tmp'), 'not an upload');
    await request(t.server).get(`/media/gallery/${uncommittedNames[0]}`).expect(200);
    await t.close();

    // At start-up they are too young to tell from an upload under way on another instance.
    t = await startTestAppOn(database, { UPLOADS_DIR: uploads });
    const all = [...keptNames, ...uncommittedNames, cutShort, 'notes.txt', '.hidden.tmp'].sort();
    expect(everyFile()).toEqual(all);
    const sweeper = t.app.get(GallerySweepService);
    expect(await sweeper.sweep(Date.now() + SWEEP_GRACE_MS - 60_000)).toEqual({
      removed: 0,
      temporaries: 0,
    });
    expect(everyFile()).toEqual(all);

    expect(await sweeper.sweep(Date.now() + SWEEP_GRACE_MS + 60_000)).toEqual({
      removed: 4,
      temporaries: 1,
    });
    expect(everyFile()).toEqual([...keptNames, 'notes.txt', '.hidden.tmp'].sort());
    await request(t.server).get(`/media/gallery/${uncommittedNames[0]}`).expect(404);
    const served = await request(t.server).get(kept.full.avif!).expect(200);
    expect(served.headers['content-type']).toBe('image/avif');
    const list = (await request(t.server).get('/api/gallery').expect(200)).body as GalleryPhoto[];
    expect(list.map((p) => p.alt).at(-1)).toBe('Kept');
  });
});
