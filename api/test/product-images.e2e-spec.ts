import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import sharp from 'sharp';
import type { AdminProduct, ListPage, Product } from '@artist/contracts';
import {
  IMAGES_ORDER_MESSAGE,
  NO_IMAGE_FILE,
  TOO_MANY_IMAGES,
} from '../src/modules/catalog/product-images.js';
import { NOT_AN_IMAGE } from '../src/modules/gallery/gallery-images.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

const jpeg = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();

// The list is JSON text read and written under a lock on the product's row, which differs
// between the dialects: both databases.
describe.each(testDatabases())("a product's photos on $name", (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  const create = async (name: string, image: string | null = null) =>
    (
      await admin
        .post('/api/admin/products')
        .send({ name, description: '', priceInCents: 1500, image, sizes: [] })
        .expect(201)
    ).body as AdminProduct;
  const addImage = (id: string, file: Buffer, filename = 'photo.jpg') =>
    admin.post(`/api/admin/products/${id}/images`).attach('file', file, { filename });
  const adminProduct = async (id: string) =>
    (
      (await admin.get('/api/admin/products?status=all&pageSize=200').expect(200)).body as ListPage<
        AdminProduct,
        string
      >
    ).rows.find((p) => p.id === id)!;
  const shopProduct = async (id: string) =>
    ((await request(t.server).get('/api/products').expect(200)).body as Product[]).find(
      (p) => p.id === id,
    )!;

  it("keeps a product's one image as its first photo", async () => {
    const shirt = await shopProduct('tshirt');
    expect(shirt.image).toMatch(/^\/assets\//);
    expect(shirt.images).toEqual([shirt.image]);
    expect((await adminProduct('tshirt')).images).toEqual([shirt.image]);
    const poster = await create('Poster Given', '/assets/poster.webp');
    expect(poster.images).toEqual(['/assets/poster.webp']);
    expect((await create('No Photo')).images).toEqual([]);
  });

  it('adds photos last, reorders them (the first is the card’s) and removes one with its files', async () => {
    const { id } = await create('Tour Poster', '/assets/poster.webp');
    const first = (await addImage(id, await jpeg('#c04020')).expect(201)).body as { url: string };
    expect(first).toEqual({ url: expect.stringMatching(/^\/media\/gallery\/.+-full\.webp$/) });
    const second = (await addImage(id, await jpeg('#2040c0')).expect(201)).body as { url: string };
    await request(t.server).get(second.url).expect(200);

    expect((await adminProduct(id)).images).toEqual(['/assets/poster.webp', first.url, second.url]);
    expect((await shopProduct(id)).images).toEqual(['/assets/poster.webp', first.url, second.url]);
    expect((await shopProduct(id)).image).toBe('/assets/poster.webp');

    const order = [second.url, '/assets/poster.webp', first.url];
    const reordered = (
      await admin.put(`/api/admin/products/${id}/images`).send({ images: order }).expect(200)
    ).body as AdminProduct;
    expect(reordered.images).toEqual(order);
    // The card shows the first photo's square.
    expect(reordered.image).toBe(second.url.replace('-full.webp', '-medium.webp'));
    expect(reordered.photo?.full.webp).toBe(second.url);
    expect((await shopProduct(id)).image).toBe(reordered.image);

    const removed = (await admin.delete(`/api/admin/products/${id}/images/0`).expect(200))
      .body as AdminProduct;
    expect(removed.images).toEqual(['/assets/poster.webp', first.url]);
    expect(removed.image).toBe('/assets/poster.webp');
    expect(removed.photo).toBeNull();
    await request(t.server).get(second.url).expect(404);
    await request(t.server).get(first.url).expect(200);
  });

  it('replaces the first photo through the single photo upload, keeping the others', async () => {
    const { id } = await create('Tote Bag', '/assets/tote.webp');
    const extra = (await addImage(id, await jpeg('#20c040')).expect(201)).body as { url: string };
    const single = (
      await admin
        .post(`/api/admin/products/${id}/image`)
        .attach('photo', await jpeg('#000000'), { filename: 'a.jpg' })
        .expect(200)
    ).body as AdminProduct;
    expect(single.images).toEqual([single.photo!.full.webp, extra.url]);
    expect(single.image).toBe(single.photo!.medium.webp);
  });

  it('refuses bad uploads and places with a sentence, changing nothing', async () => {
    const { id } = await create('Refusals', '/assets/refusals.webp');
    const noFile = await admin.post(`/api/admin/products/${id}/images`).field('x', '1').expect(400);
    expect(noFile.body.message).toBe(NO_IMAGE_FILE);
    const text = await addImage(id, Buffer.from('not an image at all'), 'photo.jpg').expect(400);
    expect(text.body.message).toBe(NOT_AN_IMAGE);
    await addImage('no-such-product', await jpeg('#101010')).expect(404);

    const gone = await admin.delete(`/api/admin/products/${id}/images/3`).expect(400);
    expect(gone.body.message).toBe(
      'This product has 1 photo, numbered from 0 to 0; there is no photo 3.',
    );
    await admin.delete(`/api/admin/products/${id}/images/first`).expect(400);
    for (const images of [
      [],
      ['/assets/other.webp'],
      ['/assets/refusals.webp', '/assets/refusals.webp'],
      'x',
    ]) {
      const res = await admin.put(`/api/admin/products/${id}/images`).send({ images }).expect(400);
      expect(res.body.message).toBe(IMAGES_ORDER_MESSAGE);
    }
    expect((await adminProduct(id)).images).toEqual(['/assets/refusals.webp']);
  });

  it('takes at most 8 photos, even when uploads race for the last places', async () => {
    const { id } = await create('Eight Photos', '/assets/eight.webp');
    const photo = await jpeg('#808080');
    for (let i = 0; i < 5; i++) await addImage(id, photo).expect(201);
    // 6 photos: four uploads at once race for the last two places.
    const raced = await Promise.all([0, 1, 2, 3].map(() => addImage(id, photo)));
    expect(raced.map((r) => r.status).sort()).toEqual([201, 201, 400, 400]);
    for (const r of raced.filter((r) => r.status === 400))
      expect(r.body.message).toBe(TOO_MANY_IMAGES);
    expect((await adminProduct(id)).images).toHaveLength(8);
    const ninth = await addImage(id, photo).expect(400);
    expect(ninth.body.message).toBe(TOO_MANY_IMAGES);
  });
});
