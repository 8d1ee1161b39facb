import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { linkUnlinkedRecords } from '../src/database/migrations/1766500000000-CreateFans.js';
import { SeparateConfirmTokens1767100000000 } from '../src/database/migrations/1767100000000-SeparateConfirmTokens.js';
import { FAN_FIGURE_TRIGGERS } from '../src/database/migrations/1767930000000-FansKeepTheirFigures.js';
import { ContactMessage } from '../src/modules/contact/contact-message.entity.js';
import { Fan } from '../src/modules/fans/fan.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { loggedIn } from './utils/admin.js';
import { payWithTestProvider, shirt } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

/** Every fan's figures worked out afresh from the records, as the fans list once read them. */
const FROM_RECORDS = `
  SELECT f.id,
    (SELECT COUNT(*) FROM orders o WHERE o.fanId = f.id) AS orderCount,
    (SELECT COALESCE(SUM(o.total - o.refundedAmount), 0) FROM orders o WHERE o.fanId = f.id)
      AS totalSpent,
    (SELECT COUNT(*) FROM email_signups s
      WHERE s.fanId = f.id AND s.subscription = 'confirmed') AS confirmedSignups,
    (SELECT COUNT(*) FROM notify_me n
      WHERE n.fanId = f.id AND n.notified = 'false') AS waitingRequests,
    (SELECT COUNT(*) FROM contact_messages m WHERE m.fanId = f.id) AS messageCount
  FROM fans f ORDER BY f.id`;
const KEPT =
  'SELECT id, orderCount, totalSpent, confirmedSignups, waitingRequests, messageCount ' +
  'FROM fans ORDER BY id';

type Figures = Record<'id' | 'orderCount' | 'totalSpent' | 'confirmedSignups', number> &
  Record<'waitingRequests' | 'messageCount', number>;

describe.each(testDatabases())("the fans' kept figures on $name", (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;

  const ds = () => t.app.get(DataSource);
  const numbers = (rows: Record<string, unknown>[]) =>
    rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])));
  /** The kept figures of every fan, after checking they are those the records make. */
  async function figures(): Promise<Figures[]> {
    const kept = numbers(await ds().query(KEPT));
    expect(kept).toEqual(numbers(await ds().query(FROM_RECORDS)));
    return kept as Figures[];
  }
  async function figuresOf(email: string): Promise<Omit<Figures, 'id'>> {
    const fan = await ds().getRepository(Fan).findOneByOrFail({ email });
    const { id: _id, ...rest } = (await figures()).find((f) => f.id === fan.id)!;
    return rest;
  }
  const post = (path: string, body: object) =>
    request(t.server).post(path).set('Origin', t.config.publicUrl).send(body).expect(201);
  const manual = (email: string, price: number) =>
    admin
      .post('/api/admin/orders/manual')
      .send({
        salesChannel: 'online',
        customerName: 'June Carter',
        email,
        lineItems: [{ product_name: 'Trucker Hat', quantity: 1, price }],
        shippingAddress: JSON.stringify({
          address: { line1: '1 Ring Rd', city: 'Maces Spring', state: 'VA', country: 'US' },
        }),
        paymentMethod: 'venmo',
      })
      .expect(201);

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  it('has the triggers that keep them', async () => {
    const names = (
      (await ds().query(
        ds().options.type === 'better-sqlite3'
          ? "SELECT name FROM sqlite_master WHERE type = 'trigger'"
          : 'SELECT trigger_name AS name FROM information_schema.triggers ' +
              'WHERE trigger_schema = DATABASE()',
      )) as { name: string }[]
    ).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(Object.values(FAN_FIGURE_TRIGGERS).flat()));
  });

  it('follow orders paid at checkout, entered by hand, edited, moved to another fan and deleted', async () => {
    await payWithTestProvider(t, [shirt('M', 2)], {
      name: 'June Carter',
      email: 'June@Example.com',
      line1: '1 Ring Rd',
      line2: '',
      city: 'Maces Spring',
      state: 'VA',
      postal_code: '24258',
      country: 'US',
    });
    const paid = await figuresOf('june@example.com');
    expect(paid.orderCount).toBe(1);
    expect(paid.totalSpent).toBeGreaterThan(0);

    const byHand = await manual('june@example.com', 2500);
    const johnnys = await manual('johnny@example.com', 4000);
    const totalOf = async (id: number) =>
      (await ds().getRepository(Order).findOneByOrFail({ id })).total;
    const [handTotal, johnnyTotal] = [
      await totalOf(byHand.body.id),
      await totalOf(johnnys.body.id),
    ];
    expect(await figuresOf('june@example.com')).toMatchObject({
      orderCount: 2,
      totalSpent: paid.totalSpent + handTotal,
    });
    // An edit of the order's fulfilment leaves the figures as they were.
    await admin
      .put(`/api/admin/orders/${byHand.body.id}`)
      .send({ fulfillmentStatus: 'fulfilled', trackingNumber: '1Z999AA10123456784', notes: '' })
      .expect(200);
    await figures();

    // Raw SQL, a query-builder update and a deletion, which no entity subscriber would see.
    await ds().query('UPDATE orders SET total = total + 700 WHERE id = ?', [byHand.body.id]);
    expect((await figuresOf('june@example.com')).totalSpent).toBe(
      paid.totalSpent + handTotal + 700,
    );
    const johnny = await ds().getRepository(Fan).findOneByOrFail({ email: 'johnny@example.com' });
    await ds().getRepository(Order).update({ id: byHand.body.id }, { fanId: johnny.id });
    expect(await figuresOf('johnny@example.com')).toMatchObject({
      orderCount: 2,
      totalSpent: johnnyTotal + handTotal + 700,
    });
    expect(await figuresOf('june@example.com')).toMatchObject(paid);
    // A refund lowers what the fan spent, by raw SQL too.
    await ds().query('UPDATE orders SET refundedAmount = 1200 WHERE id = ?', [byHand.body.id]);
    expect(await figuresOf('johnny@example.com')).toMatchObject({
      orderCount: 2,
      totalSpent: johnnyTotal + handTotal + 700 - 1200,
    });
    await ds().getRepository(Order).delete({ id: byHand.body.id });
    expect(await figuresOf('johnny@example.com')).toMatchObject({
      orderCount: 1,
      totalSpent: johnnyTotal,
    });
  });

  it('follow signups as they are confirmed and unsubscribed', async () => {
    await post('/api/email-signup', { email: 'june@example.com' });
    expect((await figuresOf('june@example.com')).confirmedSignups).toBe(0);
    await ds()
      .getRepository(EmailSignup)
      .update({ email: 'june@example.com' }, { confirmedAt: Date.now() });
    expect((await figuresOf('june@example.com')).confirmedSignups).toBe(1);
    const { token } = await ds()
      .getRepository(EmailSignup)
      .findOneByOrFail({ email: 'june@example.com' });
    await request(t.server)
      .post(`/api/newsletter/unsubscribe?token=${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect((await figuresOf('june@example.com')).confirmedSignups).toBe(0);
  });

  it('follow notify-me requests until they are notified, and messages', async () => {
    await post('/api/notify-me', { email: 'june@example.com', productName: 'Trucker Hat' });
    await post('/api/notify-me', { email: 'carter@example.com', productName: 'Trucker Hat' });
    expect((await figuresOf('june@example.com')).waitingRequests).toBe(1);
    const june = await ds().getRepository(NotifyMe).findOneByOrFail({ email: 'june@example.com' });
    await admin
      .put('/api/admin/notify-me/bulk')
      .send({ ids: [june.id], notified: true })
      .expect(200);
    expect((await figuresOf('june@example.com')).waitingRequests).toBe(0);
    expect((await figuresOf('carter@example.com')).waitingRequests).toBe(1);

    const message = (email: string) =>
      post('/api/contact', {
        firstName: 'Carter',
        lastName: 'Family',
        email,
        subject: 'fan',
        message: 'Keep on the sunny side.',
      });
    await message('carter@example.com');
    await message('Carter@Example.com');
    expect((await figuresOf('carter@example.com')).messageCount).toBe(2);
    const [first] = await ds()
      .getRepository(ContactMessage)
      .findBy({ email: 'carter@example.com' });
    await ds().query('DELETE FROM contact_messages WHERE id = ?', [first!.id]);
    expect((await figuresOf('carter@example.com')).messageCount).toBe(1);
  });

  it('follow records written before their fan, when they are linked to one', async () => {
    const at = '2025-03-01 12:00:00';
    await ds().query(
      `INSERT INTO orders (email, customerName, total,
         stripeSessionId, paymentStatus, createdAt) VALUES (?, 'M', 1800, ?, 'paid', ?)`,
      ['Maybelle@example.com', 'cs_imported_1', at],
    );
    await ds().query(
      'INSERT INTO email_signups (email, contacted, confirmedAt, createdAt) VALUES (?, ?, ?, ?)',
      ['maybelle@example.com', 'false', Date.now(), at],
    );
    await ds().query(
      'INSERT INTO notify_me (email, productName, notified, createdAt) VALUES (?, ?, ?, ?)',
      ['maybelle@example.com', 'Trucker Hat', 'false', at],
    );
    await ds().query(
      `INSERT INTO contact_messages (firstName, lastName, email, subject, message, createdAt)
       VALUES ('M', 'C', ?, 'fan', 'hi', ?)`,
      ['maybelle@example.com', at],
    );
    const runner = ds().createQueryRunner();
    try {
      await linkUnlinkedRecords(runner);
    } finally {
      await runner.release();
    }
    expect(await figuresOf('maybelle@example.com')).toEqual({
      orderCount: 1,
      totalSpent: 1800,
      confirmedSignups: 1,
      waitingRequests: 1,
      messageCount: 1,
    });
  });

  it("follow a fan's erasure", async () => {
    const june = await ds().getRepository(Fan).findOneByOrFail({ email: 'june@example.com' });
    const carter = await figuresOf('carter@example.com');
    await admin.delete(`/api/admin/fans/${june.id}`).expect(200);
    const after = await figures();
    expect(after.some((f) => f.id === june.id)).toBe(false);
    expect(await figuresOf('carter@example.com')).toEqual(carter);
  });

  it('still follow the writes after a migration rebuilds the signups and requests', async () => {
    const migration = new SeparateConfirmTokens1767100000000();
    const runner = ds().createQueryRunner();
    try {
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    await post('/api/email-signup', { email: 'carter@example.com' });
    await ds()
      .getRepository(EmailSignup)
      .update({ email: 'carter@example.com' }, { confirmedAt: Date.now() });
    await post('/api/notify-me', { email: 'carter@example.com', productName: 'Sticker Pack' });
    expect(await figuresOf('carter@example.com')).toMatchObject({
      confirmedSignups: 1,
      waitingRequests: 2,
    });
  });
});
