import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type { AdminProduct, Product, ProductInput } from '@artist/contracts';
import { ProductVariantRecord } from '../src/modules/catalog/product.entity.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

// A size's column and the uniqueness of a product's sizes differ between the dialects (MySQL's
// collation ignores case): both databases.
describe.each(testDatabases())('sizes the artist names on $name', (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  const input = (sizes: unknown, name = 'Tour Hoodie'): ProductInput =>
    ({ name, description: '', priceInCents: 4500, image: null, sizes }) as ProductInput;

  const publicProduct = async (id: string) =>
    ((await request(t.server).get('/api/products').expect(200)).body as Product[]).find(
      (p) => p.id === id,
    )!;

  it('keeps her own sizes in the order she gives, each with its own stock', async () => {
    const sizes = ['XS', 'Youth M', 'One size', '3XL'];
    const created = (await admin.post('/api/admin/products').send(input(sizes)).expect(201))
      .body as AdminProduct;
    expect(created.variants.map((v) => v.size)).toEqual(sizes);

    await admin
      .put(`/api/admin/products/${created.id}/stock`)
      .send({ size: 'Youth M', stock: 3 })
      .expect(200);
    await admin
      .put(`/api/admin/products/${created.id}/stock`)
      .send({ size: '3XL', stock: 0 })
      .expect(200);
    const shop = await publicProduct(created.id);
    expect(shop.sizes).toEqual(sizes);
    expect(shop.variants).toEqual([
      { size: 'XS', available: true, left: null },
      { size: 'Youth M', available: true, left: 3 },
      { size: 'One size', available: true, left: null },
      { size: '3XL', available: false, left: 0 },
    ]);

    // Reordered, one removed and one added: the stock stays with its size.
    const reordered = ['3XL', 'Youth M', 'XS', 'Youth XL'];
    const updated = (
      await admin.put(`/api/admin/products/${created.id}`).send(input(reordered)).expect(200)
    ).body as AdminProduct;
    expect(updated.variants.map((v) => [v.size, v.stock])).toEqual([
      ['3XL', 0],
      ['Youth M', 3],
      ['XS', null],
      ['Youth XL', null],
    ]);
    expect((await publicProduct(created.id)).sizes).toEqual(reordered);
  });

  it('trims a size and takes up to 12 sizes of up to 12 characters', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `Twelve ch ${String(i).padStart(2, '0')}`);
    const created = (
      await admin
        .post('/api/admin/products')
        .send(input(['  Kids   S ', ...eleven]))
        .expect(201)
    ).body as AdminProduct;
    expect(created.variants.map((v) => v.size)).toEqual(['Kids S', ...eleven]);
  });

  it.each([
    [['S', 'M', 'm'], 'Each size is named once: "m" is listed twice.'],
    [['Thirteen char'], 'A size is at most 12 characters: "Thirteen char" is 13.'],
    [['  '], 'A size needs a name: 1 to 12 characters, such as XS or 3XL.'],
    [
      ['M<b>'],
      'A size may hold letters, digits, spaces and . / + - ( ) \' only: "M<b>" has other characters.',
    ],
    [Array.from({ length: 13 }, (_, i) => `S${i}`), 'A product may come in at most 12 sizes.'],
    [
      'S, M',
      'sizes must be a list of size names, such as ["S", "M", "L"], or empty for a product without sizes.',
    ],
    [
      [1, 2],
      'sizes must be a list of size names, such as ["S", "M", "L"], or empty for a product without sizes.',
    ],
  ])('refuses sizes %j with a sentence, changing nothing', async (sizes, message) => {
    const before = await t.app.get(DataSource).getRepository(ProductVariantRecord).count();
    const res = await admin.post('/api/admin/products').send(input(sizes, 'Bad Sizes')).expect(400);
    expect(res.body.message).toBe(message);
    const put = await admin
      .put('/api/admin/products/tshirt')
      .send(input(sizes, 'Bad Sizes'))
      .expect(400);
    expect(put.body.message).toBe(message);
    expect(await t.app.get(DataSource).getRepository(ProductVariantRecord).count()).toBe(before);
    expect((await publicProduct('tshirt')).sizes).toEqual(['S', 'M', 'L', 'XL', '2XL']);
  });

  it('asks for the stock of a size the product has, and a size it has for notify-me', async () => {
    const res = await admin
      .put('/api/admin/products/tshirt/stock')
      .send({ size: 'Youth M', stock: 2 })
      .expect(400);
    expect(res.body.message).toBe(
      'The Wren Calloway T-Shirt comes in S, M, L, XL, 2XL; not Youth M.',
    );
  });
});
