import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { SIGNUP_MESSAGE } from '../src/modules/newsletter/newsletter.controller.js';
import { loggedIn } from './utils/admin.js';
import { csvRecords } from './utils/csv.js';
import { testDatabases } from './utils/databases.js';
import { outboxSettled } from './utils/outbox.js';
import { eventually, MAIL_WAIT_MS, listUnsubscribeOf, type ReceivedMail } from './utils/smtp.js';
import { mailingAppOfSuite } from './utils/mailing.js';

const PUBLIC_URL = 'http://shop.example.test';

describe.each(testDatabases())('newsletter double opt-in and unsubscribe on $name', (db) => {
  const { smtp, t } = mailingAppOfSuite(db, { PUBLIC_URL });
  let admin: TestAgent;

  const signUp = (email: string, location?: string) =>
    request(t.server)
      .post('/api/email-signup')
      .set('Origin', PUBLIC_URL)
      .send(location === undefined ? { email } : { email, location });
  const signup = (email: string) =>
    t.app.get(DataSource).getRepository(EmailSignup).findOneByOrFail({ email });
  const outbox = () => t.app.get(DataSource).getRepository(OutboxEmail).find();
  /** The path and query of the List-Unsubscribe URL of a received email. */
  const unsubscribeTarget = (mail: ReceivedMail) => {
    const url = new URL(/^<(.+)>$/.exec(listUnsubscribeOf(mail)!)![1]);
    return `${url.pathname}${url.search}`;
  };
  const confirmLink = (mail: ReceivedMail) => {
    const match = /Confirm: (\S+)/.exec(mail.parsed.text ?? '');
    return new URL(match![1]);
  };

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  beforeEach(() => {
    smtp.received.length = 0;
  });

  async function signedUpAndMailed(email: string): Promise<ReceivedMail> {
    await signUp(email).expect(201);
    await eventually(() => smtp.to(email).length === 1, MAIL_WAIT_MS, `the email to ${email}`);
    return smtp.to(email)[0];
  }

  it('sends a confirmation email with one-click unsubscribe headers; the link opens a page that changes nothing', async () => {
    const res = await signUp('June@Example.com').expect(201);
    expect(res.body).toEqual({ success: true, message: SIGNUP_MESSAGE });
    await eventually(() => smtp.received.length === 1, MAIL_WAIT_MS, 'the confirmation');
    const [mail] = smtp.received;
    expect(mail.rcptTo).toEqual(['june@example.com']);
    expect(mail.parsed.subject).toBe("Please confirm your subscription to Wren Calloway's list");
    const row = await signup('june@example.com');
    expect(row.confirmedAt).toBeNull();
    expect(row.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(row.confirmToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(row.confirmToken).not.toBe(row.token);

    expect(listUnsubscribeOf(mail)).toBe(
      `<${PUBLIC_URL}/api/newsletter/unsubscribe?token=${row.token}>`,
    );
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const [queued] = await outbox();
    expect(mail.parsed.messageId).toBe(queued.messageId);

    const link = confirmLink(mail);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(`${link.pathname}${link.search}`).toBe(
      `/api/newsletter/confirm?token=${row.confirmToken}`,
    );
    expect(mail.parsed.html).toContain(
      `href="${PUBLIC_URL}/api/newsletter/confirm?token=${row.confirmToken}"`,
    );

    // A mail scanner following the link confirms nothing.
    const page = await request(t.server).get(`${link.pathname}${link.search}`).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<form method="post" action="/api/newsletter/confirm">');
    expect(page.text).toContain(`name="token" value="${row.confirmToken}"`);
    expect((await signup('june@example.com')).confirmedAt).toBeNull();

    const before = Date.now();
    const done = await request(t.server)
      .post('/api/newsletter/confirm')
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ token: row.confirmToken! })
      .expect(200);
    expect(done.text).toContain('<h1>You&#39;re on the list</h1>');
    const confirmed = await signup('june@example.com');
    expect(confirmed.confirmedAt).toBeGreaterThanOrEqual(before);
    expect(confirmed.confirmedAt).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a confirm POST from another site and with an unknown token', async () => {
    const mail = await signedUpAndMailed('scan@example.com');
    const { confirmToken } = await signup('scan@example.com');
    expect(confirmLink(mail).searchParams.get('token')).toBe(confirmToken);
    await request(t.server)
      .post('/api/newsletter/confirm')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ token: confirmToken! })
      .expect(403);
    const unknown = await request(t.server)
      .post('/api/newsletter/confirm')
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ token: 'x'.repeat(32) })
      .expect(404);
    expect(unknown.text).toContain('This link is not valid');
    await request(t.server).get('/api/newsletter/confirm?token=%3Cscript%3E').expect(404);
    expect((await signup('scan@example.com')).confirmedAt).toBeNull();
  });

  it('re-sends to an unconfirmed address at most once an hour, one email for concurrent signups', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => signUp('twice@example.com')));
    expect(results.map((r) => r.status)).toEqual(Array(5).fill(201));
    await eventually(
      () => smtp.to('twice@example.com').length >= 1,
      MAIL_WAIT_MS,
      'the first email',
    );
    await signUp('twice@example.com').expect(201);
    await outboxSettled(t);
    expect(smtp.to('twice@example.com')).toHaveLength(1);

    // An hour later a repeated signup sends it again: the same unsubscribe link, a new confirm link.
    const row = await signup('twice@example.com');
    await t.app
      .get(DataSource)
      .getRepository(EmailSignup)
      .update({ id: row.id }, { confirmationSentAt: row.confirmationSentAt! - 60 * 60_000 });
    await signUp('twice@example.com').expect(201);
    await eventually(() => smtp.to('twice@example.com').length === 2, MAIL_WAIT_MS, 'the re-send');
    const [first, second] = smtp.to('twice@example.com');
    expect(second.parsed.messageId).not.toBe(first.parsed.messageId);
    expect(confirmLink(second).href).not.toBe(confirmLink(first).href);
    expect(unsubscribeTarget(second)).toBe(unsubscribeTarget(first));
  });

  it('gives the same public answer whatever the state, and mails a confirmed address nothing', async () => {
    await signedUpAndMailed('state@example.com');
    const { confirmToken } = await signup('state@example.com');
    await request(t.server)
      .post('/api/newsletter/confirm')
      .type('form')
      .send({ token: confirmToken! })
      .expect(200);
    const answers = [
      await signUp('state@example.com').expect(201), // confirmed
      await signUp('brand-new@example.com').expect(201), // new
      await signUp('scan@example.com').expect(201), // unconfirmed
    ];
    for (const res of answers) expect(res.body).toEqual({ success: true, message: SIGNUP_MESSAGE });
    await outboxSettled(t);
    expect(smtp.to('state@example.com')).toHaveLength(1);
  });

  it("leaves a confirmed fan's place as it is when her address is signed up with another", async () => {
    await signUp('moving@example.com', 'Seattle, WA').expect(201);
    // Until she confirms, a later signup's place is the one kept.
    await signUp('moving@example.com', 'Nashville, TN').expect(201);
    const unconfirmed = await signup('moving@example.com');
    expect(unconfirmed).toMatchObject({ location: 'Nashville, TN', country: 'US' });
    await request(t.server)
      .post('/api/newsletter/confirm')
      .type('form')
      .send({ token: unconfirmed.confirmToken! })
      .expect(200);
    const confirmed = await signup('moving@example.com');

    const res = await signUp('Moving@Example.com', 'Toronto, ON').expect(201);
    expect(res.body).toEqual({ success: true, message: SIGNUP_MESSAGE });
    expect(await signup('moving@example.com')).toEqual(confirmed);
  });

  it('unsubscribes with a one-click POST carrying no cookie or Origin; a GET only shows a button', async () => {
    const mail = await signedUpAndMailed('leave@example.com');
    const target = unsubscribeTarget(mail);

    const page = await request(t.server).get(target).expect(200);
    expect(page.text).toContain(`<form method="post" action="${target.replace(/&/g, '&amp;')}">`);
    expect(page.text).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await signup('leave@example.com')).unsubscribedAt).toBeNull();

    const wrongBody = await request(t.server).post(target).type('form').send('Unsubscribe=Yes');
    expect(wrongBody.status).toBe(400);
    expect(wrongBody.body.message).toBe('The body must be List-Unsubscribe=One-Click');
    expect((await signup('leave@example.com')).unsubscribedAt).toBeNull();

    const before = Date.now();
    const res = await request(t.server)
      .post(target)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const first = (await signup('leave@example.com')).unsubscribedAt!;
    expect(first).toBeGreaterThanOrEqual(before);

    // Again, from a provider that sends some Origin and multipart: still 200, the first time kept.
    await request(t.server)
      .post(target)
      .set('Origin', 'https://mail.provider.example')
      .field('List-Unsubscribe', 'One-Click')
      .expect(200);
    expect((await signup('leave@example.com')).unsubscribedAt).toBe(first);

    await request(t.server)
      .post(`/api/newsletter/unsubscribe?token=${'y'.repeat(32)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(404);
  });

  it('exempts exactly the unsubscribe path from the origin check', async () => {
    for (const path of [
      '/api/email-signup',
      '/api/newsletter/confirm',
      '/api/newsletter/resubscribe',
      '/api/notify-me/confirm',
      '/api/newsletter/unsubscribe/x',
    ]) {
      await request(t.server)
        .post(path)
        .set('Origin', 'https://evil.example')
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(403);
    }
  });

  // As a virtual column, the state read through its index on MariaDB left signups out while
  // another transaction was open (about one round in five; `StoreTheSubscriptionState`).
  (db.name === 'mysql' ? it : it.skip)(
    "finds every signup through the state's index while another transaction is open",
    async () => {
      const dataSource = t.app.get(DataSource);
      const signups = dataSource.getRepository(EmailSignup);
      const other = dataSource.createQueryRunner();
      await other.startTransaction();
      try {
        // A write of its own, undone at the end, which makes it a transaction others' reads
        // must see past.
        await other.query(
          "INSERT INTO table_versions (table_name, version) VALUES ('open-transaction', 1)",
        );
        const found = async (state: string) =>
          (
            (await dataSource.query(
              `SELECT s.email FROM email_signups s FORCE INDEX (IDX_email_signups_subscription)
                WHERE s.subscription = ? ORDER BY s.createdAt DESC, s.id DESC`,
              [state],
            )) as { email: string }[]
          ).map((row) => row.email);
        for (let round = 0; round < 30; round++) {
          await signups.clear();
          for (const name of ['a', 'b', 'c'])
            await signups.insert({
              email: `${name}-${round}@example.com`,
              token: `t-${name}-${round}`,
            });
          await signups.update({ email: `a-${round}@example.com` }, { confirmedAt: Date.now() });
          await signups.update({ email: `c-${round}@example.com` }, { unsubscribedAt: Date.now() });
          expect([
            await found('confirmed'),
            await found('unconfirmed'),
            await found('unsubscribed'),
          ]).toEqual([
            [`a-${round}@example.com`],
            [`b-${round}@example.com`],
            [`c-${round}@example.com`],
          ]);
        }
      } finally {
        await other.rollbackTransaction();
        await other.release();
      }
    },
  );

  it('shows, filters and exports the subscription state; exports leave out unsubscribed addresses unless asked', async () => {
    await t.app.get(DataSource).getRepository(EmailSignup).clear();
    await signedUpAndMailed('a-confirmed@example.com');
    await signedUpAndMailed('b-unconfirmed@example.com');
    const leaving = await signedUpAndMailed('c-unsubscribed@example.com');
    const { confirmToken } = await signup('a-confirmed@example.com');
    await request(t.server)
      .post('/api/newsletter/confirm')
      .type('form')
      .send({ token: confirmToken! })
      .expect(200);
    await request(t.server)
      .post(unsubscribeTarget(leaving))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);

    const list = (await admin.get('/api/admin/email-signups').expect(200)).body.rows as {
      email: string;
      subscription: string;
      confirmedAt: number | null;
      unsubscribedAt: number | null;
    }[];
    const byEmail = Object.fromEntries(list.map((s) => [s.email, s]));
    expect(byEmail['a-confirmed@example.com']).toMatchObject({
      subscription: 'confirmed',
      confirmedAt: expect.any(Number),
      unsubscribedAt: null,
    });
    expect(byEmail['b-unconfirmed@example.com']).toMatchObject({
      subscription: 'unconfirmed',
      confirmedAt: null,
    });
    expect(byEmail['c-unsubscribed@example.com']).toMatchObject({
      subscription: 'unsubscribed',
      unsubscribedAt: expect.any(Number),
    });
    expect(Object.keys(byEmail['a-confirmed@example.com'])).not.toContain('token');

    const emailsOf = async (query: string) =>
      (
        (await admin.get(`/api/admin/email-signups${query}`).expect(200)).body.rows as {
          email: string;
        }[]
      )
        .map((s) => s.email)
        .sort();
    expect(await emailsOf('?status=confirmed')).toEqual(['a-confirmed@example.com']);
    expect(await emailsOf('?status=unconfirmed')).toEqual(['b-unconfirmed@example.com']);
    expect(await emailsOf('?status=unsubscribed')).toEqual(['c-unsubscribed@example.com']);

    const exported = async (query: string) =>
      csvRecords((await admin.get(`/api/admin/email-signups/export${query}`).expect(200)).text);
    const all = await exported('');
    expect(all.map((r) => r.email).sort()).toEqual([
      'a-confirmed@example.com',
      'b-unconfirmed@example.com',
    ]);
    expect(all.find((r) => r.email === 'a-confirmed@example.com')).toMatchObject({
      subscription: 'confirmed',
      confirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      unsubscribedAt: '',
    });
    expect((await exported('?includeUnsubscribed=true')).map((r) => r.email).sort()).toEqual([
      'a-confirmed@example.com',
      'b-unconfirmed@example.com',
      'c-unsubscribed@example.com',
    ]);
    expect((await exported('?status=unsubscribed')).map((r) => r.email)).toEqual([
      'c-unsubscribed@example.com',
    ]);
    expect((await exported('?status=confirmed')).map((r) => r.email)).toEqual([
      'a-confirmed@example.com',
    ]);
    const bad = await admin
      .get('/api/admin/email-signups/export?includeUnsubscribed=yes')
      .expect(400);
    expect(bad.body.message).toBe('includeUnsubscribed must be true or false');
  });
});
