import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { EmailListFilter, ListPage, OutboxEmailSummary } from '@artist/contracts';
import { Clock } from '../src/common/clock.js';
import { ProductVariantRecord } from '../src/modules/catalog/product.entity.js';
import { mailboxKey } from '../src/modules/email/mailbox.js';
import { HOURLY_LIMIT_REASON, OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { eventually } from './utils/smtp.js';
import { smtpServerOfSuite } from './utils/mailing.js';
import { repositoryOf, startTestApp, type TestApp } from './utils/test-app.js';

const PUBLIC_URL = 'http://shop.example.test';
const HOUR = 60 * 60_000;

/** `victim@`, `"victim"@` and `victim+0…+13@`: sixteen spellings of one mailbox. */
const spellingsOf = (local: string, domain: string) => [
  `${local}@${domain}`,
  `"${local}"@${domain}`,
  ...Array.from({ length: 14 }, (_, i) => `${local}+${i}@${domain}`),
];

describe.each(testDatabases())('limits on the emails fans cause on $name', (db) => {
  const smtp = smtpServerOfSuite();

  beforeEach(() => {
    smtp.received.length = 0;
  });

  /** Mails that reached the mailbox of `address`, however each was spelt. */
  const toMailbox = (address: string) =>
    smtp.received.filter((m) => m.rcptTo.some((to) => mailboxKey(to) === mailboxKey(address)));

  describe('per mailbox', () => {
    let t: TestApp;
    let admin: TestAgent;
    let now: number;
    const post = (path: string, body: object, visitor: number) =>
      request(t.server)
        .post(path)
        .set('Origin', PUBLIC_URL)
        .set('X-Forwarded-For', `203.0.113.${visitor}`)
        .send(body);
    /** Waits until every queued email has been sent. */
    const allSent = () =>
      eventually(
        async () => (await repositoryOf(t, OutboxEmail).countBy({ status: 'queued' })) === 0,
        15_000,
        'the outbox to empty',
      );

    beforeAll(async () => {
      t = await startTestApp(db, { SMTP_URL: smtp.url, PUBLIC_URL, TRUST_PROXY: '1' });
      admin = await loggedIn(t);
      now = Date.now();
      jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
    });

    afterAll(async () => {
      await t.close();
    });

    it('sends one mailbox at most 3 confirmations a day, however its address is spelt, and stores every signup', async () => {
      const spellings = spellingsOf('victim', 'example.com');
      const answers = await Promise.all(
        spellings.map((email, i) => post('/api/email-signup', { email }, i + 1)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(16).fill(201));
      expect(await repositoryOf(t, EmailSignup).count()).toBe(16);
      expect(await repositoryOf(t, OutboxEmail).countBy({ kind: 'newsletter-confirm' })).toBe(3);
      await allSent();
      expect(toMailbox('victim@example.com')).toHaveLength(3);

      // A day later the mailbox may be sent its 3 again.
      now += 24 * HOUR;
      await post('/api/email-signup', { email: 'Victim+late@example.com' }, 100).expect(201);
      await allSent();
      expect(toMailbox('victim@example.com')).toHaveLength(4);
    });

    it('counts the dotted spellings of a Gmail address as one mailbox', async () => {
      const spellings = [
        'target@gmail.com',
        't.arget@gmail.com',
        'ta.rg.et@gmail.com',
        'T.A.R.G.E.T+news@Gmail.com',
        'tar.get@gmail.com',
      ];
      const answers = await Promise.all(
        spellings.map((email, i) => post('/api/email-signup', { email }, i + 40)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(5).fill(201));
      await allSent();
      const gmail = smtp.received.filter((m) => m.rcptTo.some((to) => /@gmail\.com$/i.test(to)));
      expect(gmail).toHaveLength(3);
    });

    it('sends one mailbox at most 3 back-in-stock emails a day; the others stay pending', async () => {
      await repositoryOf(t, ProductVariantRecord).update(
        { productId: 'hat' },
        { stock: 0, sold: 0 },
      );
      const spellings = spellingsOf('hatfan', 'example.org').slice(0, 6);
      const answers = await Promise.all(
        spellings.map((email, i) =>
          post('/api/notify-me', { email, productName: 'Trucker Hat' }, i + 20),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
      await admin.put('/api/admin/products/hat/stock').send({ size: null, stock: 5 }).expect(200);
      expect(await repositoryOf(t, OutboxEmail).countBy({ kind: 'back-in-stock' })).toBe(3);
      await allSent();
      expect(toMailbox('hatfan@example.org')).toHaveLength(3);
      expect(await repositoryOf(t, NotifyMe).countBy({ notified: 'false' })).toBe(3);
    });
  });

  describe("the site's hourly cap", () => {
    let t: TestApp;
    let admin: TestAgent;
    // A quarter past a clock hour, so the next hour is 45 minutes on.
    let now = Math.floor(Date.now() / HOUR) * HOUR + 15 * 60_000;

    beforeAll(async () => {
      t = await startTestApp(db, {
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        TRUST_PROXY: '1',
        CONFIRMATION_EMAILS_PER_HOUR: '2',
      });
      admin = await loggedIn(t);
      jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
    });

    afterAll(async () => {
      await t.close();
    });

    it('holds confirmations beyond CONFIRMATION_EMAILS_PER_HOUR in the outbox with the reason, and sends them the next hour', async () => {
      const fans = ['ann@example.com', 'bea@example.net', 'cal@example.org', 'dee@example.edu'];
      const answers = await Promise.all(
        fans.map((email, i) =>
          request(t.server)
            .post('/api/email-signup')
            .set('Origin', PUBLIC_URL)
            .set('X-Forwarded-For', `198.51.100.${i + 1}`)
            .send({ email }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(4).fill(201));

      const list = async () =>
        (await admin.get('/api/admin/emails').expect(200)).body as ListPage<
          OutboxEmailSummary,
          EmailListFilter
        >;
      await eventually(
        async () => {
          const rows = (await list()).rows;
          return (
            rows.filter((e) => e.status === 'sent').length === 2 &&
            rows.filter((e) => e.lastError === HOURLY_LIMIT_REASON).length === 2
          );
        },
        15_000,
        'two sent and two waiting',
      );
      const waiting = (await list()).rows.filter((e) => e.status === 'queued');
      expect(waiting).toHaveLength(2);
      for (const email of waiting)
        expect(email.lastError).toBe(
          'Waiting: the hourly limit of confirmation emails was reached; it goes out in the next hour.',
        );
      expect(smtp.received).toHaveLength(2);
      // Nothing was dropped: they wait as queued rows, due at the next hour.
      const next = Math.floor(now / HOUR) * HOUR + HOUR;
      expect(
        (await repositoryOf(t, OutboxEmail).findBy({ status: 'queued' })).map(
          (e) => e.nextAttemptAt,
        ),
      ).toEqual([next, next]);

      now = next + 1000;
      await eventually(
        async () => (await repositoryOf(t, OutboxEmail).countBy({ status: 'sent' })) === 4,
        15_000,
        'the waiting emails to go out',
      );
      expect(smtp.received.flatMap((m) => m.rcptTo).sort()).toEqual(fans);
      expect((await list()).rows.map((e) => e.lastError)).toEqual([null, null, null, null]);
    });
  });
});
