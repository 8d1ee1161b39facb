import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { ListPage, NotifyListFilter, NotifyMe as NotifyMeView } from '@artist/contracts';
import { ProductRecord, ProductVariantRecord } from '../src/modules/catalog/product.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { loggedIn } from './utils/admin.js';
import { oneDatabase } from './utils/databases.js';
import { outboxSettled } from './utils/outbox.js';
import { eventually, MAIL_WAIT_MS, listUnsubscribeOf, type ReceivedMail } from './utils/smtp.js';
import { mailingAppOfSuite } from './utils/mailing.js';
import { clearTables, repositoryOf } from './utils/test-app.js';

const PUBLIC_URL = 'http://shop.example.test';

describe.each(oneDatabase())('back-in-stock emails on $name', (db) => {
  const { smtp, t } = mailingAppOfSuite(db, { PUBLIC_URL });
  let admin: TestAgent;

  const ask = (email: string, productName: string) =>
    request(t.server).post('/api/notify-me').set('Origin', PUBLIC_URL).send({ email, productName });
  const setStock = (id: string, size: string | null, stock: number | null) =>
    admin.put(`/api/admin/products/${id}/stock`).send({ size, stock }).expect(200);
  const requestOf = (email: string) => repositoryOf(t, NotifyMe).findOneByOrFail({ email });
  const backInStock = () =>
    smtp.received.filter((m) => /is back in stock( in .+)?$/.test(m.parsed.subject ?? ''));
  /** Waits until `count` back-in-stock emails arrived and the outbox holds no more. */
  async function received(count: number): Promise<ReceivedMail[]> {
    await eventually(() => backInStock().length >= count, MAIL_WAIT_MS, `${count} emails`);
    await outboxSettled(t);
    return backInStock();
  }

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  beforeEach(async () => {
    smtp.received.length = 0;
    await clearTables(t, [NotifyMe, OutboxEmail]);
    await repositoryOf(t, ProductRecord).update({ id: 'hat' }, { name: 'Trucker Hat' });
    await repositoryOf(t, ProductVariantRecord).update({ productId: 'hat' }, { stock: 0, sold: 0 });
    await repositoryOf(t, ProductVariantRecord).update(
      { productId: 'tshirt' },
      { stock: null, sold: 0 },
    );
  });

  it('emails each pending request once when the artist restocks, marks it notified, and never again', async () => {
    await ask('ada@example.com', 'Trucker Hat').expect(201);
    await ask('ada@example.com', 'Trucker Hat').expect(201);
    await ask('bo@example.com', 'Trucker Hat').expect(201);
    await ask('cy@example.com', 'Sticker Pack').expect(201);
    expect(await repositoryOf(t, NotifyMe).count()).toBe(3);

    const before = Date.now();
    await setStock('hat', null, 4);
    const mails = await received(2);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual(['ada@example.com', 'bo@example.com']);
    for (const mail of mails) {
      const row = await requestOf(mail.rcptTo[0]);
      expect(row.notified).toBe('true');
      expect(row.notifiedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(mail.parsed.subject).toBe('The Trucker Hat is back in stock');
      expect(mail.parsed.text).toContain(`Shop now: ${PUBLIC_URL}/#merch`);
      expect(mail.parsed.html).toContain(`href="${PUBLIC_URL}/#merch"`);
      const unsubscribe = `${PUBLIC_URL}/api/notify-me/unsubscribe?token=${row.token}`;
      expect(row.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(listUnsubscribeOf(mail)).toBe(`<${unsubscribe}>`);
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );
      expect(mail.parsed.text).toContain(
        `Unsubscribe from alerts for this product: ${unsubscribe}`,
      );
    }
    // The sticker pack's request is not the hat's.
    expect((await requestOf('cy@example.com')).notified).toBe('false');

    // More stock, sold out and back again: those already told hear nothing more.
    await setStock('hat', null, 9);
    await setStock('hat', null, 0);
    await setStock('hat', null, 2);
    await outboxSettled(t);
    expect(backInStock()).toHaveLength(2);

    // A request made while it is in stock again waits for the next time it comes back.
    await setStock('hat', null, 0);
    await ask('di@example.com', 'Trucker Hat').expect(201);
    await setStock('hat', null, null);
    const again = await received(3);
    expect(again.map((m) => m.rcptTo[0])).toContain('di@example.com');
  });

  it('emails when one size of a sold-out product comes back, by the name the product has now', async () => {
    for (const size of ['S', 'M', 'L', 'XL', '2XL']) await setStock('tshirt', size, 0);
    await ask('ed@example.com', 'Wren Calloway T-Shirt').expect(201);
    expect((await requestOf('ed@example.com')).productId).toBe('tshirt');
    await admin
      .put('/api/admin/products/tshirt')
      .send({
        name: 'Wren Calloway Tour Tee',
        description: 'Soft cotton.',
        priceInCents: 2500,
        image: null,
        sizes: ['S', 'M', 'L', 'XL', '2XL'],
      })
      .expect(200);

    await setStock('tshirt', 'XL', 3);
    const [mail] = await received(1);
    expect(mail.rcptTo).toEqual(['ed@example.com']);
    expect(mail.parsed.subject).toBe('The Wren Calloway Tour Tee is back in stock in XL');
    await repositoryOf(t, ProductRecord).update(
      { id: 'tshirt' },
      { name: 'Wren Calloway T-Shirt' },
    );
  });

  it('queues the emails in the restock transaction: with the SMTP server down they wait in the outbox', async () => {
    await ask('fay@example.com', 'Trucker Hat').expect(201);
    smtp.refuse = { code: 421, message: 'Try again later' };
    try {
      await setStock('hat', null, 1);
      const [row] = await repositoryOf(t, OutboxEmail).findBy({ kind: 'back-in-stock' });
      expect(row.toAddress).toBe('fay@example.com');
      expect((await requestOf('fay@example.com')).notified).toBe('true');
    } finally {
      // The outbox's retries are covered by the email suite; here the row is what matters. It
      // goes before the server accepts again, so no retry of it reaches the next test.
      await repositoryOf(t, OutboxEmail).clear();
      smtp.refuse = null;
    }
  });

  it('unsubscribes from the product with a one-click POST; a GET only shows a button', async () => {
    await ask('gil@example.com', 'Trucker Hat').expect(201);
    await setStock('hat', null, 1);
    // Hers, whatever else the outbox may still deliver.
    await eventually(
      () => backInStock().some((m) => m.rcptTo[0] === 'gil@example.com'),
      MAIL_WAIT_MS,
      'her email',
    );
    const mail = backInStock().find((m) => m.rcptTo[0] === 'gil@example.com')!;
    const url = new URL(/^<(.+)>$/.exec(listUnsubscribeOf(mail)!)![1]);
    const target = `${url.pathname}${url.search}`;

    const page = await request(t.server).get(target).expect(200);
    expect(page.text).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await requestOf('gil@example.com')).unsubscribedAt).toBeNull();

    const wrong = await request(t.server).post(target).type('form').send('x=1').expect(400);
    expect(wrong.body.message).toBe('The body must be List-Unsubscribe=One-Click');

    await request(t.server)
      .post(target)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect((await requestOf('gil@example.com')).unsubscribedAt).toBeInstanceOf(Date);

    const list = await admin.get('/api/admin/notify-me?status=all').expect(200);
    const row = (list.body as ListPage<NotifyMeView, NotifyListFilter>).rows.find(
      (r) => r.email === 'gil@example.com',
    )!;
    expect(row.unsubscribedAt).toEqual(expect.any(String));

    // Asked again later and set pending by the artist: the artist's send still respects it.
    await repositoryOf(t, NotifyMe).update({ email: 'gil@example.com' }, { notified: 'false' });
    const sent = await admin
      .post('/api/admin/notify-me/send')
      .send({ ids: [row.id] })
      .expect(200);
    expect(sent.body).toEqual({ queued: 0, skipped: 1 });

    await request(t.server)
      .post(`/api/notify-me/unsubscribe?token=${'z'.repeat(32)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(404);
    await request(t.server).get('/api/notify-me/unsubscribe?token=short').expect(404);
  });

  it('sends the email to selected requests from the admin, skipping those already notified', async () => {
    await ask('hal@example.com', 'Sticker Pack').expect(201);
    await ask('ivy@example.com', 'Sticker Pack').expect(201);
    const hal = await requestOf('hal@example.com');
    const ivy = await requestOf('ivy@example.com');

    const first = await admin
      .post('/api/admin/notify-me/send')
      .send({ ids: [hal.id] })
      .expect(200);
    expect(first.body).toEqual({ queued: 1, skipped: 0 });
    const [mail] = await received(1);
    expect(mail.rcptTo).toEqual(['hal@example.com']);
    expect(mail.parsed.subject).toBe('The Sticker Pack is back in stock');

    // By filter: the pending ones matching "example", which hal no longer is.
    const second = await admin
      .post('/api/admin/notify-me/send')
      .send({ filter: { status: 'pending', search: 'example' } })
      .expect(200);
    expect(second.body).toEqual({ queued: 1, skipped: 0 });
    expect((await received(2)).map((m) => m.rcptTo[0]).sort()).toEqual([
      'hal@example.com',
      'ivy@example.com',
    ]);
    const third = await admin
      .post('/api/admin/notify-me/send')
      .send({ ids: [hal.id, ivy.id] })
      .expect(200);
    expect(third.body).toEqual({ queued: 0, skipped: 2 });

    const tooMany = await admin
      .post('/api/admin/notify-me/send')
      .send({ ids: Array.from({ length: 101 }, (_, i) => i + 1) })
      .expect(400);
    expect(tooMany.body.message).toEqual(
      'Please select up to 100 requests at a time. Use filters to process larger batches.',
    );
    await request(t.server)
      .post('/api/admin/notify-me/send')
      .set('Origin', PUBLIC_URL)
      .send({ ids: [hal.id] })
      .expect(401);
  });

  it('takes requests for any product of the shop and refuses other names', async () => {
    const res = await ask('jo@example.com', 'Flying Saucer').expect(400);
    expect(res.body.message).toBe('Invalid product name');
    expect(res.body.errors).toEqual([{ field: 'productName', messages: ['Invalid product name'] }]);
    await ask('jo@example.com', '').expect(400);
    expect(await repositoryOf(t, NotifyMe).count()).toBe(0);
  });
});
