import request from 'supertest';
import { SIZES, type Product } from '@artist/contracts';
import { oneDatabase } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

describe.each(oneDatabase())('product catalogue on $name', (db) => {
  const t = testAppOfSuite(db);

  it('lists the t-shirt and the trucker hat at 2500 cents each', async () => {
    const res = await request(t.server).get('/api/products').expect(200);
    const products = res.body as Product[];
    expect(products.map((p) => [p.id, p.name, p.priceInCents, p.available, p.type])).toEqual([
      ['tshirt', expect.any(String), 2500, true, 'purchase'],
      ['hat', 'Trucker Hat', 2500, false, 'notify'],
    ]);
  });

  it('offers the t-shirt in every size and the hat in none', async () => {
    const res = await request(t.server).get('/api/products').expect(200);
    const [tshirt, hat] = res.body as Product[];
    expect(tshirt.sizes).toEqual([...SIZES]);
    expect(hat.sizes).toBeUndefined();
  });

  it('points every product image at a static path under /assets/', async () => {
    const res = await request(t.server).get('/api/products').expect(200);
    for (const product of res.body as Product[]) {
      expect(product.image).toMatch(/^\/assets\/[\w-]+\.(webp|avif)$/);
      expect(product.description.length).toBeGreaterThan(0);
    }
  });

  it('lets browsers cache the list briefly', async () => {
    const res = await request(t.server).get('/api/products').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=15');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
