import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { CODE_ALPHABET } from '@artist/contracts';
import { ReleaseFileRecord } from '../src/modules/catalog/release-file.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { RateLimitHit } from '../src/modules/rate-limit/rate-limit-hit.entity.js';
import { DownloadCode, DownloadCodeBatch } from '../src/modules/releases/download-code.entity.js';
import { DownloadLinkRecord } from '../src/modules/releases/download.entity.js';
import { loggedIn } from './utils/admin.js';
import { getBytes } from './utils/bytes.js';
import { testDatabases } from './utils/databases.js';
import { createRelease, removeReleases, uploadFormat, zipBytes } from './utils/releases.js';
import { clearTables, testAppOfSuite } from './utils/test-app.js';

const NEUTRAL = 'This code does not work. Check it against the card, letter by letter.';

describe.each(testDatabases())('download codes on $name', (db) => {
  const t = testAppOfSuite(db, { TRUST_PROXY: '1' });
  let admin: TestAgent;
  /** Each test's tries come from an address of their own, so limits do not carry over. */
  let address = 0;
  let client: string;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  beforeEach(async () => {
    client = `203.0.113.${++address}`;
    await clearTables(t, [
      DownloadCode,
      DownloadCodeBatch,
      DownloadLinkRecord,
      ReleaseFileRecord,
      OutboxEmail,
      RateLimitHit,
    ]);
    await removeReleases(t);
    await createRelease(admin, { pricing: 'fixed', priceInCents: 1000 });
    await uploadFormat(admin, 'porch-light', 'MP3 320', zipBytes(100)).expect(201);
  });

  const redeem = (body: object) =>
    request(t.server)
      .post('/api/redeem')
      .set('Origin', t.config.publicUrl)
      .set('X-Forwarded-For', client)
      .send(body);

  async function batchOf(count: number): Promise<{ batchId: number; codes: string[] }> {
    const res = await admin
      .post('/api/admin/products/porch-light/codes')
      .send({ count })
      .expect(201);
    expect(res.body).toEqual({ batchId: expect.any(Number), count });
    const csv = await admin
      .get(`/api/admin/products/porch-light/codes/export?batchId=${res.body.batchId}`)
      .expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('code,url');
    const codes = rows.map((row) => row.split(',')[0]);
    // Each row's address is the site's /redeem with the code filled in, to print on the card.
    rows.forEach((row, i) =>
      expect(row.split(',')[1]).toBe(`${t.config.publicUrl}/redeem?code=${codes[i]}`),
    );
    return { batchId: res.body.batchId as number, codes };
  }

  it('makes a batch of unguessable 10-letter codes, exported as CSV under a code header', async () => {
    const { codes } = await batchOf(5000);
    expect(codes).toHaveLength(5000);
    expect(new Set(codes).size).toBe(5000);
    const letters = new RegExp(`^[${CODE_ALPHABET}]{10}$`);
    for (const code of codes) expect(code).toMatch(letters);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    await admin.post('/api/admin/products/porch-light/codes').send({ count: 5001 }).expect(400);
    await admin.post('/api/admin/products/porch-light/codes').send({ count: 0 }).expect(400);
    await admin.post('/api/admin/products/tshirt/codes').send({ count: 5 }).expect(400);
    await admin.post('/api/admin/products/nothing/codes').send({ count: 5 }).expect(404);
    expect(await t.app.get(DataSource).getRepository(DownloadCodeBatch).count()).toBe(1);
  }, 60_000);

  it('says whether any code can be redeemed: none, a live batch, then every batch void', async () => {
    const status = async () =>
      (await request(t.server).get('/api/redeem').expect(200)).body as { codesLive: boolean };
    expect(await status()).toEqual({ codesLive: false });
    const { batchId, codes } = await batchOf(1);
    expect(await status()).toEqual({ codesLive: true });
    await redeem({ code: codes[0], email: 'fan@example.com' }).expect(202);
    expect(await status()).toEqual({ codesLive: false });
    const second = await batchOf(2);
    expect(await status()).toEqual({ codesLive: true });
    await admin.post(`/api/admin/products/porch-light/codes/${second.batchId}/void`).expect(200);
    await admin.post(`/api/admin/products/porch-light/codes/${batchId}/void`).expect(200);
    expect(await status()).toEqual({ codesLive: false });
  });

  it('redeems a code once under concurrent tries and emails the links', async () => {
    const { batchId, codes } = await batchOf(3);
    const typed = `${codes[0].slice(0, 5).toLowerCase()}-${codes[0].slice(5)}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => redeem({ code: typed, email: `fan${i}@example.com` })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([202, 409, 409, 409, 409, 409]);
    for (const used of answers.filter((a) => a.status === 409))
      expect(used.body.message).toBe('This code has already been used.');
    const emails = await t.app
      .get(DataSource)
      .getRepository(OutboxEmail)
      .findBy({ kind: 'download-links' });
    expect(emails).toHaveLength(1);
    expect(emails[0].text).toMatch(/\/download\/[A-Za-z0-9_-]{32}/);
    const url = /\/download\/[A-Za-z0-9_-]{32}/.exec(emails[0].text)![0];
    await request(t.server).get(url).expect(200);
    const [batch] = (await admin.get('/api/admin/products/porch-light/codes').expect(200)).body;
    expect(batch).toMatchObject({ batchId, count: 3, redeemed: 1, voidedAt: null });
  });

  it('gives every format the release has when a code is redeemed, and a format added since with fresh links', async () => {
    const { codes } = await batchOf(2);
    await redeem({ code: codes[0], email: 'early@example.com' }).expect(202);
    const flac = zipBytes(300);
    await uploadFormat(admin, 'porch-light', 'FLAC', flac).expect(201);
    await redeem({ code: codes[1], email: 'late@example.com' }).expect(202);
    const outbox = t.app.get(DataSource).getRepository(OutboxEmail);
    const texts = async () =>
      (await outbox.find({ where: { kind: 'download-links' }, order: { id: 'ASC' } })).map(
        (e) => e.text,
      );
    const [early, late] = await texts();
    expect(early).toContain('Porch Light (MP3 320)');
    expect(early).not.toContain('Porch Light (FLAC)');
    expect(late).toContain('Porch Light (MP3 320)');
    expect(late).toContain('Porch Light (FLAC)');

    // The first fan uses her link up, then asks for fresh links from it: the FLAC is in them,
    // and downloads.
    const mine = /\/download\/[A-Za-z0-9_-]{32}/.exec(early)![0];
    for (let i = 0; i < t.config.downloads.limit; i++) await getBytes(t.server, mine).expect(200);
    await getBytes(t.server, mine).expect(410);
    await request(t.server).post(mine).set('Origin', t.config.publicUrl).expect(202);
    const fresh = (await texts())[2];
    expect(fresh).toContain('Porch Light (MP3 320)');
    const flacUrl = new URL(/Porch Light \(FLAC\): (\S+)/.exec(fresh)![1]).pathname;
    const file = await getBytes(t.server, flacUrl).expect(200);
    expect((file.body as Buffer).equals(flac)).toBe(true);
    const sent = await outbox.find({ where: { kind: 'download-links' }, order: { id: 'ASC' } });
    expect(sent.map((e) => e.toAddress)).toEqual([
      'early@example.com',
      'late@example.com',
      'early@example.com',
    ]);
  });

  it('answers 404 with one sentence for any code that is not live, voided ones included', async () => {
    const { batchId, codes } = await batchOf(2);
    for (const code of ['AAAAAAAAAA', 'short', '', 42, null, { $ne: 1 }, codes[0] + 'X']) {
      const res = await redeem({ code, email: 'fan@example.com' }).expect(404);
      expect(res.body.message).toBe(NEUTRAL);
    }
    await admin.post(`/api/admin/products/porch-light/codes/${batchId}/void`).expect(200);
    client = `198.51.100.${address}`;
    const voided = await redeem({ code: codes[1], email: 'fan@example.com' }).expect(404);
    expect(voided.body.message).toBe(NEUTRAL);
    await redeem({ code: codes[1], email: 'not an email' }).expect(400);
    expect(await t.app.get(DataSource).getRepository(DownloadCode).countBy({ batchId })).toBe(2);
    const [batch] = (await admin.get('/api/admin/products/porch-light/codes').expect(200)).body;
    expect(batch).toMatchObject({ redeemed: 0, voidedAt: expect.any(String) });
  });

  it('limits tries to 10 a minute per client address, then 429', async () => {
    for (let i = 0; i < 10; i++)
      await redeem({ code: 'BBBBBBBBBB', email: 'fan@example.com' }).expect(404);
    const limited = await redeem({ code: 'BBBBBBBBBB', email: 'fan@example.com' }).expect(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    client = '203.0.113.250';
    await redeem({ code: 'BBBBBBBBBB', email: 'fan@example.com' }).expect(404);
  });

  it('is for the admin only', async () => {
    await request(t.server)
      .post('/api/admin/products/porch-light/codes')
      .set('Origin', t.config.publicUrl)
      .send({ count: 1 })
      .expect(401);
    await request(t.server)
      .get('/api/admin/products/porch-light/codes/export?batchId=1')
      .expect(401);
  });
});
