import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Account, MembersSummary, MembershipTier } from '@artist/contracts';
import { MembershipEvent } from '../src/modules/memberships/membership-event.entity.js';
import { MembershipPayment } from '../src/modules/memberships/membership-payment.entity.js';
import { MembershipTierRecord } from '../src/modules/memberships/membership-tier.entity.js';
import { Membership } from '../src/modules/memberships/membership.entity.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { fanBrowser, signInOf } from './utils/fan-account.js';
import { mailingAppOfSuite } from './utils/mailing.js';
import { eventually } from './utils/smtp.js';
import { clearTables } from './utils/test-app.js';

const YEAR_MS = 365 * 86_400_000;

describe.each(testDatabases())(
  'memberships with the built-in test payment provider on $name',
  (db) => {
    const { smtp, t } = mailingAppOfSuite(db, { FORM_RATE_LIMIT: '1000' });
    const data = () => t.app.get(DataSource);

    beforeEach(async () => {
      await clearTables(t, [MembershipEvent, MembershipPayment, Membership, MembershipTierRecord]);
    });

    const post = (path: string) =>
      request(t.server).post(path).set('Origin', t.config.publicUrl).type('form');

    async function signedIn(email: string) {
      const fan = fanBrowser(t, '198.51.100.9');
      const before = smtp.received.length;
      await fan.post('/api/account/sign-in').send({ email }).expect(202);
      await eventually(() => smtp.received.length > before);
      const { code } = signInOf(smtp.received, email);
      await fan.post('/api/account/verify').send({ email, code }).expect(200);
      return fan;
    }

    async function createTier(): Promise<MembershipTier> {
      const admin = await loggedIn(t);
      const res = await admin
        .post('/api/admin/membership-tiers')
        .send({
          name: 'Front Row',
          description: 'Every release.',
          monthlyPriceCents: 500,
          yearlyPriceCents: 5000,
          perks: { allDownloads: true, earlyAccessDays: 0, presale: true },
        })
        .expect(201);
      return res.body as MembershipTier;
    }

    it('joins on its page with the events Stripe sends, once however often paid, and cancels at period end in its portal', async () => {
      const tier = await createTier();
      const email = `joiner.${Date.now()}@example.com`;
      const fan = await signedIn(email);
      const joined = await fan
        .post('/api/memberships/checkout')
        .send({ tierId: tier.id, interval: 'year' })
        .expect(200);
      const url = new URL(joined.body.url as string);
      expect(url.origin).toBe(t.config.publicUrl);
      expect(url.pathname).toMatch(/^\/api\/checkout\/test-membership\/[\w-]+$/);

      const page = await request(t.server).get(url.pathname).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('Test membership checkout — no real payment');
      expect(page.text).toContain('<strong>Front Row</strong>: $50.00 a year, for ' + email);
      expect(page.text).toContain(`action="${url.pathname}/pay"`);
      expect(page.text).not.toMatch(/<script/i);

      const paid = await post(`${url.pathname}/pay`).expect(303);
      expect(paid.headers.location).toBe(`${t.config.publicUrl}/account?membership=joined`);
      // Paying the page again (a second click, a reload) makes nothing new.
      await post(`${url.pathname}/pay`).expect(303);
      const rows = await data().getRepository(Membership).find();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        email,
        status: 'active',
        interval: 'year',
        priceCents: 5000,
      });
      expect(await data().getRepository(MembershipEvent).count()).toBe(3);
      const payments = await data().getRepository(MembershipPayment).find();
      expect(payments.map((p) => p.amountCents)).toEqual([5000]);

      const account = (await fan.get('/api/account').expect(200)).body as Account;
      expect(account.membership).toMatchObject({
        tierName: 'Front Row',
        interval: 'year',
        status: 'active',
        endsAt: null,
      });
      const renewsAt = Date.parse(account.membership!.renewsAt!);
      expect(Math.abs(renewsAt - (Date.now() + YEAR_MS))).toBeLessThan(60_000);
      const admin = await loggedIn(t);
      const summary = (await admin.get('/api/admin/members/summary').expect(200))
        .body as MembersSummary;
      expect(summary).toMatchObject({ active: 1, mrrCents: 417 });
      await fan
        .post('/api/memberships/checkout')
        .send({ tierId: tier.id, interval: 'month' })
        .expect(409);

      const portal = await fan.post('/api/account/membership/portal').expect(200);
      const portalPath = new URL(portal.body.url as string).pathname;
      expect(portalPath).toMatch(/^\/api\/checkout\/test-portal\/cus_test_local_[0-9a-f]{24}$/);
      const portalPage = await request(t.server).get(portalPath).expect(200);
      expect(portalPage.text).toContain('Cancel membership at the end of the period');
      const cancelled = await post(`${portalPath}/cancel`).expect(303);
      expect(cancelled.headers.location).toBe(`${t.config.publicUrl}/account`);
      const after = (await fan.get('/api/account').expect(200)).body as Account;
      expect(after.membership).toMatchObject({
        status: 'active',
        renewsAt: null,
        endsAt: new Date(renewsAt).toISOString(),
      });
    });

    it('goes back to the site on Cancel, and refuses a page it did not make', async () => {
      const tier = await createTier();
      const res = await request(t.server)
        .post('/api/memberships/checkout')
        .set('Origin', t.config.publicUrl)
        .send({ tierId: tier.id, interval: 'month', email: 'undecided@example.com' })
        .expect(200);
      const path = new URL(res.body.url as string).pathname;
      const back = await post(`${path}/cancel`).expect(303);
      expect(back.headers.location).toBe(`${t.config.publicUrl}/#membership`);
      expect(await data().getRepository(Membership).count()).toBe(0);

      const made = await request(t.server)
        .get('/api/checkout/test-membership/bm90IGEgc2Vzc2lvbg')
        .expect(404);
      expect(made.text).toContain('This test checkout is not valid: start again from the site.');
      await request(t.server).get('/api/checkout/test-portal/cus_elsewhere').expect(404);
      await post('/api/checkout/test-portal/cus_elsewhere/cancel').expect(404);
    });
  },
);
