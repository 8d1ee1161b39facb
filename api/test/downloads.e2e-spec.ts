import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock.js';
import { ReleaseFileRecord } from '../src/modules/catalog/release-file.entity.js';
import { MailQuota } from '../src/modules/email/mail-quota.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { RateLimitHit } from '../src/modules/rate-limit/rate-limit-hit.entity.js';
import { DownloadLinkRecord, DownloadRecordRow } from '../src/modules/releases/download.entity.js';
import { loggedIn } from './utils/admin.js';
import { getBytes } from './utils/bytes.js';
import {
  createCheckout,
  emptyShop,
  orders,
  payWithTestProvider,
  postPayForm,
  sessionStatus,
  stripeAppOfSuite,
} from './utils/checkout.js';
import { oneDatabase, testDatabases } from './utils/databases.js';
import { createRelease, removeReleases, uploadFormat, zipBytes } from './utils/releases.js';
import { clearTables, testAppOfSuite } from './utils/test-app.js';
import { swapCase } from './utils/tokens.js';

const DAY = 24 * 60 * 60_000;
const REFUNDED = 'This order was refunded, so its downloads have ended.';

describe.each(testDatabases())('download links on $name', (db) => {
  const t = testAppOfSuite(db, { PAYMENTS: 'test', DOWNLOAD_LIMIT: '3', DOWNLOAD_DAYS: '14' });
  let admin: TestAgent;
  const mp3 = zipBytes(4000);
  const flac = zipBytes(9000);

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  beforeEach(async () => {
    jest.restoreAllMocks();
    await emptyShop(t);
    await clearTables(t, [
      DownloadRecordRow,
      DownloadLinkRecord,
      ReleaseFileRecord,
      OutboxEmail,
      RateLimitHit,
      MailQuota,
    ]);
    await removeReleases(t);
    await createRelease(admin, { minPriceCents: 0 });
    await uploadFormat(admin, 'porch-light', 'MP3 320', mp3).expect(201);
    await uploadFormat(admin, 'porch-light', 'FLAC', flac).expect(201);
  });

  /** A free order of the release: its links, which only its email carries. */
  async function buy() {
    const res = await createCheckout(t, {
      items: [{ productId: 'porch-light', quantity: 1, priceCents: 0 }],
      email: 'fan@example.com',
    }).expect(200);
    return linksOf(new URL(res.body.url as string).searchParams.get('session_id')!);
  }

  /** The links a checkout session's order was given, as a receipt lists them. */
  const linksOf = async (sessionId: string) =>
    (
      await t.app
        .get(DataSource)
        .getRepository(DownloadLinkRecord)
        .find({ where: { sessionId }, order: { id: 'ASC' } })
    ).map((l) => ({
      format: l.format,
      url: `/download/${l.token}`,
      downloadsLeft: 3 - l.downloads,
    }));

  const get = (url: string) => getBytes(t.server, url);
  const emailsOfKind = (kind: string) =>
    t.app.get(DataSource).getRepository(OutboxEmail).findBy({ kind });

  it('emails one link per format of a free order, whose receipt says where they went', async () => {
    const links = await buy();
    expect(links.map((l) => l.format)).toEqual(['MP3 320', 'FLAC']);
    const receipt = (await sessionStatus(t, (await orders(t))[0].stripeSessionId!).expect(200)).body
      .order;
    expect(receipt.downloads).toBeUndefined();
    expect(receipt.downloadsNote).toBe('Your download links are on their way to f***@example.com');
    for (const link of links) expect(link.url).toMatch(/^\/download\/[A-Za-z0-9_-]{32}$/);
    expect(links[0].downloadsLeft).toBe(3);
    const [order] = await orders(t);
    const emails = await emailsOfKind('order-confirmation');
    expect(emails).toHaveLength(1);
    expect(emails[0].toAddress).toBe('fan@example.com');
    for (const link of links) expect(emails[0].text).toContain(`${t.config.publicUrl}${link.url}`);
    expect(emails[0].text).toContain('Each link works for 14 days and 3 downloads.');
    // Nothing ships: no address, no word of packing.
    expect(emails[0].text).not.toContain('Shipping to:');
    expect(emails[0].text).not.toContain('pack');
    expect(order.total).toBe(0);
  });

  it('streams the file with Content-Disposition and Content-Length, and records the download', async () => {
    const [link] = await buy();
    const res = await get(link.url).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-length']).toBe(String(mp3.length));
    expect(res.headers['content-disposition']).toContain(
      'attachment; filename="Porch Light (MP3 320).zip"',
    );
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect((res.body as Buffer).equals(mp3)).toBe(true);
    const [order] = await orders(t);
    const records = await admin.get(`/api/admin/orders/${order.id}/downloads`).expect(200);
    expect(records.body).toEqual([
      { at: expect.any(String), release: 'Porch Light', format: 'MP3 320', bytes: mp3.length },
    ]);
  });

  it('answers a Range with 206 and counts a resumed download once', async () => {
    const [link] = await buy();
    const first = await get(link.url).set('Range', 'bytes=0-999').expect(206);
    expect(first.headers['content-range']).toBe(`bytes 0-999/${mp3.length}`);
    expect(first.headers['content-length']).toBe('1000');
    expect((first.body as Buffer).equals(mp3.subarray(0, 1000))).toBe(true);
    // A HEAD (a download manager's first question) is answered and not counted.
    const head = await request(t.server).head(link.url).expect(200);
    expect(head.headers['content-length']).toBe(String(mp3.length));
    expect(head.headers['content-disposition']).toContain('Porch Light (MP3 320).zip');
    const rest = await get(link.url).set('Range', 'bytes=1000-').expect(206);
    expect(rest.headers['content-range']).toBe(`bytes 1000-${mp3.length - 1}/${mp3.length}`);
    expect((rest.body as Buffer).equals(mp3.subarray(1000))).toBe(true);
    await get(link.url).set('Range', `bytes=${mp3.length}-`).expect(416);
    const [row] = await t.app
      .get(DataSource)
      .getRepository(DownloadLinkRecord)
      .findBy({ format: 'MP3 320' });
    expect(row.downloads).toBe(1);
    const records = await t.app.get(DataSource).getRepository(DownloadRecordRow).find();
    expect(records.map((r) => r.bytes)).toEqual([mp3.length]);
  });

  it('answers 410 once the downloads are used up, with a form that emails fresh links', async () => {
    const [link] = await buy();
    for (let i = 0; i < 3; i++) await get(link.url).expect(200);
    const gone = await request(t.server).get(link.url).expect(410);
    expect(gone.text).toContain('This download link has been used up');
    expect(gone.text).toContain(`<form method="post" action="${link.url}">`);
    const sent = await request(t.server)
      .post(link.url)
      .set('Origin', t.config.publicUrl)
      .expect(202);
    expect(sent.text).toContain('f**@example.com');
    const fresh = await emailsOfKind('download-links');
    expect(fresh).toHaveLength(1);
    expect(fresh[0].toAddress).toBe('fan@example.com');
    const url = /\/download\/[A-Za-z0-9_-]{32}/.exec(fresh[0].text)![0];
    expect(url).not.toBe(link.url);
    const again = await get(url).expect(200);
    expect((again.body as Buffer).equals(mp3)).toBe(true);
  });

  it('answers 410 to every request on a used-up link, ranged or not, however often', async () => {
    const [link] = await buy();
    const dataSource = t.app.get(DataSource);
    const counted = async () =>
      (await dataSource.getRepository(DownloadLinkRecord).findOneByOrFail({ format: 'MP3 320' }))
        .downloads;
    await get(link.url).expect(200);
    await get(link.url).expect(200);
    // Within its limit, a resumption within a day of the last counted download is not counted.
    const resumed = await get(link.url).set('Range', 'bytes=1000-').expect(206);
    expect((resumed.body as Buffer).equals(mp3.subarray(1000))).toBe(true);
    expect(await counted()).toBe(2);
    await get(link.url).expect(200);
    expect(await counted()).toBe(3);
    // Used up: nothing more of the file, from any byte, whether or not it looks like a resumption.
    for (const range of [
      'bytes=1-',
      'bytes=1-',
      'bytes=1000-',
      'bytes=0-',
      'bytes=-10',
      'bytes=0-999',
    ]) {
      const gone = await request(t.server).get(link.url).set('Range', range).expect(410);
      expect(gone.headers['content-type']).toMatch(/^text\/html/);
      expect(gone.text).toContain('This download link has been used up');
    }
    await request(t.server).head(link.url).expect(410);
    expect(await counted()).toBe(3);
    const records = await dataSource
      .getRepository(DownloadRecordRow)
      .find({ order: { id: 'ASC' } });
    expect(records.map((r) => r.bytes)).toEqual([
      mp3.length,
      mp3.length + mp3.length - 1000,
      mp3.length,
    ]);
  });

  it('sends no fresh links for a link that still works: 409, as a page or as JSON', async () => {
    const [link] = await buy();
    await get(link.url).expect(200);
    const page = await request(t.server)
      .post(link.url)
      .set('Origin', t.config.publicUrl)
      .set('Accept', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
      .type('form')
      .expect(409);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('This link still works.');
    expect(page.text).toContain(`href="${link.url}"`);
    const json = await request(t.server)
      .post(link.url)
      .set('Origin', t.config.publicUrl)
      .set('Accept', 'application/json')
      .expect(409);
    expect(json.body).toEqual({ statusCode: 409, message: 'This link still works.' });
    // Nothing was made or sent, and no fresh-link try was used up.
    const dataSource = t.app.get(DataSource);
    expect(await emailsOfKind('download-links')).toEqual([]);
    expect(await dataSource.getRepository(DownloadLinkRecord).count()).toBe(2);
    expect(await dataSource.getRepository(RateLimitHit).countBy({ bucket: 'download-links' })).toBe(
      0,
    );
    // Once used up, the same request sends them.
    await get(link.url).expect(200);
    await get(link.url).expect(200);
    await request(t.server).post(link.url).set('Origin', t.config.publicUrl).expect(202);
    expect(await emailsOfKind('download-links')).toHaveLength(1);
  });

  it('answers 410 once the link has expired, and limits fresh links per address', async () => {
    const [link] = await buy();
    const clock = t.app.get(Clock);
    const now = Date.now();
    jest.spyOn(clock, 'now').mockReturnValue(new Date(now + 14 * DAY - 60_000));
    await get(link.url).expect(200);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(now + 14 * DAY + 60_000));
    const gone = await request(t.server).get(link.url).expect(410);
    expect(gone.text).toContain('This download link has expired');
    for (let i = 0; i < 3; i++)
      await request(t.server).post(link.url).set('Origin', t.config.publicUrl).expect(202);
    const limited = await request(t.server)
      .post(link.url)
      .set('Origin', t.config.publicUrl)
      .expect(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    const fresh = await t.app
      .get(DataSource)
      .getRepository(OutboxEmail)
      .countBy({ kind: 'download-links' });
    expect(fresh).toBe(3);
  });

  it('answers 404 for a token that is no link, whatever its shape', async () => {
    await request(t.server)
      .get('/download/' + 'A'.repeat(32))
      .expect(404);
    await request(t.server).get('/download/short').expect(404);
    await request(t.server).get('/download/..%2F..%2Fetc%2Fpasswd').expect(404);
    // A link's own token with its letters' case swapped is another token, on both databases.
    const [link] = await buy();
    const token = link.url.slice('/download/'.length);
    expect(swapCase(token)).not.toBe(token);
    await request(t.server)
      .get(`/download/${swapCase(token)}`)
      .expect(404);
    await get(link.url).expect(200);
  });

  it('lets the admin send the order’s links again', async () => {
    await buy();
    const [order] = await orders(t);
    await admin.post(`/api/admin/orders/${order.id}/downloads/resend`).expect(202, { sent: 2 });
    const emails = await emailsOfKind('download-links');
    expect(emails).toHaveLength(1);
    expect(emails[0].text).toContain('Porch Light (FLAC)');
    await request(t.server)
      .post(`/api/admin/orders/${order.id}/downloads/resend`)
      .set('Origin', t.config.publicUrl)
      .expect(401);
  });

  /** The texts of the links emails, oldest first. */
  const linkEmails = async () =>
    (
      await t.app
        .get(DataSource)
        .getRepository(OutboxEmail)
        .find({ where: { kind: 'download-links' }, order: { id: 'ASC' } })
    ).map((e) => e.text);

  /** The address after `Night Songs (<format>): ` in an email's text. */
  const linkIn = (text: string, format: string) =>
    new URL(new RegExp(`Night Songs \\(${format}\\): (\\S+)`).exec(text)![1]).pathname;

  it('gives a format uploaded after the purchase to the buyer who asks again and to the admin’s re-send', async () => {
    await createRelease(admin, { name: 'Night Songs', minPriceCents: 0 });
    await uploadFormat(admin, 'night-songs', 'MP3 320', mp3).expect(201);
    const res = await createCheckout(t, {
      items: [{ productId: 'night-songs', quantity: 1, priceCents: 0 }],
      email: 'fan@example.com',
    }).expect(200);
    const bought = await linksOf(new URL(res.body.url as string).searchParams.get('session_id')!);
    expect(bought.map((l) => l.format)).toEqual(['MP3 320']);
    await uploadFormat(admin, 'night-songs', 'FLAC', flac).expect(201);

    // The buyer asks for fresh links from hers, used up: the new format is in them.
    for (let i = 0; i < 3; i++) await get(bought[0].url).expect(200);
    await request(t.server).post(bought[0].url).set('Origin', t.config.publicUrl).expect(202);
    const [fresh] = await linkEmails();
    expect(fresh).toContain('Night Songs (MP3 320)');
    const flacLink = linkIn(fresh, 'FLAC');
    const file = await get(flacLink).expect(200);
    expect((file.body as Buffer).equals(flac)).toBe(true);

    // The artist sends them again from the order: both formats, to the order's address.
    const [order] = await orders(t);
    await admin.post(`/api/admin/orders/${order.id}/downloads/resend`).expect(202, { sent: 2 });
    const [, again] = await linkEmails();
    expect(linkIn(again, 'MP3 320')).not.toBe(bought[0].url);
    expect((await get(linkIn(again, 'FLAC')).expect(200)).body.equals(flac)).toBe(true);
    const emails = await emailsOfKind('download-links');
    expect(emails.map((e) => e.toAddress)).toEqual(['fan@example.com', 'fan@example.com']);
  });

  it('sends links for an order paid before its release had any file, once one is up', async () => {
    await createRelease(admin, { name: 'Night Songs', minPriceCents: 0 });
    const res = await createCheckout(t, {
      items: [{ productId: 'night-songs', quantity: 1, priceCents: 0 }],
      email: 'early@example.com',
    }).expect(200);
    const sessionId = new URL(res.body.url as string).searchParams.get('session_id')!;
    // The receipt has no links to show.
    expect((await sessionStatus(t, sessionId).expect(200)).body.order.downloads).toBeUndefined();
    const [order] = await orders(t);
    const refused = await admin.post(`/api/admin/orders/${order.id}/downloads/resend`).expect(409);
    expect(refused.body.message).toBe(
      'This order’s releases have no files yet: upload a format, then send the links.',
    );
    expect(await linkEmails()).toEqual([]);
    expect(await t.app.get(DataSource).getRepository(DownloadLinkRecord).count()).toBe(0);

    await uploadFormat(admin, 'night-songs', 'FLAC', flac).expect(201);
    await admin.post(`/api/admin/orders/${order.id}/downloads/resend`).expect(202, { sent: 1 });
    const [text] = await linkEmails();
    expect((await get(linkIn(text, 'FLAC')).expect(200)).body.equals(flac)).toBe(true);
    // A free order's receipt never lists its links, those sent since included.
    const receipt = (await sessionStatus(t, sessionId).expect(200)).body.order;
    expect(receipt.downloads).toBeUndefined();
    expect(receipt.downloadsNote).toBe('Your download links are on their way to e***@example.com');
    // No such order: nothing to send.
    await admin.post('/api/admin/orders/999999/downloads/resend').expect(404);
  });

  it('gives the fan’s links and downloads to the privacy export, and erases them', async () => {
    const [link] = await buy();
    await get(link.url).expect(200);
    const fan = (await admin.get('/api/admin/fans?search=fan@example.com').expect(200)).body
      .rows[0] as { id: number };
    const exported = await admin.get(`/api/admin/fans/${fan.id}/export`).expect(200);
    expect(exported.body.download_links).toHaveLength(2);
    expect(exported.body.download_links[0]).toMatchObject({ email: 'fan@example.com' });
    expect(exported.body.downloads).toEqual([
      expect.objectContaining({ format: 'MP3 320', bytes: mp3.length }),
    ]);
    const erased = await admin.delete(`/api/admin/fans/${fan.id}`).expect(200);
    expect(erased.body.downloadLinksDeleted).toBe(2);
    const dataSource = t.app.get(DataSource);
    expect(await dataSource.getRepository(DownloadLinkRecord).count()).toBe(0);
    expect(await dataSource.getRepository(DownloadRecordRow).count()).toBe(0);
    await request(t.server).get(link.url).expect(404);
    // The erased order's address is gone: nothing can be sent to it.
    const [order] = await orders(t);
    await admin.post(`/api/admin/orders/${order.id}/downloads/resend`).expect(404);
  });

  /** An order of the release at $5.00, paid on the test provider's page: its id and links. */
  async function buyPaid() {
    await payWithTestProvider(t, [{ productId: 'porch-light', quantity: 1, priceCents: 500 }], {
      name: 'Fan',
      email: 'fan@example.com',
      downloadsOnly: '1',
    });
    const [order] = await orders(t);
    const links = await t.app
      .get(DataSource)
      .getRepository(DownloadLinkRecord)
      .find({ where: { orderId: order.id }, order: { id: 'ASC' } });
    return {
      order,
      sessionId: order.stripeSessionId,
      urls: links.map((l) => `/download/${l.token}`),
    };
  }

  it('ends the downloads of an order refunded in full: links, fresh links and re-sends', async () => {
    const { order, sessionId, urls } = await buyPaid();
    expect(urls).toHaveLength(2);
    // A download begun before the refund: its resumption is refused after it too.
    await get(urls[0]).set('Range', 'bytes=0-999').expect(206);
    await admin.post(`/api/admin/orders/${order.id}/refund`).send({}).expect(200);

    for (const url of urls) {
      const gone = await request(t.server).get(url).expect(410);
      expect(gone.text).toContain(REFUNDED);
      expect(gone.text).not.toContain('<form');
      expect(gone.text).not.toContain('Email me fresh links');
      await request(t.server).get(url).set('Range', 'bytes=1000-').expect(410);
      await request(t.server).head(url).expect(410);
      const fresh = await request(t.server).post(url).set('Origin', t.config.publicUrl).expect(410);
      expect(fresh.text).toContain(REFUNDED);
    }
    const resend = await admin.post(`/api/admin/orders/${order.id}/downloads/resend`).expect(409);
    expect(resend.body.message).toBe(REFUNDED);
    // Nothing was made or sent, and no fresh-link try was used up.
    expect(await linkEmails()).toEqual([]);
    const dataSource = t.app.get(DataSource);
    expect(await dataSource.getRepository(DownloadLinkRecord).count()).toBe(2);
    expect(await dataSource.getRepository(RateLimitHit).countBy({ bucket: 'download-links' })).toBe(
      0,
    );
    expect(await dataSource.getRepository(DownloadRecordRow).count()).toBe(1);
    // The receipt no longer lists the links.
    const receipt = await sessionStatus(t, sessionId).expect(200);
    expect(receipt.body.order.downloads).toBeUndefined();
  });

  it('keeps the downloads of an order refunded in part', async () => {
    const { order, sessionId, urls } = await buyPaid();
    const refunded = await admin
      .post(`/api/admin/orders/${order.id}/refund`)
      .send({ amount: 200 })
      .expect(200);
    expect(refunded.body).toMatchObject({ paymentStatus: 'partially_refunded' });
    const file = await get(urls[1]).expect(200);
    expect((file.body as Buffer).equals(flac)).toBe(true);
    await admin.post(`/api/admin/orders/${order.id}/downloads/resend`).expect(202, { sent: 2 });
    const receipt = await sessionStatus(t, sessionId).expect(200);
    expect(receipt.body.order.downloads).toHaveLength(4);

    // The rest refunded later: now they end, the links sent again with them.
    await admin.post(`/api/admin/orders/${order.id}/refund`).send({}).expect(200);
    const [again] = await linkEmails();
    const sentAgain = /\/download\/[A-Za-z0-9_-]{32}/.exec(again)![0];
    expect((await request(t.server).get(sentAgain).expect(410)).text).toContain(REFUNDED);
    await get(urls[1]).expect(410);
  });

  it('pays for a release on the test page without an address, and ships nothing', async () => {
    const res = await createCheckout(t, {
      items: [{ productId: 'porch-light', quantity: 1, priceCents: 500 }],
    }).expect(200);
    const path = new URL(res.body.url as string).pathname;
    const page = await request(t.server).get(path).expect(200);
    expect(page.text).not.toContain('Address line 1');
    expect(page.text).toContain('name="downloadsOnly" value="1"');
    const form = { name: 'Fan', email: 'fan@example.com', downloadsOnly: '1' };
    await postPayForm(t, path).send(form).expect(303);
    const [order] = await orders(t);
    expect(order).toMatchObject({ total: 500, shippingAddress: null });
    const links = await t.app.get(DataSource).getRepository(DownloadLinkRecord).findBy({
      orderId: order.id,
    });
    expect(links.map((l) => l.format)).toEqual(['MP3 320', 'FLAC']);

    // A cart that ships still needs its address.
    const merch = await createCheckout(t, {
      items: [{ productId: 'tshirt', size: 'M', quantity: 1 }],
    }).expect(200);
    const merchPath = new URL(merch.body.url as string).pathname;
    const refused = await postPayForm(t, merchPath).send(form).expect(400);
    expect(refused.body.message).toBe('This order ships: enter the address to ship it to.');
  });
});

describe.each(oneDatabase())('download links of an order Stripe refunds, on $name', (db) => {
  const s = stripeAppOfSuite(db, { LOG_LEVEL: 'error' });
  let admin: TestAgent;
  const mp3 = zipBytes(4000);

  beforeAll(async () => {
    admin = await loggedIn(s.t);
  });

  beforeEach(async () => {
    await s.reset();
    await clearTables(s.t, [DownloadRecordRow, DownloadLinkRecord, ReleaseFileRecord, OutboxEmail]);
    await removeReleases(s.t);
    await createRelease(admin);
    await uploadFormat(admin, 'porch-light', 'MP3 320', mp3).expect(201);
  });

  /** A release bought for $12.00 through Stripe: its session id, order and link. */
  async function buy() {
    await s
      .createCheckout({
        items: [{ productId: 'porch-light', quantity: 1, priceCents: 1200 }],
      })
      .expect(200);
    const session = [...s.stripe.sessions.values()].at(-1)!;
    const sessionId = session.id as string;
    await s.deliver('checkout.session.completed', s.stripe.pay(sessionId)).expect(200);
    const [order] = await s.orders();
    const [link] = await s.t.app
      .get(DataSource)
      .getRepository(DownloadLinkRecord)
      .findBy({ orderId: order.id });
    return { sessionId, order, url: `/download/${link.token}` };
  }

  it('ends the downloads when only charge.refunded says the order was refunded in full', async () => {
    const { sessionId, order, url } = await buy();
    await request(s.t.server).get(url).expect(200);
    // Refunded in part on Stripe's dashboard: the links still work.
    await s.deliver('charge.refunded', s.stripe.charge(sessionId, 500)).expect(200);
    await request(s.t.server).get(url).expect(200);
    // Then the rest.
    await s.deliver('charge.refunded', s.stripe.charge(sessionId, 1200)).expect(200);
    const [stored] = await s.orders();
    expect(stored).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 1200 });
    const gone = await request(s.t.server).get(url).expect(410);
    expect(gone.text).toContain(REFUNDED);
    expect(gone.text).not.toContain('<form');
    const fresh = await request(s.t.server)
      .post(url)
      .set('Origin', s.t.config.publicUrl)
      .expect(410);
    expect(fresh.text).toContain(REFUNDED);
    const resend = await admin.post(`/api/admin/orders/${order.id}/downloads/resend`).expect(409);
    expect(resend.body.message).toBe(REFUNDED);
    expect(
      await s.t.app.get(DataSource).getRepository(OutboxEmail).countBy({ kind: 'download-links' }),
    ).toBe(0);
  });

  it('keeps the downloads of an order under dispute', async () => {
    const { sessionId, url } = await buy();
    await s.deliver('charge.dispute.created', s.stripe.dispute(sessionId)).expect(200);
    expect((await s.orders())[0]).toMatchObject({ paymentStatus: 'disputed' });
    await request(s.t.server).get(url).expect(200);
  });
});
