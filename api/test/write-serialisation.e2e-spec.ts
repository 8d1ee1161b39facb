import { DataSource, QueryFailedError } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source.js';
import { Transactions } from '../src/database/transaction.js';
import { entities } from '../src/entities.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { shirt, stripeAppOfSuite } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';

const SESSIONS = 6;
const FAILING_WRITES = 6;

/** A manual order row as the admin's form would make it, for writes beside the checkout. */
const manualRow = (stripeSessionId: string): Partial<Order> => ({
  email: 'walkup@merch-table.invalid',
  customerName: 'Walk-up Customer',
  total: 500,
  stripeSessionId,
  paymentStatus: 'paid',
  paymentMethod: 'cash',
  salesChannel: 'in-person',
  fulfillmentStatus: 'fulfilled',
  createdAt: new Date(),
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 1));

describe.each(testDatabases())('writes beside checkout fulfilment on $name', (db) => {
  const s = stripeAppOfSuite(db);

  beforeEach(() => s.reset());

  async function openSessions(): Promise<string[]> {
    for (let i = 0; i < SESSIONS; i++) {
      await s.createCheckout({ items: [shirt('M', 1)] }).expect(200);
    }
    return (await s.checkoutSessions()).map((record) => record.sessionId);
  }

  it.each([1, 2, 3, 4, 5])(
    'loses no order when unrelated writes fail and roll back at the same time (round %i)',
    async (round) => {
      const dataSource = s.t.app.get(DataSource);
      const transactions = s.t.app.get(Transactions);
      const taken = `manual_taken_${round}`;
      await dataSource.getRepository(Order).insert(manualRow(taken));
      const ids = await openSessions();

      // Transactions that write a row, yield, then hit the unique key and roll back whole.
      const failingTransaction = (n: number) =>
        transactions.run(async (manager) => {
          await manager.insert(Order, manualRow(`manual_rolled_back_${round}_${n}`));
          await pause();
          await manager.insert(Order, manualRow(taken));
        });
      // A save of two rows in a transaction of its own, that fails.
      const failingSave = (n: number) =>
        transactions.run((manager) =>
          manager.save(
            [
              manager.create(Order, manualRow(`manual_saved_${round}_${n}`)),
              manager.create(Order, manualRow(taken)),
            ],
            { transaction: false },
          ),
        );

      const [deliveries, failures] = await Promise.all([
        Promise.allSettled(
          ids.map((id) => s.deliver('checkout.session.completed', s.stripe.pay(id))),
        ),
        Promise.allSettled(
          Array.from({ length: FAILING_WRITES }, (_, n) =>
            n % 2 ? failingTransaction(n) : failingSave(n),
          ),
        ),
      ]);

      expect(deliveries.map((r) => (r.status === 'fulfilled' ? r.value.status : r.reason))).toEqual(
        ids.map(() => 200),
      );
      for (const failed of failures) {
        expect(failed.status).toBe('rejected');
        expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(QueryFailedError);
      }

      const sessions = await s.checkoutSessions();
      const completed = sessions.filter((record) => record.status === 'completed');
      expect(completed).toHaveLength(ids.length);
      const orderIds = (await s.orders()).map((order) => order.stripeSessionId);
      const missing = completed.filter((record) => !orderIds.includes(record.sessionId));
      expect(missing.map((record) => record.sessionId)).toEqual([]);
      // Nothing of the failed writes stayed: each rolled back whole.
      expect(orderIds.filter((id) => /^manual_(rolled_back|saved)_/.test(id))).toEqual([]);
      expect(orderIds.sort()).toEqual([...ids, taken].sort());
    },
  );

  if (db.name === 'sqlite') {
    // As `npm run admin:reset-password` does beside a running server: a second process on the
    // file, whose commit SQLite reports to a transaction that read before it as SQLITE_BUSY.
    it('runs again a transaction that read before another process on the file wrote', async () => {
      const transactions = s.t.app.get(Transactions);
      const other = await new DataSource(
        dataSourceOptions(s.t.config.database, entities),
      ).initialize();
      try {
        let attempts = 0;
        await transactions.run(async (manager) => {
          attempts++;
          await manager.count(Order);
          if (attempts === 1) await other.getRepository(Order).insert(manualRow('manual_other'));
          await manager.insert(Order, manualRow(`manual_after_read_${attempts}`));
        });
        expect(attempts).toBe(2);
        const orderIds = (await s.orders()).map((order) => order.stripeSessionId);
        expect(orderIds.sort()).toEqual(['manual_after_read_2', 'manual_other']);
      } finally {
        await other.destroy();
      }
    });
  }
});
