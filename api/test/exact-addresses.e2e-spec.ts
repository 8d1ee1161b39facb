import {
  checkoutSessions,
  createCheckout,
  deliver,
  orders,
  shirt,
  startStripeApp,
  type StripeTestApp,
} from './utils/checkout.js';
import { SAMPLE_BUYER } from './utils/stripe-stand-in.js';
import { testDatabases } from './utils/databases.js';

describe.each(testDatabases())("a Stripe buyer's address on $name", (db) => {
  let s: StripeTestApp;

  beforeAll(async () => {
    s = await startStripeApp(db);
  });
  afterAll(() => s?.close());

  it('is stored lower-cased, so it is the same fan as any other case of it', async () => {
    await createCheckout(s.t, { items: [shirt('M', 1)] }).expect(200);
    const [{ sessionId }] = await checkoutSessions(s.t);
    const buyer = { ...SAMPLE_BUYER, email: 'June.Carter@Example.com' };
    await deliver(s.t, 'checkout.session.completed', s.stripe.pay(sessionId!, buyer)).expect(200);
    const [order] = await orders(s.t);
    expect(order!.email).toBe('june.carter@example.com');
  });
});
