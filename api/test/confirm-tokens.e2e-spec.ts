import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock.js';
import { SeparateConfirmTokens1767100000000 } from '../src/database/migrations/1767100000000-SeparateConfirmTokens.js';
import { ProductVariantRecord } from '../src/modules/catalog/product.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { eventually, MAIL_WAIT_MS, type ReceivedMail } from './utils/smtp.js';
import { mailingAppOfSuite } from './utils/mailing.js';
import { repositoryOf } from './utils/test-app.js';

const PUBLIC_URL = 'http://shop.example.test';
const DAY = 24 * 60 * 60_000;

describe.each(testDatabases())('confirm and unsubscribe tokens on $name', (db) => {
  const { smtp, t } = mailingAppOfSuite(db, { PUBLIC_URL, TRUST_PROXY: '1' });
  let admin: TestAgent;
  let now: number;
  let visitor = 0;

  const post = (path: string) =>
    request(t.server)
      .post(path)
      .set('Origin', PUBLIC_URL)
      .set('X-Forwarded-For', `203.0.113.${++visitor}`);
  const signUp = (email: string) => post('/api/email-signup').send({ email });
  const signup = (email: string) => repositoryOf(t, EmailSignup).findOneByOrFail({ email });
  const emailsTo = (email: string) => repositoryOf(t, OutboxEmail).findBy({ toAddress: email });
  /** The link after `label: ` in the text of the last email to `email` that has one, as a path. */
  async function linkIn(email: string, label: string): Promise<string> {
    const pattern = new RegExp(`${label}: (\\S+)`);
    const withLink = () => smtp.to(email).filter((m) => pattern.test(m.parsed.text ?? ''));
    await eventually(() => withLink().length > 0, MAIL_WAIT_MS, `an email to ${email}`);
    const url = new URL(pattern.exec(withLink().at(-1)!.parsed.text!)![1]);
    return `${url.pathname}${url.search}`;
  }
  const unsubscribeTarget = (mail: ReceivedMail) => {
    const line = mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line;
    const url = new URL(/<(.+)>/.exec(line.replace(/\r?\n[ \t]+/g, ''))![1]);
    return `${url.pathname}${url.search}`;
  };
  const tokenOf = (path: string) => new URL(path, PUBLIC_URL).searchParams.get('token')!;
  const confirmWith = (token: string) =>
    request(t.server)
      .post('/api/newsletter/confirm')
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ token });
  const oneClick = (target: string) =>
    request(t.server).post(target).type('form').send('List-Unsubscribe=One-Click');

  beforeAll(async () => {
    admin = await loggedIn(t);
    now = Date.now();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  });

  it('does not resubscribe anyone who replays the List-Unsubscribe token to the confirm endpoint', async () => {
    await signUp('forwarded@example.com').expect(201);
    await confirmWith(tokenOf(await linkIn('forwarded@example.com', 'Confirm'))).expect(200);
    const [mail] = smtp.to('forwarded@example.com');
    const target = unsubscribeTarget(mail);
    await oneClick(target).expect(200);

    const replay = await confirmWith(tokenOf(target)).expect(404);
    expect(replay.text).toContain('This link is not valid');
    expect((await signup('forwarded@example.com')).subscription).toBe('unsubscribed');
  });

  it('confirms with a token once, and not after 7 days, with a page saying which', async () => {
    await signUp('once@example.com').expect(201);
    const link = await linkIn('once@example.com', 'Confirm');
    await confirmWith(tokenOf(link)).expect(200);
    const again = await confirmWith(tokenOf(link)).expect(410);
    expect(again.text).toContain('<h1>This link has already been used</h1>');
    expect((await request(t.server).get(link).expect(410)).text).toContain('already been used');

    await signUp('late@example.com').expect(201);
    const late = await linkIn('late@example.com', 'Confirm');
    now += 7 * DAY + 1;
    const expired = await confirmWith(tokenOf(late)).expect(410);
    expect(expired.text).toContain('<h1>This link has expired</h1>');
    expect((await signup('late@example.com')).confirmedAt).toBeNull();
  });

  it("sends an unsubscribed address nothing on a stranger's signup; the unsubscribed page's button sends one confirmation, once", async () => {
    await signUp('gone@example.com').expect(201);
    const [mail] = await (async () => {
      await linkIn('gone@example.com', 'Confirm');
      return smtp.to('gone@example.com');
    })();
    const unsubscribed = await oneClick(unsubscribeTarget(mail)).expect(200);
    expect((await emailsTo('gone@example.com')).length).toBe(1);

    // Hours later, and the next day, a stranger signs the address up again: nothing is queued.
    now += 2 * 60 * 60_000;
    await signUp('gone@example.com').expect(201);
    now += DAY;
    await signUp('gone@example.com').expect(201);
    expect(await emailsTo('gone@example.com')).toHaveLength(1);
    expect((await signup('gone@example.com')).subscription).toBe('unsubscribed');

    // The person presses "Subscribe again" on the page they were shown.
    const form =
      /<form method="post" action="([^"]+)">\s*<input type="hidden" name="token" value="([^"]+)">/.exec(
        unsubscribed.text,
      )!;
    expect(form[1]).toBe('/api/newsletter/resubscribe');
    const sent = await post(form[1]).type('form').send({ token: form[2] }).expect(200);
    expect(sent.text).toContain('<h1>Check your inbox</h1>');
    await eventually(
      () => smtp.to('gone@example.com').length === 2,
      MAIL_WAIT_MS,
      'the confirmation',
    );
    await post(form[1]).type('form').send({ token: form[2] }).expect(410);
    expect(await emailsTo('gone@example.com')).toHaveLength(2);
    await confirmWith(tokenOf(await linkIn('gone@example.com', 'Confirm'))).expect(200);
    expect((await signup('gone@example.com')).subscription).toBe('confirmed');
  });

  it('lets the artist send an unsubscribed address a confirmation from the admin', async () => {
    await signUp('readd@example.com').expect(201);
    await linkIn('readd@example.com', 'Confirm');
    await oneClick(unsubscribeTarget(smtp.to('readd@example.com')[0])).expect(200);
    const { id } = await signup('readd@example.com');
    const added = await admin.post(`/api/admin/email-signups/${id}/confirmation`);
    expect([added.status, added.body]).toEqual([
      201,
      { success: true, message: 'A confirmation email is on its way to this address.' },
    ]);
    await eventually(
      () => smtp.to('readd@example.com').length === 2,
      MAIL_WAIT_MS,
      'the confirmation',
    );
    await confirmWith(tokenOf(await linkIn('readd@example.com', 'Confirm'))).expect(200);
    const refused = await admin.post(`/api/admin/email-signups/${id}/confirmation`).expect(400);
    expect(refused.body.message).toBe('This address has confirmed and is on the list.');
  });

  it('stores notify-me requests of an address that unsubscribed from back-in-stock emails, and alerts them only once confirmed', async () => {
    const restock = async () => {
      await admin.put('/api/admin/products/hat/stock').send({ size: null, stock: 0 }).expect(200);
      await admin.put('/api/admin/products/hat/stock').send({ size: null, stock: 5 }).expect(200);
    };
    const backInStockTo = async (email: string) =>
      (await emailsTo(email)).filter((e) => e.kind === 'back-in-stock');
    await repositoryOf(t, ProductVariantRecord).update({ productId: 'hat' }, { stock: 0, sold: 0 });
    await post('/api/notify-me').send({ email: 'hats@example.com', productName: 'Trucker Hat' });
    await restock();
    await eventually(() => smtp.to('hats@example.com').length === 1, MAIL_WAIT_MS, 'the alert');
    await oneClick(unsubscribeTarget(smtp.to('hats@example.com')[0])).expect(200);

    // A stranger asks again for that address: stored, but only a confirmation is sent.
    await post('/api/notify-me')
      .send({ email: 'hats@example.com', productName: 'Trucker Hat' })
      .expect(201);
    const waiting = await repositoryOf(t, NotifyMe).findOneByOrFail({
      email: 'hats@example.com',
      notified: 'false',
    });
    expect(waiting.confirmedAt).toBeNull();
    await restock();
    expect(await backInStockTo('hats@example.com')).toHaveLength(1);
    const sendAll = await admin
      .post('/api/admin/notify-me/send')
      .send({ ids: [waiting.id] })
      .expect(200);
    expect(sendAll.body).toEqual({ queued: 0, skipped: 1 });

    const link = await linkIn('hats@example.com', 'Confirm');
    expect(smtp.to('hats@example.com').at(-1)!.parsed.subject).toBe(
      'Please confirm: an email when the Trucker Hat is back in stock',
    );
    expect((await request(t.server).get(link).expect(200)).text).toContain('Confirm');
    await post('/api/notify-me/confirm')
      .type('form')
      .send({ token: tokenOf(link) })
      .expect(200);
    await post('/api/notify-me/confirm')
      .type('form')
      .send({ token: tokenOf(link) })
      .expect(410);
    await restock();
    expect(await backInStockTo('hats@example.com')).toHaveLength(2);

    // Another address with no unsubscribe behind it needs no confirmation.
    await post('/api/notify-me').send({ email: 'new@example.com', productName: 'Trucker Hat' });
    await restock();
    expect(await backInStockTo('new@example.com')).toHaveLength(1);
  });

  it('keeps existing signups and requests working across the migration', async () => {
    const dataSource = t.app.get(DataSource);
    const migration = new SeparateConfirmTokens1767100000000();
    const runner = dataSource.createQueryRunner();
    const legacy = (n: number) => `legacy${n}`.padEnd(32, 'x');
    try {
      await migration.down(runner);
      await runner.query(
        `INSERT INTO email_signups (email, contacted, token, confirmedAt, unsubscribedAt, confirmationSentAt)
         VALUES ('kept@example.com', 'false', ?, ?, NULL, ?),
                ('waiting@example.com', 'false', ?, NULL, NULL, ?)`,
        [legacy(1), now - DAY, now - 2 * DAY, legacy(2), now - DAY],
      );
      await runner.query(
        `INSERT INTO notify_me (email, productName, productId, notified, token)
         VALUES ('pending@example.com', 'Trucker Hat', 'hat', 'false', NULL)`,
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect((await signup('kept@example.com')).subscription).toBe('confirmed');
    // The unsubscribe link of an email sent before still unsubscribes, and confirms nothing.
    await confirmWith(legacy(1)).expect(404);
    await oneClick(`/api/newsletter/unsubscribe?token=${legacy(1)}`).expect(200);
    expect((await signup('kept@example.com')).subscription).toBe('unsubscribed');
    // A signup waiting for its confirmation keeps that email's link.
    await confirmWith(legacy(2)).expect(200);
    expect((await signup('waiting@example.com')).subscription).toBe('confirmed');
    // A request made before is alerted as before.
    await admin.put('/api/admin/products/hat/stock').send({ size: null, stock: 0 }).expect(200);
    await admin.put('/api/admin/products/hat/stock').send({ size: null, stock: 3 }).expect(200);
    expect(
      (await emailsTo('pending@example.com')).filter((e) => e.kind === 'back-in-stock'),
    ).toHaveLength(1);
  });
});
