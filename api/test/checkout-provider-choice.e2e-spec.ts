import request from 'supertest';
import { PAYMENTS_NOT_SET_UP_MESSAGE } from '@artist/contracts';
import { loggedIn } from './utils/admin.js';
import {
  BUYER_FORM,
  checkoutSessions,
  createCheckout,
  deliver,
  orders,
  payWithTestProvider,
  shirt,
  startStripeApp,
} from './utils/checkout.js';
import { csvRecords } from './utils/csv.js';
import { oneDatabase, type TestDatabase } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

describe.each(oneDatabase())(
  'which payment provider checkout uses, on $name',
  (db: TestDatabase) => {
    describe.each([
      ['a public PUBLIC_URL', { PUBLIC_URL: 'https://shop.example.com', TRUST_PROXY: '1' }],
      ['a LAN PUBLIC_URL', { PUBLIC_URL: 'http://192.168.1.20:3000' }],
      [
        'production on a loopback PUBLIC_URL',
        {
          NODE_ENV: 'production',
          PUBLIC_URL: 'http://localhost:3000',
          SESSION_SECRET: 'p'.repeat(32),
        },
      ],
    ])('without a Stripe key, on %s', (_name, env) => {
      const t = testAppOfSuite(db, env);

      it("starts, and checkout answers 503 'Payments are not set up yet.' and stores nothing", async () => {
        const res = await createCheckout(t, { items: [shirt('M', 1)] }).expect(503);
        expect(res.body.message).toBe(PAYMENTS_NOT_SET_UP_MESSAGE);
        expect(res.body.message).toBe('Payments are not set up yet.');
        expect(await checkoutSessions(t)).toEqual([]);
        expect(await orders(t)).toEqual([]);
      });

      it('has no test checkout page, and no session to report', async () => {
        await request(t.server)
          .get('/api/checkout/test/cs_test_local_0123456789abcdef01234567')
          .expect(404);
        await request(t.server)
          .post('/api/checkout/test/cs_test_local_0123456789abcdef01234567/pay')
          .set('Origin', t.config.publicUrl)
          .type('form')
          .send(BUYER_FORM)
          .expect(404);
        await request(t.server)
          .get('/api/checkout/session-status')
          .query({ session_id: 'cs_test_local_0123456789abcdef01234567' })
          .expect(404);
        expect(await orders(t)).toEqual([]);
      });

      it('tells the shop it is not in test mode', async () => {
        const res = await request(t.server).get('/api/checkout/mode').expect(200);
        expect(res.body).toEqual({ testMode: false });
      });

      it('refuses webhooks, which it has no secret to check', async () => {
        await deliver(t, 'checkout.session.completed', { id: 'cs_test_x' }).expect(400);
      });
    });

    describe('PAYMENT_PROVIDER=test on a public PUBLIC_URL', () => {
      const t = testAppOfSuite(db, {
        PUBLIC_URL: 'https://shop.example.com',
        TRUST_PROXY: '1',
        PAYMENT_PROVIDER: 'test',
      });

      it('uses the test provider, marks its orders Test, and tells the shop it is in test mode', async () => {
        const mode = await request(t.server).get('/api/checkout/mode').expect(200);
        expect(mode.body).toEqual({ testMode: true });
        const sessionId = await payWithTestProvider(t, [shirt('L', 1)]);
        const [order] = await orders(t);
        expect(order).toMatchObject({ stripeSessionId: sessionId, testMode: true });
      });
    });

    describe('the loopback PUBLIC_URL outside production (a fresh clone)', () => {
      const t = testAppOfSuite(db, { PUBLIC_URL: 'http://127.0.0.1:3999' });

      it('uses the test provider, and its orders are marked Test in the list and the CSV', async () => {
        const sessionId = await payWithTestProvider(t, [shirt('L', 1)]);
        expect(await orders(t)).toEqual([expect.objectContaining({ testMode: true })]);
        const admin = await loggedIn(t);
        const list = await admin.get('/api/admin/orders').expect(200);
        expect(list.body.rows).toEqual([
          expect.objectContaining({ stripeSessionId: sessionId, testMode: true }),
        ]);
        const csv = csvRecords((await admin.get('/api/admin/orders/export').expect(200)).text);
        expect(csv).toEqual([
          expect.objectContaining({ paymentSessionId: sessionId, test: 'Test' }),
        ]);
      });
    });

    it('marks Stripe orders as not Test, and tells the shop it is not in test mode', async () => {
      const s = await startStripeApp(db);
      try {
        const mode = await request(s.t.server).get('/api/checkout/mode').expect(200);
        expect(mode.body).toEqual({ testMode: false });
        await createCheckout(s.t, { items: [shirt('M', 1)] }).expect(200);
        const [record] = await checkoutSessions(s.t);
        await deliver(s.t, 'checkout.session.completed', s.stripe.pay(record.sessionId)).expect(
          200,
        );
        expect(await orders(s.t)).toEqual([expect.objectContaining({ testMode: false })]);
        const admin = await loggedIn(s.t);
        const csv = csvRecords((await admin.get('/api/admin/orders/export').expect(200)).text);
        expect(csv).toEqual([expect.objectContaining({ test: '' })]);
      } finally {
        await s.close();
      }
    });
  },
);
