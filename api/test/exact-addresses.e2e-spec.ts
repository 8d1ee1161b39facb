import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type { Fan, FanExport, ListPage } from '@artist/contracts';
import { ContactMessage } from '../src/modules/contact/contact-message.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { loggedIn } from './utils/admin.js';
import { shirt, stripeAppOfSuite } from './utils/checkout.js';
import { SAMPLE_BUYER } from './utils/stripe-stand-in.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';
import { swapCase } from './utils/tokens.js';

type FanPage = ListPage<Fan, string>;

/** Three people whose addresses differ by an accent only. */
const JOSES = ['jose@example.com', 'josé@example.com', 'jöse@example.com'];

describe.each(testDatabases())('addresses that differ by an accent on $name', (db) => {
  const t = testAppOfSuite(db, { TRUST_PROXY: '1' });
  let admin: TestAgent;
  let visitor = 0;

  /** A public form post from a visitor of their own, clear of the per-address limits. */
  const post = (path: string, body: object) =>
    request(t.server)
      .post(path)
      .set('Origin', t.config.publicUrl)
      .set('X-Forwarded-For', `203.0.113.${++visitor}`)
      .send(body)
      .expect(201);
  const write = (email: string, message: string) =>
    post('/api/contact', { firstName: 'F', lastName: 'L', email, subject: 'fan', message });
  const fanOf = async (email: string) => {
    const { body } = (await admin.get('/api/admin/fans?pageSize=100').expect(200)) as {
      body: FanPage;
    };
    return body.rows.filter((f) => f.email === email);
  };

  beforeAll(async () => {
    admin = await loggedIn(t);
  });
  it('keeps jose@, josé@ and jöse@ three fans, each export holding only their own message', async () => {
    for (const email of JOSES) await write(email, `I am ${email}`);
    for (const email of JOSES) {
      const [fan, ...more] = await fanOf(email);
      expect([email, more]).toEqual([email, []]);
      expect(fan).toMatchObject({ email, messages: 1 });
      const data = (await admin.get(`/api/admin/fans/${fan!.id}/export`).expect(200))
        .body as FanExport;
      expect(data.contact_messages.map((m) => m.message)).toEqual([`I am ${email}`]);
      expect(data.emails).toEqual([]);
    }
  });

  it("erasing anna@muller.de leaves anna@müller.de's message", async () => {
    await write('anna@müller.de', 'From Müller');
    await write('anna@muller.de', 'From Muller');
    const [plain] = await fanOf('anna@muller.de');
    const res = await admin.delete(`/api/admin/fans/${plain!.id}`).expect(200);
    expect(res.body).toMatchObject({ messagesDeleted: 1 });
    const left = await t.app
      .get(DataSource)
      .getRepository(ContactMessage)
      .findBy({ message: 'From Müller' });
    expect(left.map((m) => m.email)).toEqual(['anna@müller.de']);
    expect(await fanOf('anna@müller.de')).toHaveLength(1);
  });

  it('makes one fan of Jose@Example.com and jose@example.com, and stores every address lower-cased', async () => {
    await post('/api/email-signup', { email: 'Ada@Example.com' });
    await post('/api/notify-me', { email: 'ADA@example.com', productName: 'Sticker Pack' });
    await write(' ada@EXAMPLE.com ', 'Hello');
    await admin
      .post('/api/admin/orders/manual')
      .send({
        salesChannel: 'in-person',
        email: 'Ada@example.COM',
        lineItems: [{ product_name: 'Trucker Hat', quantity: 1, price: 2500 }],
        showLocation: 'Ryman',
        paymentMethod: 'cash',
      })
      .expect(201);
    const [ada, ...more] = await fanOf('ada@example.com');
    expect(more).toEqual([]);
    expect(ada).toMatchObject({ orders: 1, newsletter: 'unconfirmed', pendingNotify: 1 });
    const ds = t.app.get(DataSource);
    const stored = [
      ...(await ds.getRepository(EmailSignup).findBy({ fanId: ada!.id })),
      ...(await ds.getRepository(NotifyMe).findBy({ fanId: ada!.id })),
      ...(await ds.getRepository(ContactMessage).findBy({ fanId: ada!.id })),
      ...(await ds.getRepository(Order).findBy({ fanId: ada!.id })),
    ].map((r) => r.email);
    expect(stored).toEqual(Array(4).fill('ada@example.com'));
    // The other spellings find the same fan's records, and nobody else's.
    await write('Jose@Example.com', 'Capitals');
    const [jose, ...others] = await fanOf('jose@example.com');
    expect(others).toEqual([]);
    expect(jose).toMatchObject({ messages: 2 });
  });

  it('refuses a confirm or unsubscribe token whose letter case is swapped', async () => {
    await post('/api/email-signup', { email: 'case@example.com' });
    const mail = await t.app
      .get(DataSource)
      .getRepository(OutboxEmail)
      .findOneByOrFail({ toAddress: 'case@example.com', kind: 'newsletter-confirm' });
    const token = (link: string) =>
      new URL(mail.text.match(new RegExp(`^${link}: (\\S+)$`, 'm'))![1]!).searchParams.get(
        'token',
      )!;
    const confirm = token('Confirm');
    expect(swapCase(confirm)).not.toBe(confirm);
    await request(t.server)
      .post('/api/newsletter/confirm')
      .set('Origin', t.config.publicUrl)
      .type('form')
      .send({ token: swapCase(confirm) })
      .expect(404);
    await request(t.server)
      .post(`/api/newsletter/unsubscribe?token=${swapCase(token('Unsubscribe'))}`)
      .type('form')
      .send({ 'List-Unsubscribe': 'One-Click' })
      .expect(404);
    const signup = await t.app
      .get(DataSource)
      .getRepository(EmailSignup)
      .findOneByOrFail({ email: 'case@example.com' });
    expect(signup).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
    await request(t.server)
      .post('/api/newsletter/confirm')
      .set('Origin', t.config.publicUrl)
      .type('form')
      .send({ token: confirm })
      .expect(200);
  });

  it('still finds an address by search whatever its letter case, and its accents as before', async () => {
    const search = async (text: string) => {
      const { body } = (await admin
        .get(`/api/admin/fans?search=${encodeURIComponent(text)}`)
        .expect(200)) as { body: FanPage };
      return body.rows.map((r) => r.email).sort();
    };
    expect(await search('ANNA@MÜLLER')).toEqual(['anna@müller.de']);
    // MySQL's collations always found an accented letter for its plain one; SQLite's LIKE never.
    const mysql = db.name === 'mysql';
    expect(await search('muller')).toEqual(mysql ? ['anna@müller.de'] : []);
    expect(await search('JOSE@')).toEqual(mysql ? [...JOSES].sort() : ['jose@example.com']);
  });
});

describe.each(testDatabases())("a Stripe buyer's address on $name", (db) => {
  const s = stripeAppOfSuite(db);

  it('is stored lower-cased, so it is the same fan as any other case of it', async () => {
    await s.createCheckout({ items: [shirt('M', 1)] }).expect(200);
    const [{ sessionId }] = await s.checkoutSessions();
    const buyer = { ...SAMPLE_BUYER, email: 'June.Carter@Example.com' };
    await s.deliver('checkout.session.completed', s.stripe.pay(sessionId!, buyer)).expect(200);
    const [order] = await s.orders();
    expect(order!.email).toBe('june.carter@example.com');
  });
});
