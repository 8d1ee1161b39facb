import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { Clock } from '../src/common/clock.js';
import { ReleaseFileRecord } from '../src/modules/catalog/release-file.entity.js';
import { CheckoutReminder } from '../src/modules/checkout/checkout-reminder.entity.js';
import { CheckoutRemindersService } from '../src/modules/checkout/checkout-reminders.service.js';
import { FreeOrderDigest } from '../src/modules/checkout/free-order-digest.service.js';
import { MailQuota } from '../src/modules/email/mail-quota.entity.js';
import { mailboxKey } from '../src/modules/email/mailbox.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { RateLimitHit } from '../src/modules/rate-limit/rate-limit-hit.entity.js';
import { DownloadCode, DownloadCodeBatch } from '../src/modules/releases/download-code.entity.js';
import { DownloadLinkRecord } from '../src/modules/releases/download.entity.js';
import { loggedIn } from './utils/admin.js';
import {
  BUYER_FORM,
  checkoutSessions,
  createCheckout,
  emptyShop,
  orders,
  postPayForm,
  sessionStatus,
  shirt,
} from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';
import { createRelease, removeReleases, uploadFormat, zipBytes } from './utils/releases.js';
import { clearTables, repositoryOf, testAppOfSuite } from './utils/test-app.js';

const HOUR = 60 * 60_000;
const ARTIST = 'wren@artist.example';

describe.each(testDatabases())('emails a stranger can cause on $name', (db) => {
  const t = testAppOfSuite(db, {
    PAYMENTS: 'test',
    ARTIST_EMAIL: ARTIST,
    TRUST_PROXY: '1',
    CHECKOUT_RATE_LIMIT: '1000',
    DISCOUNT_CHECK_RATE_LIMIT: '1000',
  });
  let admin: TestAgent;
  let now: number;
  let visitor = 0;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  beforeEach(async () => {
    jest.restoreAllMocks();
    // A quarter past a clock hour: the digest of this hour's free orders is due in the next.
    now = Math.floor(Date.now() / HOUR) * HOUR + 15 * 60_000;
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
    await emptyShop(t);
    await clearTables(t, [
      DownloadCode,
      DownloadCodeBatch,
      DownloadLinkRecord,
      ReleaseFileRecord,
      OutboxEmail,
      RateLimitHit,
      MailQuota,
      CheckoutReminder,
    ]);
    await removeReleases(t);
    await createRelease(admin, { minPriceCents: 0 });
    await uploadFormat(admin, 'porch-light', 'MP3 320', zipBytes(100)).expect(201);
  });

  /** A checkout from a client address of its own, as the attack's posts came. */
  const checkout = (body: object) =>
    createCheckout(t, body).set('X-Forwarded-For', `198.51.100.${(++visitor % 250) + 1}`);
  const freeOrder = (email: string) =>
    checkout({ items: [{ productId: 'porch-light', quantity: 1, priceCents: 0 }], email });
  const sessionIdOf = (res: { body: { url: string } }) =>
    new URL(res.body.url).searchParams.get('session_id')!;
  /** The outbox's emails of a kind to one mailbox, however each address was spelt. */
  const emailsTo = async (kind: string, address: string) =>
    (await repositoryOf(t, OutboxEmail).findBy({ kind })).filter(
      (e) => mailboxKey(e.toAddress) === mailboxKey(address),
    );

  it('makes every $0 order but sends its mailbox 3 confirmations a day, and the artist one digest', async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await freeOrder('someone@example.org'));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const made = await orders(t);
    expect(made).toHaveLength(8);
    expect(await emailsTo('order-confirmation', 'someone@example.org')).toHaveLength(3);
    // No "New order" alert per free order: the hour's orders wait for its digest.
    expect(await repositoryOf(t, OutboxEmail).countBy({ kind: 'artist-order' })).toBe(0);
    const digest = t.app.get(FreeOrderDigest);
    expect(await digest.queueDue()).toBe(0);

    // The next hour, once its first minutes have passed: two instances gather it at once.
    now += HOUR;
    await Promise.all([digest.queueDue(), digest.queueDue()]);
    await digest.queueDue();
    const digests = await repositoryOf(t, OutboxEmail).findBy({ kind: 'artist-free-orders' });
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ toAddress: ARTIST, subject: '8 free orders' });
    for (const order of made) expect(digests[0].text).toContain(`#${order.id}: 1 × Porch Light`);
    expect(digests[0].text).not.toContain('someone@');
  });

  it('counts redeemed codes, fresh links and free orders against one mailbox, and never a paid order', async () => {
    const batch = await admin
      .post('/api/admin/products/porch-light/codes')
      .send({ count: 3 })
      .expect(201);
    const csv = await admin
      .get(`/api/admin/products/porch-light/codes/export?batchId=${batch.body.batchId}`)
      .expect(200);
    const codes = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((row) => row.split(',')[0]);
    const redeem = (code: string, email: string) =>
      request(t.server)
        .post('/api/redeem')
        .set('Origin', t.config.publicUrl)
        .set('X-Forwarded-For', `203.0.113.${++visitor % 250}`)
        .send({ code, email });

    const free = await freeOrder('collector@example.net').expect(200);
    await redeem(codes[0], 'Collector+cards@example.net').expect(202);
    await redeem(codes[1], 'collector@example.net').expect(202);
    // The mailbox had its 3: the code is redeemed as ever, and nothing more is mailed.
    await redeem(codes[2], 'collector+more@example.net').expect(202);
    expect(
      await repositoryOf(t, DownloadCode).countBy({ email: 'collector+more@example.net' }),
    ).toBe(1);
    expect(await emailsTo('order-confirmation', 'collector@example.net')).toHaveLength(1);
    expect(await emailsTo('download-links', 'collector@example.net')).toHaveLength(2);

    // Fresh links for the free order's expired link: answered as ever, not mailed.
    const [link] = await repositoryOf(t, DownloadLinkRecord).findBy({
      sessionId: sessionIdOf(free),
    });
    await repositoryOf(t, DownloadLinkRecord).update({ id: link.id }, { expiresAt: now - 1 });
    await request(t.server)
      .post(`/download/${link.token}`)
      .set('Origin', t.config.publicUrl)
      .expect(202);
    expect(await emailsTo('download-links', 'collector@example.net')).toHaveLength(2);

    // A paid order is confirmed whatever the mailbox had, and alerted on its own.
    const paid = await checkout({
      items: [{ productId: 'porch-light', quantity: 1, priceCents: 800 }],
    }).expect(200);
    await postPayForm(t, new URL(paid.body.url as string).pathname)
      .send({ ...BUYER_FORM, email: 'collector@example.net' })
      .expect(303);
    expect(await emailsTo('order-confirmation', 'collector@example.net')).toHaveLength(2);
    expect(await emailsTo('artist-order', ARTIST)).toHaveLength(1);
  });

  it('counts checkout reminders against the mailbox too', async () => {
    for (let i = 0; i < 3; i++) await freeOrder(`reminded+${i}@example.org`).expect(200);
    await createCheckout(t, { items: [shirt()] }).expect(200);
    const [open] = await checkoutSessions(t).then((all) => all.filter((s) => s.status === 'open'));
    await repositoryOf(t, CheckoutReminder).insert({
      sessionId: open.sessionId,
      email: 'reminded@example.org',
      recoveryUrl: 'https://checkout.example/recover',
      state: 'waiting',
      reason: null,
      openedAt: now - 2 * HOUR,
      dueAt: now - 1,
      createdAt: now - HOUR,
    });
    expect(await t.app.get(CheckoutRemindersService).sendDue()).toBe(0);
    expect(await repositoryOf(t, OutboxEmail).countBy({ kind: 'checkout-reminder' })).toBe(0);
    expect(
      await repositoryOf(t, CheckoutReminder).findOneByOrFail({ sessionId: open.sessionId }),
    ).toMatchObject({ state: 'skipped', reason: 'mailbox had its emails today' });
  });

  it("emails a free order's links and keeps them off its receipt; a paid order's receipt keeps them", async () => {
    const free = await freeOrder('fan@example.org').expect(200);
    const status = await sessionStatus(t, sessionIdOf(free)).expect(200);
    expect(status.body.order.downloads).toBeUndefined();
    expect(status.body.order.downloadsNote).toBe(
      'Your download links are on their way to f***@example.org',
    );
    const [link] = await repositoryOf(t, DownloadLinkRecord).findBy({
      sessionId: sessionIdOf(free),
    });
    expect(JSON.stringify(status.body)).not.toContain(link.token);
    const [confirmation] = await emailsTo('order-confirmation', 'fan@example.org');
    expect(confirmation.text).toContain(`/download/${link.token}`);

    const paid = await checkout({
      items: [{ productId: 'porch-light', quantity: 1, priceCents: 500 }],
    }).expect(200);
    const path = new URL(paid.body.url as string).pathname;
    await postPayForm(t, path).send(BUYER_FORM).expect(303);
    const receipt = await sessionStatus(t, path.split('/').pop()!).expect(200);
    expect(receipt.body.order.downloadsNote).toBeUndefined();
    expect(receipt.body.order.downloads).toEqual([
      expect.objectContaining({ release: 'Porch Light', format: 'MP3 320' }),
    ]);
  });
});
