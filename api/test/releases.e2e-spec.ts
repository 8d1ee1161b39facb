import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { ProductRecord } from '../src/modules/catalog/product.entity.js';
import { ReleaseFileRecord } from '../src/modules/catalog/release-file.entity.js';
import { STORAGE, type Storage } from '../src/modules/storage/storage.js';
import { loggedIn } from './utils/admin.js';
import { lineItemsOf, shirt, stripeAppOfSuite } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';
import { createRelease, removeReleases, uploadFormat, zipBytes } from './utils/releases.js';
import { clearTables } from './utils/test-app.js';

describe.each(testDatabases())('digital releases on $name', (db) => {
  const s = stripeAppOfSuite(db, { LOG_LEVEL: 'error' });
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(s.t);
  });

  beforeEach(async () => {
    await s.reset();
    await clearTables(s.t, [ReleaseFileRecord]);
    await removeReleases(s.t);
  });

  describe('products', () => {
    it('keeps kind, pricing, minPriceCents and tracks in the admin and public answers', async () => {
      const release = await createRelease(admin);
      expect(release).toMatchObject({
        id: 'porch-light',
        kind: 'digital',
        pricing: 'name-your-price',
        minPriceCents: 800,
        priceInCents: 800,
        tracks: [
          { title: 'Porch Light', durationSeconds: 215 },
          { title: 'Gravel Road', durationSeconds: 187 },
        ],
        files: [],
      });
      const list = await request(s.t.server).get('/api/products').expect(200);
      const pub = { body: list.body.find((p: { id: string }) => p.id === 'porch-light') };
      expect(pub.body).toMatchObject({
        kind: 'digital',
        pricing: 'name-your-price',
        minPriceCents: 800,
        tracks: release.tracks,
        available: true,
      });
      expect(pub.body.sizes).toBeUndefined();
      // Merch answers as before, and physical by default.
      expect(list.body.find((p: { id: string }) => p.id === 'tshirt')).toMatchObject({
        kind: 'physical',
        pricing: 'fixed',
        minPriceCents: null,
        tracks: [],
      });
    });

    it('lists the releases alone for the Releases area, and serves the /redeem page', async () => {
      await createRelease(admin);
      const res = await admin.get('/api/admin/releases').expect(200);
      expect(res.body.map((p: { id: string }) => p.id)).toEqual(['porch-light']);
      await request(s.t.server).get('/api/admin/releases').expect(401);
      await request(s.t.server).get('/redeem').expect(200);
    });

    it('keeps what a PUT leaves out, and refuses fields that do not fit together', async () => {
      await createRelease(admin);
      const put = await admin
        .put('/api/admin/products/porch-light')
        .send({ name: 'Porch Light', description: 'x', priceInCents: 900, image: null, sizes: [] })
        .expect(200);
      expect(put.body).toMatchObject({
        kind: 'digital',
        pricing: 'name-your-price',
        minPriceCents: 800,
      });

      const base = { name: 'Tape', description: '', image: null, priceInCents: 1000 };
      const cases: [Record<string, unknown>, string][] = [
        [{ sizes: ['M'], kind: 'digital' }, 'A digital release has no sizes.'],
        [
          { sizes: [], pricing: 'name-your-price', minPriceCents: 0 },
          'Only a digital release can be name your price.',
        ],
        [{ sizes: [], kind: 'vinyl' }, "kind must be 'physical' or 'digital'."],
        [
          { sizes: [], kind: 'digital', pricing: 'name-your-price', minPriceCents: -1 },
          'minPriceCents must be a whole number of cents from 0 to 100000.',
        ],
        [
          { sizes: [], kind: 'digital', pricing: 'name-your-price' },
          'minPriceCents must be a whole number of cents from 0 to 100000.',
        ],
        [
          { sizes: [], kind: 'digital', tracks: [{ title: ' ', durationSeconds: 3 }] },
          'Each track needs a title (at most 200 characters) and durationSeconds, a whole number from 0 to 86400.',
        ],
      ];
      for (const [fields, message] of cases) {
        const res = await admin
          .post('/api/admin/products')
          .send({ ...base, ...fields })
          .expect(400);
        expect(JSON.stringify(res.body.message)).toContain(message);
      }
      const count = await s.t.app
        .get(DataSource)
        .getRepository(ProductRecord)
        .countBy({ name: 'Tape' });
      expect(count).toBe(0);
      await admin
        .put('/api/admin/products/porch-light/stock')
        .send({ size: null, stock: 5 })
        .expect(400, { statusCode: 400, message: 'A digital release has no stock to count.' });
    });
  });

  describe('POST /api/admin/products/:id/files', () => {
    it('stores a ZIP per format and answers 201 { id, format, bytes }', async () => {
      await createRelease(admin);
      const zip = zipBytes(5000);
      const res = await uploadFormat(admin, 'porch-light', 'MP3 320', zip).expect(201);
      expect(res.body).toEqual({ id: expect.any(Number), format: 'MP3 320', bytes: zip.length });
      const [row] = await s.t.app.get(DataSource).getRepository(ReleaseFileRecord).find();
      const stored = await s.t.app.get<Storage>(STORAGE).get(row.storageKey);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(zip)).toBe(true);
      await uploadFormat(admin, 'porch-light', 'FLAC', zipBytes(10)).expect(201);
      const product = await admin.get('/api/admin/products?search=Porch').expect(200);
      expect(product.body.rows[0].files.map((f: { format: string }) => f.format)).toEqual([
        'MP3 320',
        'FLAC',
      ]);
    });

    it('refuses with 400 what is not a ZIP by its bytes, a missing format, and merch', async () => {
      await createRelease(admin);
      await uploadFormat(admin, 'porch-light', 'MP3 320', Buffer.from('not a zip at all')).expect(
        400,
        { statusCode: 400, message: 'The file must be a ZIP archive.' },
      );
      await admin
        .post('/api/admin/products/porch-light/files')
        .attach('file', zipBytes(), 'a.zip')
        .expect(400);
      await uploadFormat(admin, 'tshirt', 'MP3 320', zipBytes()).expect(400);
      await uploadFormat(admin, 'no-such-release', 'MP3 320', zipBytes()).expect(404);
      await request(s.t.server)
        .post('/api/admin/products/porch-light/files')
        .set('Origin', s.t.config.publicUrl)
        .field('format', 'FLAC')
        .attach('file', zipBytes(), 'a.zip')
        .expect(401);
      expect(await s.t.app.get(DataSource).getRepository(ReleaseFileRecord).count()).toBe(0);
    });
  });

  describe('checkout', () => {
    it('refuses an amount under the minimum with 400 naming it in dollars', async () => {
      await createRelease(admin);
      const res = await s
        .createCheckout({
          items: [{ productId: 'porch-light', quantity: 1, priceCents: 799 }],
        })
        .expect(400);
      expect(res.body.message).toBe('The lowest price for Porch Light is $8.00.');
      await s
        .createCheckout({
          items: [{ productId: 'porch-light', quantity: 1, priceCents: 100_001 }],
        })
        .expect(400);
      await s
        .createCheckout({
          items: [{ productId: 'tshirt', size: 'M', quantity: 1, priceCents: 100 }],
        })
        .expect(400);
      expect(s.stripe.creates()).toHaveLength(0);
      expect(await s.checkoutSessions()).toHaveLength(0);
    });

    it('prices the Stripe line at the chosen amount and sends no shipping for downloads only', async () => {
      await createRelease(admin);
      await s
        .createCheckout({
          items: [{ productId: 'porch-light', quantity: 1, priceCents: 1500 }],
        })
        .expect(200);
      const [create] = s.stripe.creates();
      expect(create.body.line_items).toEqual([
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '1500',
            product_data: { name: 'Porch Light' },
          },
        },
      ]);
      expect(create.body.shipping_address_collection).toBeUndefined();
      expect(create.body.shipping_options).toBeUndefined();
      const [record] = await s.checkoutSessions();
      expect(record).toMatchObject({ subtotal: 1500, shipping: 0, total: 1500 });
    });

    it('quotes a cart of downloads only one free Download rate', async () => {
      await createRelease(admin);
      const res = await request(s.t.server)
        .post('/api/shipping/quote')
        .set('Origin', s.t.config.publicUrl)
        .send({
          country: 'GB',
          items: [{ productId: 'porch-light', quantity: 1, priceCents: 900 }],
        })
        .expect(200);
      expect(res.body).toEqual({
        rates: [{ id: 0, name: 'Download', amountCents: 0, deliveryDays: null }],
      });
    });

    it('ships a cart of merch and a download, priced on the merch alone', async () => {
      await createRelease(admin);
      await s
        .createCheckout({
          items: [shirt('M', 1), { productId: 'porch-light', quantity: 1, priceCents: 800 }],
        })
        .expect(200);
      const [create] = s.stripe.creates();
      expect(create.body.shipping_address_collection).toEqual({ allowed_countries: ['US'] });
      expect(create.body.shipping_options).toHaveLength(1);
    });

    it('takes a zero-total cart without Stripe, with an email, and answers the receipt', async () => {
      await createRelease(admin, { minPriceCents: 0 });
      await s
        .createCheckout({
          items: [{ productId: 'porch-light', quantity: 1, priceCents: 0 }],
        })
        .expect(400, {
          statusCode: 400,
          message: 'Enter your email address: the download links are sent there.',
        });
      const res = await s
        .createCheckout({
          items: [{ productId: 'porch-light', quantity: 1, priceCents: 0 }],
          email: 'Fan@Example.com',
        })
        .expect(200);
      expect(s.stripe.creates()).toHaveLength(0);
      const url = new URL(res.body.url as string);
      expect(url.origin + url.pathname).toBe(`${s.t.config.publicUrl}/`);
      const sessionId = url.searchParams.get('session_id')!;
      expect(url.searchParams.get('checkout')).toBe('success');
      const [order] = await s.orders();
      expect(order).toMatchObject({ email: 'fan@example.com', total: 0, paymentStatus: 'paid' });
      expect(lineItemsOf(order)).toEqual([
        {
          product_name: 'Porch Light',
          quantity: 1,
          price: 0,
          product_id: 'porch-light',
          digital: true,
        },
      ]);
      // The line names the release by id; its minimum is the catalogue's (see the sales report).
      expect(order.lines).toEqual([
        expect.objectContaining({ productId: 'porch-light', kind: 'digital', unitPriceCents: 0 }),
      ]);
      const status = await s.sessionStatus(sessionId).expect(200);
      expect(status.body).toMatchObject({ paid: true, status: 'complete' });
      expect(status.body.order.items).toEqual([{ name: 'Porch Light', quantity: 1, price: 0 }]);
    });
  });

  describe('sales', () => {
    it('counts release revenue apart, and what fans paid above the minimum', async () => {
      await createRelease(admin);
      await s
        .createCheckout({
          items: [shirt('M', 1), { productId: 'porch-light', quantity: 1, priceCents: 1500 }],
        })
        .expect(200);
      const session = [...s.stripe.sessions.values()].at(-1)!;
      await s.deliver('checkout.session.completed', s.stripe.pay(session.id as string)).expect(200);
      // Whatever the artist's time zone, today is within a day either side of UTC's.
      const day = (offset: number) =>
        new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const report = await admin.get(`/api/admin/sales?from=${day(-1)}&to=${day(1)}`).expect(200);
      expect(report.body.digital).toEqual({
        orders: 1,
        items: 1,
        cents: 1500,
        aboveMinimumCents: 700,
      });
    });
  });
});
