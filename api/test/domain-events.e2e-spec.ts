import { DataSource } from 'typeorm';
import { DomainEvents } from '../src/common/domain-events.js';
import { ProductVariantRecord } from '../src/modules/catalog/product.entity.js';
import { shirt, stripeAppOfSuite } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';

/**
 * A domain event's handlers run in the publisher's transaction: a handler that fails undoes the
 * change that published the event, and the handlers that ran before it.
 */
describe.each(testDatabases())('domain events on $name', (db) => {
  const s = stripeAppOfSuite(db);
  /** Set by a test: the reaction to `OrderPaid` that fails. */
  let failing: Error | null = null;

  beforeAll(() => {
    s.t.app.get(DomainEvents).on('OrderPaid', () => {
      if (failing) throw failing;
      return Promise.resolve([]);
    });
  });

  beforeEach(async () => {
    failing = null;
    await s.reset();
    await variants().update({ productId: 'tshirt' }, { stock: 10, sold: 0, reserved: 0 });
  });

  const variants = () => s.t.app.get(DataSource).getRepository(ProductVariantRecord);
  const mediums = () => variants().findOneByOrFail({ productId: 'tshirt', size: 'M' });

  const holdsOf = async (sessionId: string) =>
    (
      (await s.t.app
        .get(DataSource)
        .query('SELECT state FROM stock_reservations WHERE sessionId = ? ORDER BY id', [
          sessionId,
        ])) as { state: string }[]
    ).map((row) => row.state);

  const emailCount = async () =>
    Number(
      (
        (await s.t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM emails')) as { n: number }[]
      )[0].n,
    );

  it("rolls back the paid order, its session's completion and its sold stock when an OrderPaid handler fails", async () => {
    await s.createCheckout({ items: [shirt('M', 2)] }).expect(200);
    const [record] = await s.checkoutSessions();
    const paid = s.stripe.pay(record.sessionId);
    const emailsBefore = await emailCount();

    failing = new Error('A reaction to the paid order failed.');
    await s.deliver('checkout.session.completed', paid).expect(500);
    expect(await s.orders()).toHaveLength(0);
    expect((await s.checkoutSessions())[0].status).toBe('open');
    expect(await holdsOf(record.sessionId)).toEqual(['held']);
    expect(await mediums()).toMatchObject({ stock: 10, reserved: 2, sold: 0 });
    expect(await emailCount()).toBe(emailsBefore);

    // Stripe delivers again: with the reaction working, the order is made in full.
    failing = null;
    await s.deliver('checkout.session.completed', paid).expect(200);
    expect(await s.orders()).toHaveLength(1);
    expect((await s.checkoutSessions())[0].status).toBe('completed');
    expect(await holdsOf(record.sessionId)).toEqual(['sold']);
    expect(await mediums()).toMatchObject({ stock: 10, reserved: 0, sold: 2 });
    expect(await emailCount()).toBe(emailsBefore + 1);
  });
});
