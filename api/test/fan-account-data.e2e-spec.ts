import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import {
  ACCOUNT_ERASE_CONFIRM_MESSAGE,
  type AccountLibraryItem,
  type AccountOrder,
} from '@artist/contracts';
import { ReleaseFileRecord } from '../src/modules/catalog/release-file.entity.js';
import { MailQuota } from '../src/modules/email/mail-quota.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { RateLimitHit } from '../src/modules/rate-limit/rate-limit-hit.entity.js';
import { DownloadLinkRecord, DownloadRecordRow } from '../src/modules/releases/download.entity.js';
import { loggedIn } from './utils/admin.js';
import { createCheckout, emptyShop } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';
import { mailingAppOfSuite } from './utils/mailing.js';
import { createRelease, removeReleases, uploadFormat, zipBytes } from './utils/releases.js';
import { eventually } from './utils/smtp.js';
import { clearTables } from './utils/test-app.js';
import { fanBrowser, signInOf } from './utils/fan-account.js';

const PUBLIC_URL = 'http://shop.example.test';

describe.each(testDatabases())(
  'fan accounts: her orders, library, emails and data on $name',
  (db) => {
    const { smtp, t } = mailingAppOfSuite(db, {
      PUBLIC_URL,
      TRUST_PROXY: '1',
      PAYMENTS: 'test',
      LOG_LEVEL: 'error',
    });
    let admin: TestAgent;
    let nextIp = 1;
    const freshIp = () => `198.51.100.${nextIp++}`;
    const mp3 = zipBytes(4000);
    const flac = zipBytes(9000);

    beforeAll(async () => {
      admin = await loggedIn(t);
    });

    beforeEach(async () => {
      smtp.received.length = 0;
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
      await createRelease(admin, { name: 'Gravel Road', minPriceCents: 0 });
      await uploadFormat(admin, 'porch-light', 'MP3 320', mp3).expect(201);
      await uploadFormat(admin, 'porch-light', 'FLAC', flac).expect(201);
      await uploadFormat(admin, 'gravel-road', 'MP3 320', mp3).expect(201);
    });

    /** A free order of a release by `email`, as a guest at checkout. */
    const buy = (email: string, productId = 'porch-light') =>
      createCheckout(t, {
        items: [{ productId, quantity: 1, priceCents: 0 }],
        email,
      }).expect(200);

    /** A browser signed in to `email`'s account with the emailed code. */
    async function signedIn(email: string): Promise<TestAgent> {
      const fan = fanBrowser(t, freshIp());
      const key = email.toLowerCase();
      const codes = () =>
        smtp.received.filter(
          (m) => m.rcptTo.includes(key) && m.parsed.subject?.startsWith('Your sign-in code'),
        ).length;
      const before = codes();
      await fan.post('/api/account/sign-in').send({ email }).expect(202);
      await eventually(() => codes() > before);
      const { code } = signInOf(smtp.received, key);
      await fan.post('/api/account/verify').send({ email, code }).expect(200);
      return fan;
    }

    const orderRows = () =>
      t.app
        .get(DataSource)
        .getRepository(Order)
        .find({ order: { id: 'ASC' } });

    it('lists her guest orders by her address in any letter case, newest first, with lines and tracking', async () => {
      await buy('Rose@Example.com');
      await buy('rose@example.com', 'gravel-road');
      await buy('someone.else@example.com');
      const fan = await signedIn('ROSE@example.com');
      const orders = (await fan.get('/api/account/orders').expect(200)).body as AccountOrder[];
      const mine = (await orderRows()).filter((o) => o.email.toLowerCase() === 'rose@example.com');
      expect(orders.map((o) => o.id)).toEqual(mine.map((o) => o.id).reverse());
      expect(orders[0]).toMatchObject({
        number: `#${orders[0]!.id}`,
        status: 'paid',
        total: 0,
        trackingNumber: null,
        trackingUrl: null,
      });
      expect(orders[0]!.lines).toEqual([
        expect.objectContaining({ productId: 'gravel-road', kind: 'digital', quantity: 1 }),
      ]);
      // Shipped with a tracking number: the number and the carrier's page.
      await admin
        .put(`/api/admin/orders/${orders[1]!.id}`)
        .send({ fulfillmentStatus: 'fulfilled', trackingNumber: '1Z999AA10123456784', notes: null })
        .expect(200);
      const shipped = (
        (await fan.get('/api/account/orders').expect(200)).body as AccountOrder[]
      )[1]!;
      expect(shipped.status).toBe('shipped');
      expect(shipped.trackingNumber).toBe('1Z999AA10123456784');
      expect(shipped.trackingUrl).toMatch(/^https:\/\/.*ups/i);
    });

    it('streams a release she bought, with ranges, and refuses one she did not', async () => {
      await buy('lib@example.com');
      const fan = await signedIn('lib@example.com');
      const library = (await fan.get('/api/account/library').expect(200))
        .body as AccountLibraryItem[];
      expect(library).toEqual([
        {
          productId: 'porch-light',
          title: 'Porch Light',
          formats: expect.arrayContaining([
            {
              format: 'MP3 320',
              bytes: mp3.length,
              url: '/api/account/library/porch-light/MP3%20320',
            },
            { format: 'FLAC', bytes: flac.length, url: '/api/account/library/porch-light/FLAC' },
          ]),
        },
      ]);
      const whole = await fan
        .get('/api/account/library/porch-light/FLAC')
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(Buffer.compare(whole.body as Buffer, flac)).toBe(0);
      expect(whole.headers['content-disposition']).toContain('Porch Light (FLAC).zip');
      const part = await fan
        .get('/api/account/library/porch-light/FLAC')
        .set('Range', 'bytes=100-199')
        .expect(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${flac.length}`);
      await fan.get('/api/account/library/gravel-road/MP3%20320').expect(404);
      await fan.get('/api/account/library/porch-light/WAV').expect(404);
      // Not to a stranger, nor to the admin.
      await request(t.server).get('/api/account/library/porch-light/FLAC').expect(401);
      await admin.get('/api/account/library/porch-light/FLAC').expect(401);

      // A refunded order's release leaves the library.
      const [order] = await orderRows();
      await t.app
        .get(DataSource)
        .getRepository(Order)
        .update({ id: order!.id }, { paymentStatus: 'refunded' });
      expect((await fan.get('/api/account/library').expect(200)).body).toEqual([]);
      await fan.get('/api/account/library/porch-light/FLAC').expect(404);
    });

    it('allows 20 downloads of a release a day, however many are asked for at once', async () => {
      await buy('many@example.com');
      const fan = await signedIn('many@example.com');
      const answers = await Promise.all(
        Array.from({ length: 23 }, () => fan.get('/api/account/library/porch-light/MP3%20320')),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(20);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(3);
      expect(refused[0]!.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused[0]!.body.message).toMatch(
        /^You have downloaded this release 20 times today\. You can download it again in \d+ minutes?\.$/,
      );
      // A resumed download (a Range from past the first byte) is not counted.
      await fan
        .get('/api/account/library/porch-light/MP3%20320')
        .set('Range', 'bytes=10-')
        .expect(206);
    });

    it('changes who a campaign reaches by her topics, and all topics off unsubscribes her', async () => {
      const fan = await signedIn('topics@example.com');
      const account = await fan.get('/api/account').expect(200);
      expect(account.body).toMatchObject({
        email: 'topics@example.com',
        location: null,
        topics: { news: false, shows: false, releases: false },
      });
      const reach = async (topic: string) =>
        (
          await admin
            .post('/api/admin/campaigns/audience')
            .send({ audience: {}, topic })
            .expect(200)
        ).body.count as number;
      const before = { news: await reach('news'), shows: await reach('shows') };

      const set = await fan
        .put('/api/account/preferences')
        .send({ topics: { news: true, releases: true }, location: 'Nashville, TN' })
        .expect(200);
      expect(set.body).toMatchObject({
        location: 'Nashville, TN',
        topics: { news: true, shows: false, releases: true },
      });
      expect(await reach('news')).toBe(before.news + 1);
      expect(await reach('releases')).toBeGreaterThanOrEqual(1);
      expect(await reach('shows')).toBe(before.shows);

      const bad = await fan
        .put('/api/account/preferences')
        .send({ location: 'x'.repeat(101) })
        .expect(400);
      expect(typeof bad.body.message).toBe('string');
      await fan
        .put('/api/account/preferences')
        .send({ topics: { news: 'yes' } })
        .expect(400);

      await fan
        .put('/api/account/preferences')
        .send({ topics: { news: false, releases: false } })
        .expect(200);
      expect((await fan.get('/api/account').expect(200)).body.topics).toEqual({
        news: false,
        shows: false,
        releases: false,
      });
      expect(await reach('news')).toBe(before.news);
      const signups = await admin
        .get('/api/admin/email-signups?search=topics%40example.com')
        .expect(200);
      expect(signups.body.rows[0]).toMatchObject({ subscription: 'unsubscribed' });
    });

    it('lists her waiting notify-me requests and cancels one', async () => {
      const post = (productName: string) =>
        request(t.server)
          .post('/api/notify-me')
          .set('Origin', PUBLIC_URL)
          .set('X-Forwarded-For', freshIp())
          .send({ email: 'wait@example.com', productName });
      await post('Trucker Hat').expect(201);
      await post('Sticker Pack').expect(201);
      const fan = await signedIn('wait@example.com');
      const waiting = (await fan.get('/api/account/notify-me').expect(200)).body as {
        id: number;
        productName: string;
      }[];
      expect(waiting.map((w) => w.productName).sort()).toEqual(['Sticker Pack', 'Trucker Hat']);
      await fan.delete(`/api/account/notify-me/${waiting[0]!.id}`).expect(204);
      await fan.delete(`/api/account/notify-me/${waiting[0]!.id}`).expect(404);
      expect((await fan.get('/api/account/notify-me').expect(200)).body).toHaveLength(1);
      const other = await signedIn('other.waiter@example.com');
      await other.delete(`/api/account/notify-me/${waiting[1]!.id}`).expect(404);
    });

    it('exports her data as the admin does, and erases her, ending her sessions, with a last email', async () => {
      await buy('gone@example.com');
      const fan = await signedIn('gone@example.com');
      const second = await signedIn('Gone@example.com');
      const exported = await fan.get('/api/account/export').expect(200);
      expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="my-data-/);
      expect(exported.body.fan).toMatchObject({ email: 'gone@example.com' });
      expect(exported.body.account_sessions).toHaveLength(2);
      const fanId = exported.body.fan.id as number;
      const adminExport = await admin.get(`/api/admin/fans/${fanId}/export`).expect(200);
      expect(Object.keys(exported.body as object).sort()).toEqual(
        Object.keys(adminExport.body as object).sort(),
      );
      expect(exported.body.orders).toEqual(adminExport.body.orders);

      const wrong = await fan
        .delete('/api/account')
        .send({ confirm: 'other@example.com' })
        .expect(400);
      expect(wrong.body.message).toBe(ACCOUNT_ERASE_CONFIRM_MESSAGE);
      await fan.get('/api/account').expect(200);

      await fan.delete('/api/account').send({ confirm: 'GONE@example.com' }).expect(202);
      await fan.get('/api/account').expect(401);
      await second.get('/api/account').expect(401);
      await admin.get(`/api/admin/fans/${fanId}`).expect(404);
      expect((await orderRows())[0]).toMatchObject({ email: 'erased' });
      await eventually(() =>
        smtp.received.some(
          (m) =>
            m.rcptTo.includes('gone@example.com') &&
            m.parsed.subject === 'Your account and your data were erased',
        ),
      );
    });

    it('links the emails with a way out to her account ("Manage your emails")', async () => {
      await request(t.server)
        .post('/api/email-signup')
        .set('Origin', PUBLIC_URL)
        .set('X-Forwarded-For', freshIp())
        .send({ email: 'manage@example.com' })
        .expect(201);
      await eventually(() => smtp.received.some((m) => m.rcptTo.includes('manage@example.com')));
      const mail = smtp.received.find((m) => m.rcptTo.includes('manage@example.com'))!;
      expect(mail.parsed.text).toContain(`Manage your emails: ${PUBLIC_URL}/account`);
      expect(mail.parsed.html).toContain(`href="${PUBLIC_URL}/account"`);
    });
  },
);
