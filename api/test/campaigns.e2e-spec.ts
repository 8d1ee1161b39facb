import { createHmac, randomBytes } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { POSTAL_ADDRESS_REQUIRED, type Campaign } from '@artist/contracts';
import {
  CampaignRecipient,
  CampaignRecord,
  SuppressionRecord,
} from '../src/modules/campaigns/campaign.entity.js';
import { suppressionDigest } from '../src/modules/campaigns/campaign-fan-data.js';
import { CampaignsService } from '../src/modules/campaigns/campaigns.service.js';
import { MjmlCompiler } from '../src/modules/email/mjml-compiler.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { outboxSettled } from './utils/outbox.js';
import { showInput } from './utils/shows.js';
import { eventually, MAIL_WAIT_MS, TestSmtpServer, type ReceivedMail } from './utils/smtp.js';
import { mailingAppOfSuite } from './utils/mailing.js';
import { clearTables } from './utils/test-app.js';
import { BUYER_FORM, payWithTestProvider, shirt } from './utils/checkout.js';
import { swapCase } from './utils/tokens.js';

const PUBLIC_URL = 'http://shop.example.test';
const ARTIST = 'wren@example.com';
const POSTAL = 'PO Box 1234, Nashville, TN 37203';
const WEBHOOK_USER = 'postmark';
const WEBHOOK_PASSWORD = 'hook-secret-1';
const MAILGUN_KEY = 'mailgun-signing-key-1';
/** The suite's cap: slow enough to pause mid-send, fast enough to finish. */
const RATE = 5;

const header = (mail: ReceivedMail, name: string) => mail.parsed.headers.get(name.toLowerCase());
/** Campaign messages only (the signups' confirmations and alerts carry no List-Id). */
const campaignMail = (smtp: TestSmtpServer) =>
  smtp.received.filter((m) => m.headerLines.some((h) => h.key === 'list-id'));

describe.each(testDatabases())('campaigns on $name', (db) => {
  const { smtp, t } = mailingAppOfSuite(db, {
    PUBLIC_URL,
    ARTIST_EMAIL: ARTIST,
    FORM_RATE_LIMIT: '1000',
    CAMPAIGN_RATE_PER_SECOND: String(RATE),
    EMAIL_WEBHOOK_USER: WEBHOOK_USER,
    EMAIL_WEBHOOK_PASSWORD: WEBHOOK_PASSWORD,
    MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
    MAIL_FROM: 'Wren Calloway <news@example.test>',
    ARTIST_TIMEZONE: 'Asia/Tokyo',
    PAYMENT_PROVIDER: 'test',
  });
  let admin: TestAgent;
  let data: DataSource;

  beforeAll(async () => {
    admin = await loggedIn(t);
    data = t.app.get(DataSource);
  });

  beforeEach(async () => {
    smtp.refuse = null;
    smtp.refuseRecipient = () => null;
    smtp.answerAfter = null;
    await outboxSettled(t);
    await clearTables(t, [CampaignRecipient, CampaignRecord, SuppressionRecord, EmailSignup]);
    smtp.received.length = 0;
    await setPostalAddress(POSTAL);
  });

  async function setPostalAddress(postalAddress: string) {
    const { body } = await admin.get('/api/admin/content').expect(200);
    await admin
      .put('/api/admin/content')
      .send({ ...body, postalAddress })
      .expect(200);
  }

  /** A fan who signed up (with a place, when given) and confirmed. */
  async function fan(email: string, location?: string) {
    await request(t.server)
      .post('/api/email-signup')
      .set('Origin', PUBLIC_URL)
      .send(location === undefined ? { email } : { email, location })
      .expect(201);
    await data.getRepository(EmailSignup).update({ email }, { confirmedAt: Date.now() - 1000 });
  }

  async function fans(count: number, prefix = 'fan') {
    const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
    for (const email of emails) await fan(email, '37203');
    return emails;
  }

  async function nashvilleShow(city = 'Nashville, TN') {
    const { body } = await admin
      .post('/api/admin/shows')
      .send(showInput({ city, venue: 'Ryman Auditorium', status: 'published', date: '2099-03-14' }))
      .expect(201);
    return body as { id: number; located: boolean };
  }

  const draft = async (audience: object = {}, subject = 'New shows!') =>
    (
      await admin
        .post('/api/admin/campaigns')
        .send({ subject, body: '# Hello\n\nSee you **soon**.', audience })
        .expect(201)
    ).body as Campaign;

  const campaign = async (id: number) =>
    (await admin.get(`/api/admin/campaigns/${id}`).expect(200)).body as Campaign;

  const finished = (id: number, timeoutMs = 20_000) =>
    eventually(async () => (await campaign(id)).status === 'sent', timeoutMs, 'the campaign');

  it('answers the send before its list is written, then queues every fan exactly once, even with two writers at once', async () => {
    const COUNT = 5000;
    const confirmedAt = Date.now() - 1000;
    for (let from = 0; from < COUNT; from += 500)
      await data.getRepository(EmailSignup).insert(
        Array.from({ length: Math.min(500, COUNT - from) }, (_, i) => ({
          email: `bulk${from + i}@example.com`,
          token: `bulk-${from + i}-${randomBytes(12).toString('hex')}`,
          confirmedAt,
        })),
      );
    // Nothing is delivered: what this test counts is the list, not the messages.
    smtp.refuse = { code: 451, message: '4.3.0 Try again later' };
    const { id } = await draft();
    const recipients = () => data.getRepository(CampaignRecipient).countBy({ campaignId: id });
    const sending = await admin.post(`/api/admin/campaigns/${id}/send`).send({}).expect(200);
    const writtenWhenAnswered = await recipients();
    const row = await data.getRepository(CampaignRecord).findOneByOrFail({ id });
    expect(sending.body).toMatchObject({ status: 'sending', recipients: 0 });
    expect(row.recipientsFixedAt).toBeNull();
    expect(writtenWhenAnswered).toBeLessThan(COUNT);
    // Paused, the list is still written; nothing more is sent meanwhile.
    await admin.post(`/api/admin/campaigns/${id}/pause`).expect(200);

    // A second and third writer at once (another instance; a restart after a kill mid-list).
    const service = t.app.get(CampaignsService);
    await Promise.all([service.fixRecipients(id), service.fixRecipients(id)]);
    await eventually(
      async () =>
        (await data.getRepository(CampaignRecord).findOneByOrFail({ id })).recipientsFixedAt !==
        null,
      30_000,
      'the list to be written',
    );
    const rows = await data
      .getRepository(CampaignRecipient)
      .find({ select: { email: true, status: true }, where: { campaignId: id } });
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((r) => r.email)).size).toBe(COUNT);
    expect(await campaign(id)).toMatchObject({ status: 'paused', recipients: COUNT });
    await admin.post(`/api/admin/campaigns/${id}/cancel`).expect(200);
    // A send under way when it was paused ends (refused) before the next test.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }, 90_000);

  /** A campaign's messages in the outbox's bulk lane. */
  const bulkRows = (id: number) =>
    data.getRepository(OutboxEmail).find({
      select: { id: true, key: true, toAddress: true, status: true, lane: true, html: true },
      where: { subjectType: 'campaign', subjectId: String(id) },
    });

  it('queues each recipient once in the outbox’s bulk lane, however many writers at once, with the body stored once on the campaign', async () => {
    const emails = await fans(12, 'twice');
    await outboxSettled(t);
    // Refused for now (451): whatever is tried before the pause stays queued.
    smtp.refuse = { code: 451, message: '4.3.0 Try again later' };
    const { id } = await draft();
    await admin.post(`/api/admin/campaigns/${id}/send`).send({}).expect(200);
    // Paused at once: nothing leaves while the writers race.
    await admin.post(`/api/admin/campaigns/${id}/pause`).expect(200);
    const service = t.app.get(CampaignsService);
    await Promise.all([
      service.fixRecipients(id),
      service.fixRecipients(id),
      service.fixRecipients(id),
    ]);
    await eventually(
      async () =>
        (await data.getRepository(CampaignRecord).findOneByOrFail({ id })).recipientsFixedAt !==
        null,
      MAIL_WAIT_MS,
      'the list to be written',
    );
    const recipients = await data.getRepository(CampaignRecipient).findBy({ campaignId: id });
    const rows = await bulkRows(id);
    expect(rows).toHaveLength(emails.length);
    expect(new Set(rows.map((r) => r.key)).size).toBe(emails.length);
    expect(rows.map((r) => r.toAddress).sort()).toEqual([...emails].sort());
    expect(rows.map((r) => r.key).sort()).toEqual(
      recipients.map((r) => `campaign:${id}:${r.id}`).sort(),
    );
    // The body is the campaign's, once: the rows hold none of it.
    for (const row of rows) expect(row).toMatchObject({ lane: 'bulk', status: 'paused', html: '' });
    expect((await data.getRepository(CampaignRecord).findOneByOrFail({ id })).html).toContain(
      '<h1>Hello</h1>',
    );
    // The Emails tab is the transactional lane's: a campaign's messages are followed in its own.
    const listed = await admin.get('/api/admin/emails').expect(200);
    expect(listed.body.rows.filter((e: { kind: string }) => e.kind === 'campaign')).toEqual([]);
    await admin.get(`/api/admin/emails/${rows[0]!.id}`).expect(404);
    smtp.refuse = null;
    await admin.post(`/api/admin/campaigns/${id}/resume`).expect(200);
    await finished(id);
    expect(
      campaignMail(smtp)
        .map((m) => m.rcptTo[0])
        .sort(),
    ).toEqual([...emails].sort());
    expect(await bulkRows(id)).toEqual([]);
  });

  it('withdraws a cancelled campaign’s queued messages from the outbox', async () => {
    const emails = await fans(10, 'withdrawn');
    await outboxSettled(t);
    // The server answers 451 for now: every message stays queued, to be tried again.
    smtp.refuse = { code: 451, message: '4.3.0 Try again later' };
    const { id } = await draft();
    await admin.post(`/api/admin/campaigns/${id}/send`).send({}).expect(200);
    await eventually(
      async () => (await bulkRows(id)).length === emails.length,
      MAIL_WAIT_MS,
      'the messages queued',
    );
    await admin.post(`/api/admin/campaigns/${id}/cancel`).expect(200);
    expect(await bulkRows(id)).toEqual([]);
    // A hand-over under way at the cancel ends (refused); nothing is tried after it, not even
    // once the server takes mail again and the first retry's 5 s have passed.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    smtp.refuse = null;
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(await bulkRows(id)).toEqual([]);
    expect(campaignMail(smtp)).toHaveLength(0);
    expect(await campaign(id)).toMatchObject({ status: 'cancelled', sent: 0 });
  });

  it('skips a fan who unsubscribes after her message was queued, and records her as skipped', async () => {
    const emails = await fans(4, 'late');
    await outboxSettled(t);
    smtp.refuse = { code: 451, message: '4.3.0 Try again later' };
    const { id } = await draft();
    await admin.post(`/api/admin/campaigns/${id}/send`).send({}).expect(200);
    await admin.post(`/api/admin/campaigns/${id}/pause`).expect(200);
    await eventually(
      async () => (await bulkRows(id)).length === emails.length,
      MAIL_WAIT_MS,
      'the messages queued',
    );
    const leaving = emails[2];
    const { token } = await data.getRepository(EmailSignup).findOneByOrFail({ email: leaving });
    await request(t.server)
      .post(`/api/newsletter/unsubscribe?token=${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    smtp.refuse = null;
    await admin.post(`/api/admin/campaigns/${id}/resume`).expect(200);
    await finished(id);
    const received = campaignMail(smtp).map((m) => m.rcptTo[0]);
    expect(received.sort()).toEqual(emails.filter((e) => e !== leaving).sort());
    expect(await campaign(id)).toMatchObject({ recipients: 4, sent: 3, failed: 0 });
    expect(
      await data
        .getRepository(CampaignRecipient)
        .findOneByOrFail({ campaignId: id, email: leaving }),
    ).toMatchObject({ status: 'skipped', lastError: 'unsubscribed' });
    expect(await bulkRows(id)).toEqual([]);
  });

  it('counts the buyers of a product renamed after it sold, and no one else', async () => {
    const count = async (productId: string) =>
      (
        await admin
          .post('/api/admin/campaigns/audience')
          .send({ audience: { boughtProductIds: [productId] } })
          .expect(200)
      ).body.count as number;
    const buy = (email: string, product_name: string) =>
      admin
        .post('/api/admin/orders/manual')
        .send({
          salesChannel: 'online',
          customerName: 'Buyer',
          email,
          shippingAddress: JSON.stringify({ line1: '1 Main St', city: 'Brentwood', country: 'US' }),
          lineItems: [{ product_name, quantity: 1, price: 2500 }],
          paymentMethod: 'cash',
        })
        .expect(201);
    const hats = await count('hat');
    const shirts = await count('tshirt');
    await fan('hat-buyer@example.com');
    await fan('shirt-buyer@example.com');
    await buy('hat-buyer@example.com', 'Trucker Hat');
    await buy('shirt-buyer@example.com', 'T-Shirt - M');
    // A buyer with no confirmed signup is nobody a campaign can reach.
    await buy('not-signed-up@example.com', 'Trucker Hat');
    expect([await count('hat'), await count('tshirt')]).toEqual([hats + 1, shirts + 1]);
    const hat = { description: 'A hat.', priceInCents: 2500, image: null, sizes: [] };
    await admin
      .put('/api/admin/products/hat')
      .send({ ...hat, name: 'Fence Post Hat' })
      .expect(200);
    try {
      expect(await count('hat')).toBe(hats + 1);
    } finally {
      await admin
        .put('/api/admin/products/hat')
        .send({ ...hat, name: 'Trucker Hat' })
        .expect(200);
    }
  });

  it('counts "bought the hat" as the database sees it, exactly the fans its campaign is then sent to', async () => {
    const buy = (email: string, product_name: string) =>
      admin
        .post('/api/admin/orders/manual')
        .send({
          salesChannel: 'online',
          customerName: 'Buyer',
          email,
          shippingAddress: JSON.stringify({ line1: '1 Main St', city: 'Brentwood', country: 'US' }),
          lineItems: [{ product_name, quantity: 1, price: 2500 }],
          paymentMethod: 'cash',
        })
        .expect(201);
    const reached = ['hat-a@example.com', 'hat-b@example.com', 'hat-erased@example.com'];
    for (const email of [
      ...reached,
      'hat-suppressed@example.com',
      'hat-unsubscribed@example.com',
      'hat-no-shows@example.com',
    ]) {
      await fan(email);
      await buy(email, 'Trucker Hat');
    }
    // A second hat of the same fan counts her once.
    await buy('hat-a@example.com', 'Trucker Hat');
    await fan('shirt-only@example.com');
    await buy('shirt-only@example.com', 'T-Shirt - M');
    await buy('hat-not-signed-up@example.com', 'Trucker Hat');
    await request(t.server)
      .post('/api/email-signup')
      .set('Origin', PUBLIC_URL)
      .send({ email: 'hat-unconfirmed@example.com' })
      .expect(201);
    await buy('hat-unconfirmed@example.com', 'Trucker Hat');
    const suppress = (email: string) =>
      data.getRepository(SuppressionRecord).insert({
        email,
        reason: 'bounce',
        detail: null,
        campaignId: null,
        createdAt: Date.now(),
      });
    await suppress('hat-suppressed@example.com');
    const { token } = await data
      .getRepository(EmailSignup)
      .findOneByOrFail({ email: 'hat-unsubscribed@example.com' });
    await request(t.server)
      .post(`/api/newsletter/unsubscribe?token=${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    await data
      .getRepository(EmailSignup)
      .update({ email: 'hat-no-shows@example.com' }, { topicShows: false });
    const hat = { description: 'A hat.', priceInCents: 2500, image: null, sizes: [] };
    await admin
      .put('/api/admin/products/hat')
      .send({ ...hat, name: 'Fence Post Hat' })
      .expect(200);
    const audience = { boughtProductIds: ['hat'] };
    /** The count the editor shows, then the campaign sent to that audience: its recipients. */
    const countThenSend = async () => {
      const counted = await admin
        .post('/api/admin/campaigns/audience')
        .send({ audience, topic: 'shows' })
        .expect(200);
      const created = (
        await admin
          .post('/api/admin/campaigns')
          .send({ subject: 'Hat owners', body: 'Hello.', audience, topic: 'shows' })
          .expect(201)
      ).body as Campaign;
      smtp.received.length = 0;
      await admin.post(`/api/admin/campaigns/${created.id}/send`).send({}).expect(200);
      await finished(created.id);
      const sent = campaignMail(smtp)
        .map((m) => m.rcptTo[0])
        .sort();
      return { counted: counted.body, recipients: (await campaign(created.id)).recipients, sent };
    };
    try {
      // Counted by the database alone.
      expect(await countThenSend()).toEqual({
        counted: { count: 3, unknownLocation: 0 },
        recipients: 3,
        sent: [...reached].sort(),
      });
      // An erased fan's suppression is held as a digest, which the database cannot compare: the
      // count reads the fans as the send does.
      await suppress(suppressionDigest('hat-erased@example.com'));
      expect(await countThenSend()).toEqual({
        counted: { count: 2, unknownLocation: 0 },
        recipients: 2,
        sent: ['hat-a@example.com', 'hat-b@example.com'],
      });
    } finally {
      await admin
        .put('/api/admin/products/hat')
        .send({ ...hat, name: 'Trucker Hat' })
        .expect(200);
    }
  }, 60_000);

  it('counts the fans near a show: ZIP 37203 and "Franklin, TN" reach Nashville, Seattle does not', async () => {
    const show = await nashvilleShow();
    expect(show.located).toBe(true);
    await fan('zip@example.com', '37203');
    await fan('franklin@example.com', 'Franklin, TN');
    await fan('seattle@example.com', 'Seattle, WA');
    await fan('nowhere@example.com');
    await fan('toronto@example.com', 'M5V 2T6');
    // A buyer whose signup gives no place: the latest order's shipping address does.
    await fan('buyer@example.com');
    await admin
      .post('/api/admin/orders/manual')
      .send({
        salesChannel: 'online',
        customerName: 'Buyer',
        email: 'buyer@example.com',
        shippingAddress: JSON.stringify({
          line1: '1 Main St',
          city: 'Brentwood',
          state: 'TN',
          postal_code: '37027',
          country: 'US',
        }),
        lineItems: [{ product_name: 'Trucker Hat', quantity: 1, price: 2500 }],
        paymentMethod: 'cash',
      })
      .expect(201);
    // Not mailable: unconfirmed.
    await request(t.server)
      .post('/api/email-signup')
      .set('Origin', PUBLIC_URL)
      .send({ email: 'unconfirmed@example.com', location: '37203' })
      .expect(201);

    const count = (audience: object) =>
      admin.post('/api/admin/campaigns/audience').send({ audience }).expect(200);
    expect((await count({ near: { showId: show.id, radiusKm: 160 } })).body).toEqual({
      count: 3,
      unknownLocation: 1,
    });
    // Without `near` or `countries` no place is looked for: none is left out for want of one.
    expect((await count({})).body).toEqual({ count: 6, unknownLocation: 0 });
    expect((await count({ countries: ['CA'] })).body).toEqual({ count: 1, unknownLocation: 1 });
    expect((await count({ countries: ['us'] })).body.count).toBe(4);
    expect((await count({ near: { showId: show.id, radiusKm: 5 } })).body.count).toBe(1);
    expect((await count({ near: { showId: show.id, radiusKm: 2000 } })).body.count).toBe(4);
    const hat = await admin
      .post('/api/admin/campaigns/audience')
      .send({ audience: { boughtProductIds: ['hat'] } });
    expect(hat.body).toEqual({ count: 1, unknownLocation: 0 });
    // Renamed since, the hat still finds its buyer: the order's line names the product by id.
    const renamed = { description: 'A hat.', priceInCents: 2500, image: null, sizes: [] };
    await admin
      .put('/api/admin/products/hat')
      .send({ ...renamed, name: 'Porch Hat' })
      .expect(200);
    const afterRename = await admin
      .post('/api/admin/campaigns/audience')
      .send({ audience: { boughtProductIds: ['hat'] } });
    expect(afterRename.body).toEqual({ count: 1, unknownLocation: 0 });
    await admin
      .put('/api/admin/products/hat')
      .send({ ...renamed, name: 'Trucker Hat' })
      .expect(200);

    // Bad audiences: a sentence, nothing else.
    const bad = await admin
      .post('/api/admin/campaigns/audience')
      .send({ audience: { near: { showId: show.id, radiusKm: 0 } } })
      .expect(400);
    expect(bad.body.message).toEqual(expect.stringContaining('radiusKm'));
    await admin
      .post('/api/admin/campaigns/audience')
      .send({ audience: { near: { showId: 99999, radiusKm: 100 } } })
      .expect(400);
    await admin
      .post('/api/admin/campaigns/audience')
      .send({ audience: { boughtProductIds: ['no-such-thing'] } })
      .expect(400);
    const lost = await nashvilleShow('Nowhere Springs, ZZ');
    expect(lost.located).toBe(false);
    const unlocated = await admin
      .post('/api/admin/campaigns/audience')
      .send({ audience: { near: { showId: lost.id, radiusKm: 100 } } })
      .expect(409);
    expect(unlocated.body.message).toContain('could not be found on the map');

    // The signup keeps what the fan wrote; a place of more than 100 characters is refused.
    const franklin = await data
      .getRepository(EmailSignup)
      .findOneBy({ email: 'franklin@example.com' });
    expect(franklin).toMatchObject({ location: 'Franklin, TN', country: 'US' });
    const nowhere = await data
      .getRepository(EmailSignup)
      .findOneBy({ email: 'nowhere@example.com' });
    expect(nowhere).toMatchObject({ location: null, latitude: null });
    const long = await request(t.server)
      .post('/api/email-signup')
      .set('Origin', PUBLIC_URL)
      .send({ email: 'long@example.com', location: 'x'.repeat(101) })
      .expect(400);
    expect(long.body.message).toBe('Location cannot exceed 100 characters');
    expect(await data.getRepository(EmailSignup).countBy({ email: 'long@example.com' })).toBe(0);
  });

  it('sends each fan exactly one message, with the unsubscribe headers, List-Id, postal address and browser link', async () => {
    const show = await nashvilleShow();
    await fan('zip@example.com', '37203');
    await fan('franklin@example.com', 'Franklin, TN');
    await fan('seattle@example.com', 'Seattle, WA');
    const created = await draft({ near: { showId: show.id, radiusKm: 160 } });
    expect(created).toMatchObject({ status: 'draft', recipients: 0, sent: 0 });
    const sending = await admin
      .post(`/api/admin/campaigns/${created.id}/send`)
      .send({})
      .expect(200);
    // Answered before its list is written: the count follows once it is.
    expect(sending.body).toMatchObject({ status: 'sending', recipients: 0 });
    await finished(created.id);
    await outboxSettled(t);
    const mails = campaignMail(smtp);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual([
      'franklin@example.com',
      'zip@example.com',
    ]);
    expect(new Set(mails.map((m) => m.parsed.messageId)).size).toBe(2);
    const [mail] = mails;
    const signup = await data.getRepository(EmailSignup).findOneByOrFail({ email: mail.rcptTo[0] });
    const unsubscribe = `${PUBLIC_URL}/api/newsletter/unsubscribe?token=${signup.token}`;
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(header(mail, 'message-id')).toMatch(/^<campaign\.\d+\.[0-9a-f]+@shop\.example\.test>$/);
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain(
      `<${unsubscribe}>`,
    );
    expect(mail.headerLines.find((h) => h.key === 'list-id')?.line).toContain(
      '<newsletter.shop.example.test>',
    );
    expect(mail.parsed.subject).toBe('New shows!');
    expect(mail.parsed.text).toContain(POSTAL);
    expect(mail.parsed.text).toContain(`Unsubscribe: ${unsubscribe}`);
    expect(mail.parsed.text).toContain(`${PUBLIC_URL}/api/campaigns/${created.pageId}`);
    expect(mail.parsed.html).toContain(`href="${PUBLIC_URL}/api/campaigns/${created.pageId}"`);
    expect(mail.parsed.html).toContain('<h1>Hello</h1>');
    expect(mail.parsed.html).toContain(`href="${unsubscribe}"`);
    expect(mail.parsed.html).toContain('View this email in your browser');
    // No tracking: no pixel, every link as written.
    expect(mail.parsed.html).not.toMatch(/<img[^>]+width="1"/);

    expect(await campaign(created.id)).toMatchObject({
      status: 'sent',
      recipients: 2,
      sent: 2,
      failed: 0,
      bounced: 0,
    });
    const page = await request(t.server).get(`/api/campaigns/${created.pageId}`).expect(200);
    expect(page.text).toContain('<h1>Hello</h1>');
    expect(page.text).not.toContain(signup.token!);

    // Only a draft changes or goes.
    const input = { subject: 'Changed', body: 'x', audience: {} };
    await admin.put(`/api/admin/campaigns/${created.id}`).send(input).expect(409);
    await admin.delete(`/api/admin/campaigns/${created.id}`).expect(409);
    await admin.post(`/api/admin/campaigns/${created.id}/send`).send({}).expect(409);

    // An unsubscribe from its link counts on it.
    await request(t.server)
      .post(`/api/newsletter/unsubscribe?token=${signup.token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect((await campaign(created.id)).unsubscribed).toBe(1);
  });

  it('shows a sent campaign’s page at its unguessable page id only, never at its number', async () => {
    const send = async (subject: string, body: string) => {
      const created = (
        await admin.post('/api/admin/campaigns').send({ subject, body, audience: {} }).expect(201)
      ).body as Campaign;
      // Nobody to send to: sent as soon as its (empty) list is written, its page stored.
      await admin.post(`/api/admin/campaigns/${created.id}/send`).send({}).expect(200);
      await finished(created.id);
      expect(await campaign(created.id)).toMatchObject({ status: 'sent', pageId: created.pageId });
      return created;
    };
    const presale = await send('Poster buyers: your presale', 'Your code is **PORCH-LIGHT-42**.');
    const other = await send('News', 'Hello all.');
    for (const { pageId } of [presale, other]) expect(pageId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(presale.pageId).not.toBe(other.pageId);
    const page = await request(t.server).get(`/api/campaigns/${presale.pageId}`).expect(200);
    expect(page.text).toContain('PORCH-LIGHT-42');
    const listed = await admin.get('/api/admin/campaigns').expect(200);
    expect(listed.body.rows.map((c: Campaign) => c.pageId).sort()).toEqual(
      [presale.pageId, other.pageId].sort(),
    );

    // Counting up the numbers finds nothing, nor does the page id in another letter case.
    for (const path of [
      ...[0, 1, 2, presale.id, other.id, other.id + 1].map(String),
      swapCase(presale.pageId),
      `${presale.pageId}x`,
    ]) {
      const res = await request(t.server).get(`/api/campaigns/${path}`).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'Campaign not found.' });
    }
  });

  it('refuses send and test with 409 while the Page has no postal address', async () => {
    await fan('zip@example.com', '37203');
    await setPostalAddress('');
    const created = await draft();
    const send = await admin.post(`/api/admin/campaigns/${created.id}/send`).send({}).expect(409);
    expect(send.body.message).toBe(POSTAL_ADDRESS_REQUIRED);
    const test = await admin
      .post(`/api/admin/campaigns/${created.id}/test`)
      .send({ emails: [ARTIST] })
      .expect(409);
    expect(test.body.message).toBe(POSTAL_ADDRESS_REQUIRED);
    expect((await campaign(created.id)).status).toBe('draft');

    await setPostalAddress(POSTAL);
    await admin
      .post(`/api/admin/campaigns/${created.id}/test`)
      .send({ emails: [ARTIST, 'manager@example.com'] })
      .expect(200);
    await outboxSettled(t);
    const tests = smtp.received.filter((m) => m.parsed.subject === '[Test] New shows!');
    expect(tests.map((m) => m.rcptTo[0]).sort()).toEqual(['manager@example.com', ARTIST]);
    expect(tests[0].parsed.text).toContain('This is a test copy');
    expect(tests[0].parsed.text).toContain(POSTAL);
    expect(await campaign(created.id)).toMatchObject({ status: 'draft', sent: 0, recipients: 0 });
    await admin
      .post(`/api/admin/campaigns/${created.id}/test`)
      .send({ emails: ['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com', 'e@x.com', 'f@x.com'] })
      .expect(400);
  });

  it('keeps to the rate, pauses within a second, resumes without re-sending, and cancels for good', async () => {
    const emails = await fans(30);
    const created = await draft();
    await admin.post(`/api/admin/campaigns/${created.id}/send`).send({}).expect(200);
    await eventually(() => campaignMail(smtp).length >= 3, MAIL_WAIT_MS, 'the first messages');
    await admin.post(`/api/admin/campaigns/${created.id}/pause`).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const atPause = campaignMail(smtp).length;
    expect(atPause).toBeLessThan(emails.length);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(campaignMail(smtp).length).toBe(atPause);
    expect((await campaign(created.id)).status).toBe('paused');
    await admin.post(`/api/admin/campaigns/${created.id}/pause`).expect(409);
    const resumedAt = Date.now();
    await admin.post(`/api/admin/campaigns/${created.id}/resume`).expect(200);
    await finished(created.id);
    const mails = campaignMail(smtp);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual([...emails].sort());
    // What was left at the pause takes one of the rate's one-second windows per RATE messages;
    // the first may be all but over at the resume, each further one starts a second later.
    const windows = Math.ceil((emails.length - atPause) / RATE);
    expect(windows).toBeGreaterThanOrEqual(3);
    expect(Date.now() - resumedAt).toBeGreaterThan((windows - 2) * 1000);
    expect((await campaign(created.id)).sent).toBe(emails.length);

    smtp.received.length = 0;
    const second = await draft({}, 'Second');
    await admin.post(`/api/admin/campaigns/${second.id}/send`).send({}).expect(200);
    await eventually(() => campaignMail(smtp).length >= 2, MAIL_WAIT_MS, 'the first messages');
    await admin.post(`/api/admin/campaigns/${second.id}/cancel`).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const atCancel = campaignMail(smtp).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(campaignMail(smtp).length).toBe(atCancel);
    expect(atCancel).toBeLessThan(15);
    expect((await campaign(second.id)).status).toBe('cancelled');
    await admin.post(`/api/admin/campaigns/${second.id}/resume`).expect(409);
  });

  it('sends a scheduled campaign at its time, not before', async () => {
    await fans(2);
    const created = await draft();
    const at = new Date(Date.now() + 2500).toISOString();
    const scheduled = await admin
      .post(`/api/admin/campaigns/${created.id}/send`)
      .send({ at })
      .expect(200);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledAt: at });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(campaignMail(smtp)).toHaveLength(0);
    await finished(created.id);
    expect(campaignMail(smtp)).toHaveLength(2);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
    await admin
      .post(`/api/admin/campaigns/${(await draft()).id}/send`)
      .send({ at: '2001-01-01T00:00:00.000Z' })
      .expect(400);
  });

  it('gives fans who unsubscribe mid-send nothing more, while an alert queued meanwhile leaves at once', async () => {
    const emails = await fans(25);
    await outboxSettled(t);
    const created = await draft();
    await admin.post(`/api/admin/campaigns/${created.id}/send`).send({}).expect(200);
    await eventually(() => campaignMail(smtp).length >= 2, MAIL_WAIT_MS, 'the first messages');
    // The mail server answers no message now until the alert has come, as a slow one would: the
    // campaign is still sending when the alert is queued, however slow this machine is.
    let answer!: (value: unknown) => void;
    smtp.answerAfter = new Promise((resolve) => (answer = resolve));
    const mailed = new Set(campaignMail(smtp).map((m) => m.rcptTo[0]));
    const leaving = emails.filter((e) => !mailed.has(e)).slice(-5);
    for (const email of leaving) {
      const { token } = await data.getRepository(EmailSignup).findOneByOrFail({ email });
      await request(t.server)
        .post(`/api/newsletter/unsubscribe?token=${token}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
    }
    // A transactional email does not wait behind the campaign.
    await request(t.server)
      .post('/api/contact')
      .set('Origin', PUBLIC_URL)
      .send({
        firstName: 'Dolly',
        lastName: 'Parton',
        email: 'dolly@example.com',
        subject: 'booking',
        message: 'Would you play our festival?',
      })
      .expect(201);
    // Held answers keep the campaign sending however slow this machine is; how soon the alert
    // leaves is a figure of `npm run bench:campaign` (the artist's alert), not a timed test.
    await eventually(() => smtp.to(ARTIST).length === 1, MAIL_WAIT_MS, 'the alert');
    answer(undefined);
    smtp.answerAfter = null;

    await finished(created.id);
    const received = campaignMail(smtp).map((m) => m.rcptTo[0]);
    for (const email of leaving) expect(received).not.toContain(email);
    expect(received).toHaveLength(20);
    expect(new Set(received).size).toBe(20);
    expect(await campaign(created.id)).toMatchObject({ recipients: 25, sent: 20 });
    // The alert went out while the campaign was still sending.
    const alertAt = smtp.received.indexOf(smtp.to(ARTIST)[0]);
    expect(alertAt).toBeLessThan(smtp.received.indexOf(campaignMail(smtp).at(-1)!));
  });

  it('sends an order confirmation paid mid-campaign ahead of the campaign', async () => {
    await fans(30);
    await outboxSettled(t);
    const created = await draft();
    await admin.post(`/api/admin/campaigns/${created.id}/send`).send({}).expect(200);
    await eventually(() => campaignMail(smtp).length >= 2, MAIL_WAIT_MS, 'the first messages');
    // The mail server answers nothing until the confirmation has come, as in the alert's test:
    // the campaign is still sending when the order is paid, whatever this machine's speed.
    let answer!: (value: unknown) => void;
    smtp.answerAfter = new Promise((resolve) => (answer = resolve));
    await payWithTestProvider(t, [shirt('M', 1)]);
    await eventually(
      () => smtp.to(BUYER_FORM.email).length === 1,
      MAIL_WAIT_MS,
      'the confirmation',
    );
    const [confirmation] = smtp.to(BUYER_FORM.email);
    expect(confirmation.parsed.subject).toMatch(/^Your order #\d+ is confirmed$/);
    expect((await campaign(created.id)).status).toBe('sending');
    // Compiled, the confirmation does not keep mjml's worker beside the campaign (idle, it
    // would stay a minute for the next email).
    const compiler = t.app.get(MjmlCompiler) as unknown as { worker: object | null };
    await eventually(() => compiler.worker === null, MAIL_WAIT_MS, "the compiler's worker to end");
    expect((await campaign(created.id)).status).toBe('sending');
    answer(undefined);
    smtp.answerAfter = null;
    await finished(created.id);
    expect(smtp.received.indexOf(confirmation)).toBeLessThan(
      smtp.received.indexOf(campaignMail(smtp).at(-1)!),
    );
    expect(await campaign(created.id)).toMatchObject({ recipients: 30, sent: 30 });
  });

  it('answers an unsubscribe that comes in while its message is being handed over only once it is', async () => {
    const [email] = await fans(1);
    await outboxSettled(t);
    // The SMTP server holds its answer to the message's data: the hand-over is under way.
    let answerData = () => {};
    smtp.answerAfter = new Promise<void>((resolve) => (answerData = resolve));
    const created = await draft();
    await admin.post(`/api/admin/campaigns/${created.id}/send`).send({}).expect(200);
    await eventually(() => campaignMail(smtp).length === 1, MAIL_WAIT_MS, 'the message');

    const { token } = await data.getRepository(EmailSignup).findOneByOrFail({ email });
    let answeredAt = 0;
    const unsubscribe = request(t.server)
      .post(`/api/newsletter/unsubscribe?token=${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .then((res) => ((answeredAt = Date.now()), res));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answeredAt).toBe(0);
    const handedOverAt = Date.now();
    answerData();
    expect((await unsubscribe).status).toBe(200);
    expect(answeredAt).toBeGreaterThanOrEqual(handedOverAt);
    await finished(created.id);
    expect(await campaign(created.id)).toMatchObject({ recipients: 1, sent: 1 });
  });

  it('suppresses an address refused with 550, and counts the bounce on the campaign', async () => {
    await fans(3);
    smtp.refuseRecipient = (address) =>
      address === 'fan1@example.com' ? { code: 550, message: '5.1.1 No such user' } : null;
    const created = await draft();
    await admin.post(`/api/admin/campaigns/${created.id}/send`).send({}).expect(200);
    await finished(created.id);
    expect(await campaign(created.id)).toMatchObject({ sent: 2, failed: 1, bounced: 1 });
    const list = await admin.get('/api/admin/suppressions').expect(200);
    expect(list.body.rows).toEqual([
      {
        id: expect.any(Number),
        email: 'fan1@example.com',
        reason: 'bounce',
        campaignId: created.id,
        createdAt: expect.any(String),
      },
    ]);
    expect(
      (await admin.post('/api/admin/campaigns/audience').send({ audience: {} }).expect(200)).body
        .count,
    ).toBe(2);
    // The artist lifts it, saying why.
    await admin.delete(`/api/admin/suppressions/${list.body.rows[0].id}`).send({}).expect(400);
    await admin
      .delete(`/api/admin/suppressions/${list.body.rows[0].id}`)
      .send({ reason: 'The fan fixed their mailbox' })
      .expect(204);
    expect((await admin.get('/api/admin/suppressions').expect(200)).body.rows).toEqual([]);
    expect(
      (await admin.post('/api/admin/campaigns/audience').send({ audience: {} }).expect(200)).body
        .count,
    ).toBe(3);
  });

  it('records Postmark and Mailgun reports only with their credentials', async () => {
    await fans(3);
    const created = await draft();
    await admin.post(`/api/admin/campaigns/${created.id}/send`).send({}).expect(200);
    await finished(created.id);
    const postmark = (auth?: string) => {
      const req = request(t.server).post('/api/webhooks/email/postmark');
      return (auth ? req.set('Authorization', auth) : req).send({
        RecordType: 'SpamComplaint',
        Email: 'fan0@example.com',
        MessageID: 'b7bc2f4a-e38e-4336-af7d-e6c392c2f817',
      });
    };
    await postmark().expect(401);
    await postmark(`Basic ${Buffer.from(`${WEBHOOK_USER}:wrong`).toString('base64')}`).expect(401);
    expect(await data.getRepository(SuppressionRecord).count()).toBe(0);
    await postmark(
      `Basic ${Buffer.from(`${WEBHOOK_USER}:${WEBHOOK_PASSWORD}`).toString('base64')}`,
    ).expect(200);

    const messageId = campaignMail(smtp).find((m) => m.rcptTo[0] === 'fan2@example.com')!.parsed
      .messageId!;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = 'a'.repeat(50);
    const mailgun = (signature: string) =>
      request(t.server)
        .post('/api/webhooks/email/mailgun')
        .send({
          signature: { timestamp, token, signature },
          'event-data': {
            event: 'failed',
            severity: 'permanent',
            recipient: 'fan2@example.com',
            message: { headers: { 'message-id': messageId.replace(/^<|>$/g, '') } },
            'delivery-status': { code: 550, message: 'mailbox unavailable' },
          },
        });
    await mailgun('0'.repeat(64)).expect(401);
    await request(t.server).post('/api/webhooks/email/mailgun').send({}).expect(401);
    const signature = createHmac('sha256', MAILGUN_KEY)
      .update(`${timestamp}${token}`)
      .digest('hex');
    await mailgun(signature).expect(200);
    // A delivered again report counts once.
    await mailgun(signature).expect(200);

    const suppressed = await data
      .getRepository(SuppressionRecord)
      .find({ order: { email: 'ASC' } });
    expect(suppressed.map((s) => [s.email, s.reason, s.campaignId])).toEqual([
      ['fan0@example.com', 'complaint', created.id],
      ['fan2@example.com', 'bounce', created.id],
    ]);
    expect(await campaign(created.id)).toMatchObject({ complained: 1, bounced: 1 });
    // A complaint also unsubscribes.
    const complainer = await data
      .getRepository(EmailSignup)
      .findOneByOrFail({ email: 'fan0@example.com' });
    expect(complainer.unsubscribedAt).not.toBeNull();
    expect(
      (await admin.post('/api/admin/campaigns/audience').send({ audience: {} }).expect(200)).body
        .count,
    ).toBe(1);
  });

  it('edits and deletes drafts, lists campaigns with the shared list query, and refuses bad input', async () => {
    // The editor schedules in the artist's zone and reads it here.
    expect((await admin.get('/api/admin/campaigns/settings').expect(200)).body).toEqual({
      timeZone: 'Asia/Tokyo',
      ratePerSecond: RATE,
    });
    await request(t.server).get('/api/admin/campaigns/settings').expect(401);
    const created = await draft();
    const changed = await admin
      .put(`/api/admin/campaigns/${created.id}`)
      .send({ subject: 'Changed', body: 'New words', audience: { countries: ['us', 'US'] } })
      .expect(200);
    expect(changed.body).toMatchObject({ subject: 'Changed', audience: { countries: ['US'] } });
    const list = await admin.get('/api/admin/campaigns?status=draft&search=chan').expect(200);
    expect(list.body.rows.map((c: Campaign) => c.id)).toEqual([created.id]);
    const csv = await admin.get('/api/admin/campaigns/export?status=draft').expect(200);
    expect(csv.text).toContain('Changed');
    const preview = await admin.get(`/api/admin/campaigns/${created.id}/preview`).expect(200);
    expect(preview.body.subject).toBe('Changed');
    expect(preview.body.html).toContain('New words');
    expect(preview.body.text).toContain(POSTAL);
    await admin
      .post('/api/admin/campaigns')
      .send({ subject: 'x'.repeat(151), body: 'b', audience: {} })
      .expect(400);
    await admin.post('/api/admin/campaigns').send({ subject: 's', body: 'b' }).expect(400);
    await admin.delete(`/api/admin/campaigns/${created.id}`).expect(204);
    await admin.get(`/api/admin/campaigns/${created.id}`).expect(404);
    await request(t.server).get('/api/admin/campaigns').expect(401);
  });
});
