import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import sharp from 'sharp';
import type { AdminProduct, ListPage, Product, ProductListFilter } from '@artist/contracts';
import { NOT_AN_IMAGE } from '../src/modules/gallery/gallery-images.js';
import { loggedIn } from './utils/admin.js';
import { createCheckout } from './utils/checkout.js';
import { oneDatabase } from './utils/databases.js';
import { startTestAppOn, type TestApp } from './utils/test-app.js';

/** A 1200 × 800 JPEG with EXIF naming its owner and the place it was taken (GPS). */
const cameraJpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c04020' } })
    .withExifMerge({
      IFD0: { Artist: 'Wren Calloway' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 31/1' },
    })
    .jpeg()
    .toBuffer();

const input = (name: string) => ({
  name,
  description: `${name} for the test`,
  priceInCents: 1500,
  image: null,
  sizes: [],
});

describe.each(oneDatabase())('product photos, archiving and order on $name', (db) => {
  let t: TestApp;
  let admin: TestAgent;
  let uploads: string;
  let drop: () => Promise<void>;
  let database: TestApp['config']['database'];
  let sequence = 0;

  const galleryFiles = () =>
    existsSync(path.join(uploads, 'gallery'))
      ? readdirSync(path.join(uploads, 'gallery')).sort()
      : [];
  const shop = async () =>
    (await request(t.server).get('/api/products').expect(200)).body as Product[];
  const adminList = async (status: ProductListFilter | 'all' = 'all') =>
    (await admin.get(`/api/admin/products?status=${status}`).expect(200)).body as ListPage<
      AdminProduct,
      ProductListFilter
    >;
  const create = async (name: string) =>
    (await admin.post('/api/admin/products').send(input(name)).expect(201)).body as AdminProduct;
  const upload = (id: string, file: Buffer, filename = 'photo.jpg') =>
    admin.post(`/api/admin/products/${id}/image`).attach('photo', file, { filename });
  const sellAtTheMerchTable = (productName: string) =>
    admin
      .post('/api/admin/orders/manual')
      .send({
        stripeSessionId: `manual_${Date.now()}${sequence++}`,
        salesChannel: 'in-person',
        customerName: '',
        email: '',
        showLocation: 'Ryman Auditorium',
        lineItems: [{ product_name: productName, quantity: 1, price: 1500 }],
        total: 1500,
        paymentMethod: 'cash',
      })
      .expect(201);

  beforeAll(async () => {
    uploads = mkdtempSync(path.join(tmpdir(), 'artist-uploads-'));
    ({ database, drop } = await db.create({ migrated: true }));
    t = await startTestAppOn(database, { UPLOADS_DIR: uploads });
    admin = await loggedIn(t);
  });

  afterAll(async () => {
    await t?.close();
    await drop();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('makes an uploaded photo into square AVIF and WebP files without its metadata, for the admin and the shop', async () => {
    const poster = await create('Tour Poster');
    const res = await upload(poster.id, await cameraJpeg()).expect(200);
    const product = res.body as AdminProduct;
    expect(product.photo).toEqual({
      medium: {
        webp: expect.stringMatching(/^\/media\/gallery\/[0-9a-f-]{36}-medium\.webp$/),
        avif: expect.stringMatching(/^\/media\/gallery\/[0-9a-f-]{36}-medium\.avif$/),
        width: 600,
        height: 600,
      },
      full: {
        webp: expect.stringMatching(/-full\.webp$/),
        avif: expect.stringMatching(/-full\.avif$/),
        width: 1200,
        height: 800,
      },
    });
    expect(product.image).toBe(product.photo!.medium.webp);
    expect(galleryFiles()).toHaveLength(4);

    const served = await request(t.server).get(product.photo!.medium.avif!).expect(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'heif', compression: 'av1', width: 600, height: 600 });
    expect(meta.exif).toBeUndefined();
    const webp = await request(t.server).get(product.photo!.full.webp).expect(200);
    expect(await sharp(webp.body as Buffer).metadata()).toMatchObject({ format: 'webp' });
    expect((await sharp(webp.body as Buffer).metadata()).exif).toBeUndefined();

    const inShop = (await shop()).find((p) => p.id === poster.id)!;
    expect(inShop.photo).toEqual(product.photo);
    expect(inShop.image).toBe(product.photo!.medium.webp);

    // Saving the dialog with the photo's address keeps it; a new upload replaces its files.
    const kept = await admin
      .put(`/api/admin/products/${poster.id}`)
      .send({ ...input('Tour Poster'), image: product.image })
      .expect(200);
    expect((kept.body as AdminProduct).photo).toEqual(product.photo);
    const replaced = (await upload(poster.id, await cameraJpeg()).expect(200)).body as AdminProduct;
    expect(replaced.photo!.medium.webp).not.toBe(product.photo!.medium.webp);
    expect(galleryFiles()).toEqual(
      [replaced.photo!.medium, replaced.photo!.full]
        .flatMap((image) => [image.webp, image.avif!])
        .map((url) => path.basename(url))
        .sort(),
    );
    await request(t.server).get(product.photo!.medium.webp).expect(404);
  });

  it('keeps product photos across a restart, when the gallery folder is swept', async () => {
    const before = galleryFiles();
    expect(before).toHaveLength(4);
    await t.close();
    t = await startTestAppOn(database, { UPLOADS_DIR: uploads });
    admin = await loggedIn(t);
    expect(galleryFiles()).toEqual(before);
    const poster = (await shop()).find((p) => p.name === 'Tour Poster')!;
    await request(t.server).get(poster.photo!.medium.webp).expect(200);
  });

  it('refuses what is not an image, no photo, an unknown product and an address not uploaded, changing nothing', async () => {
    const hat = (await shop()).find((p) => p.id === 'hat')!;
    const files = galleryFiles();
    const res = await upload('hat', Buffer.from('GIF89a not really'), 'photo.jpg').expect(400);
    expect(res.body.message).toBe(NOT_AN_IMAGE);
    const none = await admin.post('/api/admin/products/hat/image').field('x', 'y').expect(400);
    expect(none.body.message).toBe('Choose a photo to upload (the file field is named photo).');
    const unknown = await upload('no-such-product', await cameraJpeg()).expect(404);
    expect(unknown.body.message).toBe('Product not found.');
    const named = await admin
      .put('/api/admin/products/hat')
      .send({ ...input('Trucker Hat'), image: `/media/gallery/${files[0]}` })
      .expect(400);
    expect(named.body.message).toMatch(/^A photo is uploaded with POST/);
    expect((await shop()).find((p) => p.id === 'hat')).toEqual(hat);
    expect(galleryFiles()).toEqual(files);
    await request(t.server)
      .post('/api/admin/products/hat/image')
      .set('Origin', t.config.publicUrl)
      .expect(401);
  });

  it('removes a product never ordered, with its photo files', async () => {
    const sample = await create('Sample Mug');
    const photo = (await upload(sample.id, await cameraJpeg()).expect(200)).body as AdminProduct;
    const files = galleryFiles();
    const res = await admin.delete(`/api/admin/products/${sample.id}`).expect(200);
    expect(res.body).toEqual({ outcome: 'deleted' });
    expect((await shop()).map((p) => p.id)).not.toContain(sample.id);
    expect((await adminList()).rows.map((p) => p.id)).not.toContain(sample.id);
    const gone = [photo.photo!.medium, photo.photo!.full].flatMap((i) => [i.webp, i.avif!]);
    expect(galleryFiles()).toEqual(files.filter((f) => !gone.some((url) => url.endsWith(f))));
    await admin.delete(`/api/admin/products/${sample.id}`).expect(404);
  });

  it('archives a product that was ordered: gone from the shop and checkout, kept on its order and under Archived, restorable', async () => {
    const koozie = await create('Koozie');
    await sellAtTheMerchTable('Koozie');
    const res = await admin.delete(`/api/admin/products/${koozie.id}`).expect(200);
    expect(res.body).toMatchObject({
      outcome: 'archived',
      product: { id: koozie.id, archivedAt: expect.any(String) },
    });
    expect((await shop()).map((p) => p.id)).not.toContain(koozie.id);
    const checkout = await createCheckout(t, {
      items: [{ productId: koozie.id, quantity: 1 }],
    });
    expect(checkout.status).toBe(400);
    await request(t.server)
      .post('/api/notify-me')
      .send({ email: 'fan@example.com', productName: 'Koozie' })
      .expect(400);

    const archived = await adminList('archived');
    expect(archived.rows.map((p) => p.id)).toEqual([koozie.id]);
    expect(archived.counts.archived).toBe(1);
    expect((await adminList('sold-out')).rows.map((p) => p.id)).not.toContain(koozie.id);
    const orders = await admin.get('/api/admin/orders?search=Koozie').expect(200);
    expect(JSON.stringify(orders.body.rows)).toContain('Koozie');

    // Asked twice, it stays archived.
    await admin.delete(`/api/admin/products/${koozie.id}`).expect(200);
    const restored = await admin.post(`/api/admin/products/${koozie.id}/restore`).expect(200);
    expect(restored.body).toMatchObject({ id: koozie.id, archivedAt: null });
    const ids = (await shop()).map((p) => p.id);
    expect(ids[ids.length - 1]).toBe(koozie.id);
    expect((await adminList('archived')).rows).toEqual([]);
    await admin.post('/api/admin/products/no-such-product/restore').expect(404);
  });

  it('archives a product that sold under another name: its order lines name it by id', async () => {
    const mug = await create('Tour Mug');
    await sellAtTheMerchTable('Tour Mug');
    await admin.put(`/api/admin/products/${mug.id}`).send(input('Porch Mug')).expect(200);
    const res = await admin.delete(`/api/admin/products/${mug.id}`).expect(200);
    expect(res.body).toMatchObject({
      outcome: 'archived',
      product: { id: mug.id, name: 'Porch Mug', archivedAt: expect.any(String) },
    });
    // The order keeps what it sold, as it was called then.
    const orders = await admin.get('/api/admin/orders?search=Tour Mug').expect(200);
    expect(orders.body.rows[0].lines).toEqual([
      expect.objectContaining({ productId: mug.id, productName: 'Tour Mug', quantity: 1 }),
    ]);
  });

  it('archives a product an online checkout held, even before it was paid', async () => {
    const badge = await create('Enamel Pin');
    await admin
      .put(`/api/admin/products/${badge.id}/stock`)
      .send({ size: null, stock: 5 })
      .expect(200);
    const checkout = await createCheckout(t, { items: [{ productId: badge.id, quantity: 1 }] });
    expect(checkout.status).toBe(200);
    const res = await admin.delete(`/api/admin/products/${badge.id}`).expect(200);
    expect(res.body.outcome).toBe('archived');
  });

  it('puts the shop in the order the artist sets, and the admin list follows it', async () => {
    const inShop = (await shop()).map((p) => p.id);
    const reversed = [...inShop].reverse();
    const res = await admin.put('/api/admin/products/order').send({ ids: reversed }).expect(200);
    expect((res.body as AdminProduct[]).map((p) => p.id)).toEqual(reversed);
    expect((res.body as AdminProduct[]).map((p) => p.position)).toEqual(
      reversed.map((_, i) => i + 1),
    );
    expect((await shop()).map((p) => p.id)).toEqual(reversed);
    const listed = (await adminList()).rows.filter((p) => p.archivedAt === null).map((p) => p.id);
    expect(listed).toEqual(reversed);

    for (const [ids, message] of [
      [reversed.slice(1), /^ids must list every product in the shop: .+ is missing\.$/],
      [[...reversed, reversed[0]], /twice\.$/],
      [[...reversed.slice(1), 'no-such-product'], /not a product in the shop\.$/],
      [[], /ids must list every product in the shop/],
    ] as const) {
      const bad = await admin.put('/api/admin/products/order').send({ ids }).expect(400);
      expect(bad.body.message).toEqual(expect.stringMatching(message));
    }
    expect((await shop()).map((p) => p.id)).toEqual(reversed);
  });
});
