import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  ALREADY_MEMBER_MESSAGE,
  type AdminProduct,
  PRESALE_ALREADY_SENT_MESSAGE,
  type ShowPresale,
  NO_MEMBERSHIP_MESSAGE,
  type Account,
  type AccountLibraryItem,
  type Member,
  type MembersSummary,
  type MembershipTier,
} from '@artist/contracts';
import { Clock } from '../src/common/clock.js';
import { NOT_RELEASED_MESSAGE } from '../src/modules/checkout/checkout.service.js';
import { MembershipEvent } from '../src/modules/memberships/membership-event.entity.js';
import { MembershipPayment } from '../src/modules/memberships/membership-payment.entity.js';
import { MembershipTierRecord } from '../src/modules/memberships/membership-tier.entity.js';
import { Membership } from '../src/modules/memberships/membership.entity.js';
import { CHECKOUT_UNDER_WAY_MESSAGE } from '../src/modules/memberships/memberships.service.js';
import { ShowPresaleRecord } from '../src/modules/presales/show-presale.entity.js';
import { SuppressionsService } from '../src/modules/campaigns/suppressions.service.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { loggedIn } from './utils/admin.js';
import { startStripeApp, stripeShop } from './utils/checkout.js';
import { parseCsv } from './utils/csv.js';
import { testDatabases } from './utils/databases.js';
import { fanBrowser, signInOf } from './utils/fan-account.js';
import { mailingOfSuite } from './utils/mailing.js';
import { outboxSettled } from './utils/outbox.js';
import { createRelease, removeReleases, uploadFormat, zipBytes } from './utils/releases.js';
import { showInput } from './utils/shows.js';
import { eventually, MAIL_WAIT_MS } from './utils/smtp.js';
import { clearTables } from './utils/test-app.js';

const PUBLIC_URL = 'http://shop.example.test';

/** MPEG audio frames (MPEG-1 layer III, 128 kbit/s): what `file-type` reads as MP3. */
function mp3(frames = 8): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  for (let i = 4; i < frame.length; i++) frame[i] = i % 251;
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

const FRONT_ROW = {
  name: 'Front Row',
  description: 'Every release, a week early, and first go at tickets.',
  monthlyPriceCents: 500,
  yearlyPriceCents: 5000,
  perks: { allDownloads: true, earlyAccessDays: 7, presale: true },
};

let fans = 0;
/** An address of its own for each member. */
const freshEmail = () => `member${++fans}.${Date.now()}@example.com`;

/** A Stripe event's JSON with its `created` (seconds) as given: Stripe's order, not delivery's. */
function eventPayload(
  type: string,
  object: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
): string {
  return JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-03-31.basil',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

describe.each(testDatabases())('memberships on Stripe Billing on $name', (db) => {
  const { smtp, app } = mailingOfSuite((url) =>
    startStripeApp(db, {
      SMTP_URL: url,
      PUBLIC_URL,
      MAIL_FROM: 'Wren Calloway <shop@example.test>',
      CHECKOUT_RATE_LIMIT: '1000',
    }),
  );
  const s = stripeShop(app);
  const data = () => s.t.app.get(DataSource);

  beforeEach(async () => {
    await s.reset();
    await clearTables(s.t, [
      MembershipEvent,
      MembershipPayment,
      Membership,
      MembershipTierRecord,
      ShowPresaleRecord,
    ]);
    smtp.received.length = 0;
  });

  const admin = () => loggedIn(s.t);

  async function createTier(fields: Record<string, unknown> = {}): Promise<MembershipTier> {
    const res = await (
      await admin()
    )
      .post('/api/admin/membership-tiers')
      .send({ ...FRONT_ROW, ...fields })
      .expect(201);
    return res.body as MembershipTier;
  }

  const join = (body: object) =>
    request(s.t.server)
      .post('/api/memberships/checkout')
      .set('Origin', s.t.config.publicUrl)
      .send(body);

  const deliver = (payload: string) => s.deliverPayload(payload).expect(200);

  /** A fan joins and pays: answers the completed session and the subscription's id. */
  async function joinAndPay(
    tier: MembershipTier,
    email: string,
    interval: 'month' | 'year' = 'month',
  ): Promise<{ session: Record<string, unknown>; subscriptionId: string }> {
    const res = await join({ tierId: tier.id, interval, email }).expect(200);
    const sessionId = (res.body as { url: string }).url.split('/').pop()!;
    const session = s.stripe.paySubscription(sessionId, email);
    return { session, subscriptionId: session.subscription as string };
  }

  /** A browser signed in to `email`'s account with the emailed code. */
  async function signedIn(email: string) {
    const fan = fanBrowser(s.t, '198.51.100.7');
    const codes = () => smtp.received.filter((m) => m.rcptTo.includes(email)).length;
    const before = codes();
    await fan.post('/api/account/sign-in').send({ email }).expect(202);
    await eventually(() => codes() > before);
    const { code } = signInOf(smtp.received, email);
    await fan.post('/api/account/verify').send({ email, code }).expect(200);
    return fan;
  }

  const memberships = () =>
    data()
      .getRepository(Membership)
      .find({ order: { id: 'ASC' } });
  const summary = async () =>
    (await (await admin()).get('/api/admin/members/summary').expect(200)).body as MembersSummary;

  describe('tiers', () => {
    it('creates, lists, changes and closes a tier; the public list shows open tiers only', async () => {
      const tier = await createTier();
      expect(tier).toMatchObject({ ...FRONT_ROW, id: expect.any(Number), open: true });
      const other = await createTier({
        name: 'Porch',
        monthlyPriceCents: 300,
        yearlyPriceCents: null,
      });

      const changed = await (
        await admin()
      )
        .put(`/api/admin/membership-tiers/${tier.id}`)
        .send({ ...FRONT_ROW, description: 'New words.', monthlyPriceCents: 700 })
        .expect(200);
      expect(changed.body).toMatchObject({ description: 'New words.', monthlyPriceCents: 700 });

      await (await admin()).delete(`/api/admin/membership-tiers/${other.id}`).expect(200);
      const open = await request(s.t.server).get('/api/membership-tiers').expect(200);
      expect((open.body as MembershipTier[]).map((t) => t.name)).toEqual(['Front Row']);
      expect(open.body[0]).toMatchObject({ monthlyPriceCents: 700, perks: FRONT_ROW.perks });
    });

    it('refuses a tier without a price or with ill-formed perks, with a sentence', async () => {
      const agent = await admin();
      const res = await agent
        .post('/api/admin/membership-tiers')
        .send({ ...FRONT_ROW, monthlyPriceCents: 'five', perks: { allDownloads: 'yes' } })
        .expect(400);
      expect(JSON.stringify(res.body)).toContain(
        'monthlyPriceCents must be a whole number of cents',
      );
      expect(JSON.stringify(res.body)).toContain('perks.allDownloads must be true or false.');
      expect(await data().getRepository(MembershipTierRecord).count()).toBe(0);
      await agent.put('/api/admin/membership-tiers/999').send(FRONT_ROW).expect(404);
    });

    it('keeps a member at the price she joined at when the tier’s price changes', async () => {
      const tier = await createTier();
      const email = freshEmail();
      const { session } = await joinAndPay(tier, email);
      await deliver(eventPayload('checkout.session.completed', session));
      await (
        await admin()
      )
        .put(`/api/admin/membership-tiers/${tier.id}`)
        .send({ ...FRONT_ROW, monthlyPriceCents: 900 })
        .expect(200);
      const [membership] = await memberships();
      expect(membership.priceCents).toBe(500);
      // A new member pays the new price.
      await join({ tierId: tier.id, interval: 'month', email: freshEmail() }).expect(200);
      const last = s.stripe.creates().at(-1)!;
      expect(last.body.line_items).toEqual([
        expect.objectContaining({
          price_data: expect.objectContaining({ unit_amount: '900' }),
        }),
      ]);
    });
  });

  describe('joining', () => {
    it('opens a Stripe Checkout session in subscription mode with the tier in its metadata', async () => {
      const tier = await createTier();
      const email = freshEmail();
      const res = await join({ tierId: tier.id, interval: 'year', email }).expect(200);
      expect(res.body).toEqual({
        url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//),
      });
      const [create] = s.stripe.creates();
      expect(create.body).toMatchObject({
        mode: 'subscription',
        line_items: [
          {
            quantity: '1',
            price_data: {
              currency: 'usd',
              unit_amount: '5000',
              recurring: { interval: 'year' },
              product_data: { name: 'Front Row' },
            },
          },
        ],
        customer_email: email,
        metadata: { tierId: String(tier.id), interval: 'year' },
        subscription_data: { metadata: { tierId: String(tier.id), interval: 'year' } },
      });
      expect(create.idempotencyKey).toEqual(expect.any(String));
    });

    it('refuses bad requests with a sentence and opens no session', async () => {
      const tier = await createTier({ yearlyPriceCents: null });
      const cases: [object, number, string][] = [
        [{ tierId: tier.id, interval: 'month' }, 400, 'Please enter your email address to join.'],
        [
          { tierId: tier.id, interval: 'week', email: freshEmail() },
          400,
          "interval must be 'month' or 'year'.",
        ],
        [
          { tierId: tier.id, interval: 'year', email: freshEmail() },
          400,
          'This membership tier is not offered by the year.',
        ],
        [
          { tierId: 4242, interval: 'month', email: freshEmail() },
          404,
          'Membership tier not found.',
        ],
        [
          { tierId: tier.id, interval: 'month', email: 'not an address' },
          400,
          'Please enter a valid email address',
        ],
      ];
      for (const [body, status, message] of cases) {
        const res = await join(body).expect(status);
        expect(JSON.stringify(res.body)).toContain(message);
      }
      await (await admin()).delete(`/api/admin/membership-tiers/${tier.id}`).expect(200);
      const closed = await join({ tierId: tier.id, interval: 'month', email: freshEmail() });
      expect(closed.status).toBe(400);
      expect(closed.body.message).toBe('This membership tier is not open to new members.');
      expect(s.stripe.creates()).toHaveLength(0);
    });

    it('activates the membership once for a repeated event, and a member cannot join twice', async () => {
      const tier = await createTier();
      const email = freshEmail();
      const { session, subscriptionId } = await joinAndPay(tier, email);
      const payload = eventPayload('checkout.session.completed', session);
      await Promise.all([deliver(payload), deliver(payload)]);
      await deliver(payload);

      const rows = await memberships();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        email,
        subscriptionId,
        status: 'active',
        tierId: tier.id,
        interval: 'month',
        priceCents: 500,
        fanId: expect.any(Number),
      });
      expect(await data().getRepository(MembershipEvent).count()).toBe(1);
      // No order comes of a membership's checkout.
      expect(await s.orders()).toEqual([]);

      const again = await join({ tierId: tier.id, interval: 'year', email: email.toUpperCase() });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already has an active membership/);
    });
  });

  describe('joining with a fan session', () => {
    it('joins as the signed-in fan without an email, and refuses her once she is a member', async () => {
      const tier = await createTier();
      const email = freshEmail();
      const fan = await signedIn(email);
      const res = await fan
        .post('/api/memberships/checkout')
        .send({ tierId: tier.id, interval: 'month' })
        .expect(200);
      expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      expect(s.stripe.creates().at(-1)!.body).toMatchObject({ customer_email: email });

      // The session's address is hers, whatever the body names.
      await fan
        .post('/api/memberships/checkout')
        .send({ tierId: tier.id, interval: 'year', email: freshEmail() })
        .expect(200);
      expect(s.stripe.creates().at(-1)!.body).toMatchObject({ customer_email: email });

      const sessionId = (res.body as { url: string }).url.split('/').pop()!;
      await deliver(
        eventPayload('checkout.session.completed', s.stripe.paySubscription(sessionId, email)),
      );
      const again = await fan
        .post('/api/memberships/checkout')
        .send({ tierId: tier.id, interval: 'year' })
        .expect(409);
      expect(again.body.message).toBe(ALREADY_MEMBER_MESSAGE);
      expect(s.stripe.creates()).toHaveLength(2);
    });

    it('opens one payment page of two joins of one address at once', async () => {
      const tier = await createTier();
      const email = freshEmail();
      let answered!: () => void;
      const oneAnswered = new Promise<void>((resolve) => (answered = resolve));
      // Stripe answers the first only once the other is answered: they overlap for certain.
      s.stripe.beforeSessionAnswer = () => oneAnswered;
      const both = await Promise.all(
        ['month', 'year'].map((interval) =>
          join({ tierId: tier.id, interval, email }).then((res) => {
            answered();
            return res;
          }),
        ),
      );
      expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
      expect(both.find((res) => res.status === 409)!.body.message).toBe(CHECKOUT_UNDER_WAY_MESSAGE);
      expect(s.stripe.creates()).toHaveLength(1);
      s.stripe.beforeSessionAnswer = null;
      // Once the page is open, another join of hers (say, from another tab) opens again.
      await join({ tierId: tier.id, interval: 'month', email }).expect(200);
    });
  });

  describe('events in any order', () => {
    it('converges when updated comes before completed, and older news changes nothing', async () => {
      const tier = await createTier();
      const email = freshEmail();
      const { session, subscriptionId } = await joinAndPay(tier, email);
      const t0 = Math.floor(Date.now() / 1000);
      const cancelling = s.stripe.subscription(subscriptionId, { cancel_at_period_end: true });
      await deliver(eventPayload('customer.subscription.updated', cancelling, t0 + 10));
      await deliver(eventPayload('checkout.session.completed', session, t0));
      // Stripe's first word of the subscription, delivered late.
      const incomplete = { ...cancelling, status: 'incomplete', cancel_at_period_end: false };
      await deliver(eventPayload('customer.subscription.created', incomplete, t0 - 5));

      let [row] = await memberships();
      expect(row).toMatchObject({
        email,
        status: 'active',
        cancelAtPeriodEnd: true,
        tierId: tier.id,
        priceCents: 500,
      });
      const periodEnd = cancelling.items.data[0].current_period_end;
      expect(row.currentPeriodEnd!.getTime()).toBe(periodEnd * 1000);

      const [listed] = (await (await admin()).get('/api/admin/members').expect(200)).body
        .rows as Member[];
      expect(listed).toMatchObject({
        email,
        tierName: 'Front Row',
        status: 'active',
        endsAt: new Date(periodEnd * 1000).toISOString(),
      });

      // Deleted, then an update older than the deletion arrives: it stays ended.
      const canceled = s.stripe.subscription(subscriptionId, {
        status: 'canceled',
        ended_at: t0 + 20,
      });
      await deliver(eventPayload('customer.subscription.deleted', canceled, t0 + 20));
      const active = { ...canceled, status: 'active', ended_at: null };
      await deliver(eventPayload('customer.subscription.updated', active, t0 + 15));
      [row] = await memberships();
      expect(row.status).toBe('ended');
      expect(row.endedAt!.getTime()).toBe((t0 + 20) * 1000);
      expect(await memberships()).toHaveLength(1);
    });

    it('makes one membership of events for one subscription delivered together', async () => {
      const tier = await createTier();
      const { session, subscriptionId } = await joinAndPay(tier, freshEmail());
      const t0 = Math.floor(Date.now() / 1000);
      await Promise.all([
        deliver(eventPayload('checkout.session.completed', session, t0)),
        deliver(
          eventPayload('customer.subscription.created', s.stripe.subscription(subscriptionId), t0),
        ),
        deliver(eventPayload('invoice.paid', s.stripe.invoice(subscriptionId, 'paid'), t0)),
      ]);
      const rows = await memberships();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'active', email: expect.any(String) });
    });
  });

  describe('payments', () => {
    it('records each paid invoice once as membership income', async () => {
      const tier = await createTier();
      const { session, subscriptionId } = await joinAndPay(tier, freshEmail());
      await deliver(eventPayload('checkout.session.completed', session));
      const first = eventPayload('invoice.paid', s.stripe.invoice(subscriptionId, 'paid'));
      await deliver(first);
      await deliver(first);
      // A month later: the renewal.
      await deliver(eventPayload('invoice.paid', s.stripe.invoice(subscriptionId, 'paid')));
      const payments = await data().getRepository(MembershipPayment).find();
      expect(payments).toHaveLength(2);
      for (const payment of payments) {
        expect(payment).toMatchObject({ subscriptionId, tierId: tier.id, amountCents: 500 });
        expect(payment.paidAt).toBeInstanceOf(Date);
      }
      // The Sales view shows it beside the orders, in this month.
      const sales = await (await admin()).get('/api/admin/sales').expect(200);
      expect(sales.body.memberships).toMatchObject({ payments: 2, cents: 1000 });
      expect(
        (sales.body.memberships.byMonth as { payments: number }[]).filter((m) => m.payments > 0),
      ).toEqual([expect.objectContaining({ payments: 2, cents: 1000 })]);
      expect(sales.body.totals.netCents).toBe(0);
    });

    it('makes a declined renewal past due with one email whose link opens the billing portal', async () => {
      const tier = await createTier();
      const email = freshEmail();
      const { session, subscriptionId } = await joinAndPay(tier, email);
      await deliver(eventPayload('checkout.session.completed', session));
      const invoice = s.stripe.invoice(subscriptionId, 'failed');
      const failed = eventPayload('invoice.payment_failed', invoice);
      await deliver(failed);
      await deliver(failed);
      // Stripe retries the card and fails again: a new event about the same invoice.
      await deliver(eventPayload('invoice.payment_failed', invoice));

      const [row] = await memberships();
      expect(row.status).toBe('past_due');
      await outboxSettled(s.t);
      await eventually(() => smtp.received.length >= 1, MAIL_WAIT_MS, 'the declined email');
      const declined = await data()
        .getRepository(OutboxEmail)
        .findBy({ kind: 'membership-card-declined' });
      expect(declined).toHaveLength(1);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail.rcptTo).toEqual([email]);
      expect(mail.parsed.subject).toBe('Your card was declined');
      const link = /https?:\/\/\S+\/api\/memberships\/card\?token=[\w-]+/.exec(
        mail.parsed.text!,
      )![0];
      expect(link.startsWith(PUBLIC_URL)).toBe(true);

      const res = await request(s.t.server).get(link.slice(PUBLIC_URL.length)).expect(303);
      expect(res.headers.location).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
      const [portal] = s.stripe.portalRequests();
      expect(portal.body).toEqual({
        customer: s.stripe.subscription(subscriptionId).customer,
        return_url: `${PUBLIC_URL}/account`,
      });
      await request(s.t.server).get('/api/memberships/card?token=nobodys').expect(404);
    });

    it('ends the membership on customer.subscription.deleted', async () => {
      const tier = await createTier();
      const { session, subscriptionId } = await joinAndPay(tier, freshEmail());
      await deliver(eventPayload('checkout.session.completed', session));
      const deleted = s.stripe.subscription(subscriptionId, { status: 'canceled' });
      await deliver(eventPayload('customer.subscription.deleted', deleted));
      const [row] = await memberships();
      expect(row.status).toBe('ended');
      expect(row.endedAt).toBeInstanceOf(Date);
    });
  });

  describe('in her account', () => {
    it('shows her membership, gives every release while it lasts, and opens the portal back to her account', async () => {
      const admin = await loggedIn(s.t);
      await removeReleases(s.t);
      await createRelease(admin, { minPriceCents: 800 });
      await uploadFormat(admin, 'porch-light', 'FLAC', zipBytes(2000)).expect(201);
      const tier = await createTier();
      const email = freshEmail();
      const fan = await signedIn(email);
      const library = async () =>
        ((await fan.get('/api/account/library').expect(200)).body as AccountLibraryItem[]).map(
          (item) => item.productId,
        );
      expect(await library()).toEqual([]);
      expect((await fan.get('/api/account').expect(200)).body.membership).toBeNull();
      const none = await fan.post('/api/account/membership/portal').expect(404);
      expect(none.body.message).toBe(NO_MEMBERSHIP_MESSAGE);

      const { session, subscriptionId } = await joinAndPay(tier, email);
      await deliver(eventPayload('checkout.session.completed', session));
      // Stripe follows with the subscription, which names the period paid for.
      const subscription = s.stripe.subscription(subscriptionId);
      await deliver(eventPayload('customer.subscription.updated', subscription));
      const account = (await fan.get('/api/account').expect(200)).body as Account;
      expect(account.membership).toEqual({
        tierName: 'Front Row',
        interval: 'month',
        status: 'active',
        perks: FRONT_ROW.perks,
        renewsAt: new Date(subscription.items.data[0]!.current_period_end * 1000).toISOString(),
        endsAt: null,
      });
      expect(await library()).toEqual(['porch-light']);
      await fan.get('/api/account/library/porch-light/FLAC').expect(200);

      const portal = await fan.post('/api/account/membership/portal').expect(200);
      expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
      expect(s.stripe.portalRequests().at(-1)!.body).toEqual({
        customer: s.stripe.subscription(subscriptionId).customer,
        return_url: `${PUBLIC_URL}/account`,
      });

      // Ended: the releases she never bought leave her library.
      const deleted = s.stripe.subscription(subscriptionId, { status: 'canceled' });
      await deliver(eventPayload('customer.subscription.deleted', deleted));
      expect(await library()).toEqual([]);
      await fan.get('/api/account/library/porch-light/FLAC').expect(404);
      expect((await fan.get('/api/account').expect(200)).body.membership).toBeNull();
    });

    it('gives no release of the shop for a tier without that perk', async () => {
      const admin = await loggedIn(s.t);
      await removeReleases(s.t);
      await createRelease(admin, { minPriceCents: 800 });
      await uploadFormat(admin, 'porch-light', 'FLAC', zipBytes(2000)).expect(201);
      const tier = await createTier({
        name: 'Porch',
        perks: { allDownloads: false, earlyAccessDays: 0, presale: false },
      });
      const email = freshEmail();
      const { session } = await joinAndPay(tier, email);
      await deliver(eventPayload('checkout.session.completed', session));
      const fan = await signedIn(email);
      expect((await fan.get('/api/account').expect(200)).body.membership).toMatchObject({
        tierName: 'Porch',
        status: 'active',
      });
      expect((await fan.get('/api/account/library').expect(200)).body).toEqual([]);
    });
  });

  describe('release dates and early access', () => {
    const DAY_MS = 86_400_000;
    const inDays = (today: string, days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
    afterEach(() => jest.restoreAllMocks());

    const shopIds = async () =>
      ((await request(s.t.server).get('/api/products').expect(200)).body as { id: string }[]).map(
        (p) => p.id,
      );

    it('keeps a release out of the shop and its checkout until its date, then shows it without an edit', async () => {
      const agent = await admin();
      await removeReleases(s.t);
      const clock = s.t.app.get(Clock);
      const today = clock.today();
      const date = inDays(today, 5);
      const release = await createRelease(agent, { releaseDate: date });
      expect(release.releaseDate).toBe(date);
      await uploadFormat(agent, release.id, 'FLAC', zipBytes(2000)).expect(201);

      expect(await shopIds()).not.toContain(release.id);
      const early = await s
        .createCheckout({ items: [{ productId: release.id, quantity: 1, priceCents: 900 }] })
        .expect(400);
      expect(early.body.message).toBe(NOT_RELEASED_MESSAGE);
      expect(s.stripe.creates()).toHaveLength(0);

      // The admin still lists it, with its date; a PUT that leaves the date out keeps it.
      const admins = (await agent.get('/api/admin/releases').expect(200)).body as AdminProduct[];
      expect(admins.find((p) => p.id === release.id)?.releaseDate).toBe(date);
      const edited = await agent
        .put(`/api/admin/products/${release.id}`)
        .send({
          name: release.name,
          description: 'New words.',
          image: null,
          sizes: [],
          priceInCents: 800,
        })
        .expect(200);
      expect(edited.body).toMatchObject({ description: 'New words.', releaseDate: date });

      // The day comes: the kept answer is read again, with no write to the catalogue.
      jest.spyOn(clock, 'today').mockReturnValue(date);
      expect(await shopIds()).toContain(release.id);
      await s
        .createCheckout({ items: [{ productId: release.id, quantity: 1, priceCents: 900 }] })
        .expect(200);
    });

    it('refuses a release date on merch or in another format, with a sentence', async () => {
      const agent = await admin();
      await removeReleases(s.t);
      const merch = await agent
        .post('/api/admin/products')
        .send({
          name: 'Tote Bag',
          description: 'Canvas.',
          priceInCents: 2000,
          image: null,
          sizes: [],
          releaseDate: '2099-01-01',
        })
        .expect(400);
      expect(merch.body.message).toBe('Only a digital release has a release date.');
      const release = await createRelease(agent);
      const bad = await agent
        .put(`/api/admin/products/${release.id}`)
        .send({
          name: release.name,
          description: release.description,
          image: null,
          sizes: [],
          kind: 'digital',
          pricing: 'name-your-price',
          minPriceCents: 800,
          priceInCents: 800,
          releaseDate: '14/03/2099',
        })
        .expect(400);
      expect(JSON.stringify(bad.body)).toContain(
        'releaseDate must be a date in YYYY-MM-DD format, or null for a release out now',
      );
    });

    it('puts a coming release in the library of members whose early access reaches its date, and lets them download it', async () => {
      const agent = await admin();
      await removeReleases(s.t);
      const clock = s.t.app.get(Clock);
      const today = clock.today();
      const soon = await createRelease(agent, { name: 'Soon', releaseDate: inDays(today, 5) });
      const later = await createRelease(agent, { name: 'Later', releaseDate: inDays(today, 10) });
      const out = await createRelease(agent, { name: 'Out Now' });
      for (const { id } of [soon, later, out]) {
        await uploadFormat(agent, id, 'FLAC', zipBytes(2000)).expect(201);
      }
      const early = await createTier({
        name: 'Early',
        perks: { allDownloads: false, earlyAccessDays: 7, presale: false },
      });
      const every = await createTier({
        name: 'Every',
        perks: { allDownloads: true, earlyAccessDays: 0, presale: false },
      });
      const both = await createTier(); // every release, 7 days early
      const library = async (fan: Awaited<ReturnType<typeof signedIn>>) =>
        ((await fan.get('/api/account/library').expect(200)).body as AccountLibraryItem[])
          .map((item) => item.productId)
          .sort();
      const fans: Record<string, Awaited<ReturnType<typeof signedIn>>> = {};
      for (const [name, tier] of [
        ['early', early],
        ['every', every],
        ['both', both],
      ] as const) {
        const email = freshEmail();
        const { session } = await joinAndPay(tier, email);
        await deliver(eventPayload('checkout.session.completed', session));
        fans[name] = await signedIn(email);
      }

      expect(await library(fans.early!)).toEqual([soon.id]);
      expect(await library(fans.every!)).toEqual([out.id]);
      expect(await library(fans.both!)).toEqual([soon.id, out.id].sort());
      await fans.early!.get(`/api/account/library/${soon.id}/FLAC`).expect(200);
      await fans.every!.get(`/api/account/library/${soon.id}/FLAC`).expect(404);
      await fans.early!.get(`/api/account/library/${later.id}/FLAC`).expect(404);

      // Three days on, `later` is 7 days away: early access reaches it.
      jest.spyOn(clock, 'today').mockReturnValue(inDays(today, 3));
      expect(await library(fans.early!)).toEqual([soon.id, later.id].sort());
      // Once out, a release is the shop's: early access alone no longer holds it.
      jest.spyOn(clock, 'today').mockReturnValue(inDays(today, 5));
      expect(await library(fans.early!)).toEqual([later.id]);
      expect(await library(fans.every!)).toEqual([soon.id, out.id].sort());
    });
    it('refuses a coming release’s previews, download links and codes to anyone without early access, with a sentence', async () => {
      const agent = await admin();
      await removeReleases(s.t);
      const clock = s.t.app.get(Clock);
      const today = clock.today();
      const date = inDays(today, 5);
      const soon = await createRelease(agent, { name: 'Soon', releaseDate: date });
      await uploadFormat(agent, soon.id, 'FLAC', zipBytes(2000)).expect(201);
      const { previewUrl } = (
        await agent
          .post(`/api/admin/products/${soon.id}/tracks/0/preview`)
          .attach('file', mp3(), { filename: 'track.mp3' })
          .expect(201)
      ).body as { previewUrl: string };
      const notOut =
        'This release comes out on ' +
        new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
          timeZone: 'UTC',
          month: 'long',
          day: 'numeric',
          year: 'numeric',
        }) +
        ': until then only members with early access can have it.';
      const early = await createTier({
        name: 'Early',
        perks: { allDownloads: false, earlyAccessDays: 7, presale: false },
      });
      const late = await createTier({
        name: 'Late',
        perks: { allDownloads: true, earlyAccessDays: 2, presale: false },
      });
      const [member, shortMember, stranger] = [0, 1, 2].map(freshEmail);
      for (const [tier, email] of [
        [early, member],
        [late, shortMember],
      ] as const) {
        const { session } = await joinAndPay(tier, email);
        await deliver(eventPayload('checkout.session.completed', session));
      }

      // Previews: nobody hears them early but a signed-in member whose early access reaches the date.
      const anonymous = await request(s.t.server).get(previewUrl).expect(403);
      expect(anonymous.body.message).toBe(notOut);
      const short = await (await signedIn(shortMember)).get(previewUrl).expect(403);
      expect(short.body.message).toBe(notOut);
      const heard = await (await signedIn(member)).get(previewUrl).expect(200);
      expect(heard.headers['cache-control']).toBe('private, no-store');

      // Codes: one typed with an address without early access is refused and stays unused.
      const batch = await agent.post(`/api/admin/products/${soon.id}/codes`).send({ count: 2 });
      const csv = await agent
        .get(`/api/admin/products/${soon.id}/codes/export?batchId=${batch.body.batchId}`)
        .expect(200);
      const codes = parseCsv(csv.text.replace(/^\uFEFF/, ''))
        .slice(1)
        .map((row) => row[0]!);
      const redeem = (code: string, email: string) =>
        request(s.t.server)
          .post('/api/redeem')
          .set('Origin', s.t.config.publicUrl)
          .send({ code, email });
      for (const email of [stranger, shortMember]) {
        const refused = await redeem(codes[0]!, email).expect(403);
        expect(refused.body.message).toBe(notOut);
      }
      await redeem(codes[0]!, member).expect(202);
      const linkOf = async (email: string) => {
        await eventually(() =>
          smtp.received.some(
            (m) => m.rcptTo.includes(email) && /\/download\//.test(m.parsed.text ?? ''),
          ),
        );
        const mail = smtp.received.find(
          (m) => m.rcptTo.includes(email) && /\/download\//.test(m.parsed.text ?? ''),
        )!;
        return /\/download\/[A-Za-z0-9_-]{32}/.exec(mail.parsed.text!)![0];
      };
      await request(s.t.server)
        .get(await linkOf(member))
        .expect(200);

      // A link made once the release was out for everyone (a code redeemed on its date, the
      // clock put back here) downloads only from then for an address without early access.
      jest.spyOn(clock, 'today').mockReturnValue(date);
      await redeem(codes[1]!, stranger).expect(202);
      const strangersLink = await linkOf(stranger);
      jest.spyOn(clock, 'today').mockReturnValue(today);
      const refused = await request(s.t.server).get(strangersLink).expect(403);
      expect(refused.text).toContain(notOut);
      await request(s.t.server).head(strangersLink).expect(403);
      await request(s.t.server).get(previewUrl).expect(403);
      jest.spyOn(clock, 'today').mockReturnValue(date);
      await request(s.t.server).get(strangersLink).expect(200);
      await request(s.t.server).get(previewUrl).expect(200);
    });
  });

  describe('what the artist sees', () => {
    it('sums MRR with a yearly member at one twelfth, and counts joins and ends', async () => {
      const tier = await createTier();
      const monthly = await joinAndPay(tier, freshEmail(), 'month');
      const yearly = await joinAndPay(tier, freshEmail(), 'year');
      await deliver(eventPayload('checkout.session.completed', monthly.session));
      await deliver(eventPayload('checkout.session.completed', yearly.session));
      // 500 + 5000 / 12 = 916.67
      expect(await summary()).toEqual({
        active: 2,
        pastDue: 0,
        mrrCents: 917,
        joined30d: 2,
        ended30d: 0,
      });
      await deliver(
        eventPayload('invoice.payment_failed', s.stripe.invoice(yearly.subscriptionId, 'failed')),
      );
      const canceled = s.stripe.subscription(monthly.subscriptionId, { status: 'canceled' });
      await deliver(eventPayload('customer.subscription.deleted', canceled));
      expect(await summary()).toEqual({
        active: 0,
        pastDue: 1,
        mrrCents: 417,
        joined30d: 2,
        ended30d: 1,
      });
    });

    it('lists members with search, status and tier filters, sorting and a safe CSV', async () => {
      const front = await createTier();
      const porch = await createTier({ name: 'Porch', monthlyPriceCents: 300 });
      const a = await joinAndPay(front, 'alpha.member@example.com');
      const b = await joinAndPay(porch, '=cmd@example.com', 'year');
      await deliver(eventPayload('checkout.session.completed', a.session));
      await deliver(eventPayload('checkout.session.completed', b.session));
      await deliver(
        eventPayload(
          'customer.subscription.deleted',
          s.stripe.subscription(b.subscriptionId, { status: 'canceled' }),
        ),
      );
      const agent = await admin();
      const list = async (query: string) =>
        ((await agent.get(`/api/admin/members${query}`).expect(200)).body.rows as Member[]).map(
          (m) => m.email,
        );
      expect(await list('?search=ALPHA')).toEqual(['alpha.member@example.com']);
      expect(await list('?status=ended')).toEqual(['=cmd@example.com']);
      expect(await list(`?tierId=${porch.id}`)).toEqual(['=cmd@example.com']);
      expect(await list(`?tierId=${front.id}&status=ended`)).toEqual([]);
      expect(await list('?sort=email')).toEqual(['=cmd@example.com', 'alpha.member@example.com']);
      const bad = await agent.get('/api/admin/members?tierId=abc').expect(400);
      expect(JSON.stringify(bad.body)).toContain('tierId must be the id of a membership tier.');

      const csv = await agent.get('/api/admin/members/export?sort=email').expect(200);
      const rows = parseCsv(csv.text.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual([
        'id',
        'email',
        'tierName',
        'interval',
        'price',
        'status',
        'since',
        'renewsAt',
        'endsAt',
      ]);
      expect(rows[1].slice(1, 6)).toEqual(["'=cmd@example.com", 'Porch', 'year', '50.00', 'ended']);
      expect(rows[2].slice(1, 6)).toEqual([
        'alpha.member@example.com',
        'Front Row',
        'month',
        '5.00',
        'active',
      ]);
    });
  });

  describe('campaign audience', () => {
    it('narrows a campaign to current members, of one tier when given', async () => {
      const front = await createTier();
      const porch = await createTier({ name: 'Porch', monthlyPriceCents: 300 });
      const member = freshEmail();
      const lapsed = freshEmail();
      const subscriber = freshEmail();
      for (const email of [member, lapsed, subscriber]) {
        await request(s.t.server)
          .post('/api/email-signup')
          .set('Origin', s.t.config.publicUrl)
          .send({ email })
          .expect(201);
        await data()
          .getRepository(EmailSignup)
          .update({ email }, { confirmedAt: Date.now() - 1000 });
      }
      const joined = await joinAndPay(front, member);
      const gone = await joinAndPay(front, lapsed);
      await deliver(eventPayload('checkout.session.completed', joined.session));
      await deliver(eventPayload('checkout.session.completed', gone.session));
      await deliver(
        eventPayload(
          'customer.subscription.deleted',
          s.stripe.subscription(gone.subscriptionId, { status: 'canceled' }),
        ),
      );
      const agent = await admin();
      const count = async (audience: object) =>
        (await agent.post('/api/admin/campaigns/audience').send({ audience }).expect(200)).body
          .count as number;
      const everyone = await count({});
      expect(everyone).toBeGreaterThanOrEqual(3);
      expect(await count({ members: true })).toBe(1);
      expect(await count({ members: true, tierId: front.id })).toBe(1);
      expect(await count({ members: true, tierId: porch.id })).toBe(0);
      const noTier = await agent
        .post('/api/admin/campaigns/audience')
        .send({ audience: { members: true, tierId: 9999 } })
        .expect(400);
      expect(noTier.body.message).toBe('Membership tier 9999 does not exist.');
      const alone = await agent
        .post('/api/admin/campaigns/audience')
        .send({ audience: { tierId: front.id } })
        .expect(400);
      expect(alone.body.message).toBe('tierId goes with members: true.');
    });
  });

  describe('presale codes', () => {
    /** Confirmed newsletter signups, as the campaigns' audience reads them. */
    async function subscribe(...emails: string[]) {
      for (const email of emails) {
        await request(s.t.server)
          .post('/api/email-signup')
          .set('Origin', s.t.config.publicUrl)
          .send({ email })
          .expect(201);
        await data()
          .getRepository(EmailSignup)
          .update({ email }, { confirmedAt: Date.now() - 1000 });
      }
    }

    it('emails a show’s code once to each current member of a presale tier, on the mailing list or not, and only once for two sends at once', async () => {
      const agent = await admin();
      const { body: content } = await agent.get('/api/admin/content').expect(200);
      await agent
        .put('/api/admin/content')
        .send({ ...content, postalAddress: 'PO Box 1234, Nashville, TN 37203' })
        .expect(200);
      const show = (
        await agent
          .post('/api/admin/shows')
          .send(showInput({ venue: 'Ryman Auditorium', date: '2099-03-14' }))
          .expect(201)
      ).body as { id: number };
      const front = await createTier();
      const porch = await createTier({
        name: 'Porch',
        perks: { allDownloads: true, earlyAccessDays: 0, presale: false },
      });
      const [memberOnly, subscribedMember, showsOff, lapsed, porchMember, subscriber, bounced] = [
        0, 1, 2, 3, 4, 5, 6,
      ].map(freshEmail);
      await subscribe(subscribedMember, showsOff, lapsed, porchMember, subscriber, bounced);
      // She keeps the news and turned the shows off: the newsletter's choice, not her membership's.
      await data().getRepository(EmailSignup).update({ email: showsOff }, { topicShows: false });
      for (const [tier, email] of [
        [front, memberOnly],
        [front, subscribedMember],
        [front, showsOff],
        [front, lapsed],
        [porch, porchMember],
        [front, bounced],
      ] as const) {
        const { session } = await joinAndPay(tier, email);
        await deliver(eventPayload('checkout.session.completed', session));
      }
      const gone = (await memberships()).find((m) => m.email === lapsed)!;
      await deliver(
        eventPayload(
          'customer.subscription.deleted',
          s.stripe.subscription(gone.subscriptionId, { status: 'canceled' }),
        ),
      );
      await s.t.app.get(SuppressionsService).add(bounced, 'bounce', '550 No such user', null);

      const presale = () =>
        agent.post(`/api/admin/shows/${show.id}/presale`).send({ code: 'RYMAN-99' });
      const both = await Promise.all([presale(), presale()]);
      expect(both.map((res) => res.status).sort()).toEqual([201, 409]);
      const sent = both.find((res) => res.status === 201)!.body as ShowPresale;
      expect(sent).toEqual({
        showId: show.id,
        code: 'RYMAN-99',
        campaignId: expect.any(Number),
        recipients: 3,
        createdAt: expect.any(String),
      });
      expect(both.find((res) => res.status === 409)!.body.message).toBe(
        PRESALE_ALREADY_SENT_MESSAGE,
      );
      await eventually(
        async () =>
          (await agent.get(`/api/admin/campaigns/${sent.campaignId}`).expect(200)).body.status ===
          'sent',
        20_000,
        'the presale campaign',
      );
      const campaign = (await agent.get(`/api/admin/campaigns/${sent.campaignId}`).expect(200))
        .body as { recipients: number; sent: number };
      expect(campaign).toMatchObject({ recipients: 3, sent: 3 });
      const codes = smtp.received.filter((m) => m.parsed.text?.includes('RYMAN-99'));
      expect(codes.flatMap((m) => m.rcptTo).sort()).toEqual(
        [memberOnly, subscribedMember, showsOff].sort(),
      );
      for (const mail of codes) {
        expect(mail.parsed.subject).toBe(
          'Your presale code: Ryman Auditorium, Nashville, TN, March 14, 2099',
        );
        // Her membership's message: why she gets it and her account, no newsletter unsubscribe.
        expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
        expect(mail.parsed.headers.has('list-unsubscribe-post')).toBe(false);
        expect(mail.parsed.text).toContain(`Your account: ${PUBLIC_URL}/account`);
        expect(mail.parsed.text).toContain('your Wren Calloway membership includes presale codes');
        expect(mail.parsed.text).not.toMatch(/unsubscribe/i);
        expect(mail.parsed.html).toContain(`href="${PUBLIC_URL}/account"`);
        expect(mail.parsed.html).not.toMatch(/unsubscribe|you joined/i);
      }

      // Leaving the newsletter afterwards is not counted on the presale, which had no such link.
      const signup = await data()
        .getRepository(EmailSignup)
        .findOneByOrFail({ email: subscribedMember });
      await request(s.t.server)
        .post(`/api/newsletter/unsubscribe?token=${signup.token}`)
        .type('form')
        .send('List-Unsubscribe=One-Click')
        .expect(200);
      expect(
        (await agent.get(`/api/admin/campaigns/${sent.campaignId}`).expect(200)).body,
      ).toMatchObject({ unsubscribed: 0 });

      const again = await presale().expect(409);
      expect(again.body.message).toBe(PRESALE_ALREADY_SENT_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.received.filter((m) => m.parsed.text?.includes('RYMAN-99'))).toHaveLength(3);
    });

    it('hands a member her presale code even when she leaves the newsletter after it was queued', async () => {
      const agent = await admin();
      const { body: content } = await agent.get('/api/admin/content').expect(200);
      await agent
        .put('/api/admin/content')
        .send({ ...content, postalAddress: 'PO Box 1234, Nashville, TN 37203' })
        .expect(200);
      const show = (
        await agent
          .post('/api/admin/shows')
          .send(showInput({ venue: 'Bluebird Cafe', date: '2099-05-02' }))
          .expect(201)
      ).body as { id: number };
      const tier = await createTier();
      const [leaving, staying] = [0, 1].map(freshEmail);
      await subscribe(leaving, staying);
      for (const email of [leaving, staying]) {
        const { session } = await joinAndPay(tier, email);
        await deliver(eventPayload('checkout.session.completed', session));
      }
      await outboxSettled(s.t);
      // The mail server refuses for now (451): both messages wait in the outbox's bulk lane.
      smtp.refuse = { code: 451, message: '4.3.0 Try again later' };
      try {
        const sent = (
          await agent
            .post(`/api/admin/shows/${show.id}/presale`)
            .send({ code: 'BLUEBIRD-5' })
            .expect(201)
        ).body as ShowPresale;
        await eventually(
          async () =>
            (await data()
              .getRepository(OutboxEmail)
              .countBy({ kind: 'campaign', subjectId: String(sent.campaignId) })) === 2,
          MAIL_WAIT_MS,
          'the presale messages queued',
        );
        const signup = await data().getRepository(EmailSignup).findOneByOrFail({ email: leaving });
        await request(s.t.server)
          .post(`/api/newsletter/unsubscribe?token=${signup.token}`)
          .type('form')
          .send('List-Unsubscribe=One-Click')
          .expect(200);
        smtp.refuse = null;
        await eventually(
          async () =>
            (await agent.get(`/api/admin/campaigns/${sent.campaignId}`).expect(200)).body.status ===
            'sent',
          20_000,
          'the presale campaign',
        );
        expect(
          (await agent.get(`/api/admin/campaigns/${sent.campaignId}`).expect(200)).body,
        ).toMatchObject({ recipients: 2, sent: 2 });
        const codes = smtp.received.filter((m) => m.parsed.text?.includes('BLUEBIRD-5'));
        expect(codes.flatMap((m) => m.rcptTo).sort()).toEqual([leaving, staying].sort());
      } finally {
        smtp.refuse = null;
      }
    });

    it('refuses an unknown show or an ill-formed code with a sentence, and sends nothing', async () => {
      const agent = await admin();
      const show = (await agent.post('/api/admin/shows').send(showInput()).expect(201)).body as {
        id: number;
      };
      const cases: [string, object, number, string][] = [
        ['/api/admin/shows/424242/presale', { code: 'A1' }, 404, 'Show not found.'],
        [`/api/admin/shows/${show.id}/presale`, {}, 400, 'Please enter the presale code.'],
        [
          `/api/admin/shows/${show.id}/presale`,
          { code: 'two words' },
          400,
          'A presale code is letters, digits, dashes and underscores only.',
        ],
      ];
      for (const [path, body, status, message] of cases) {
        const res = await agent.post(path).send(body).expect(status);
        expect(JSON.stringify(res.body)).toContain(message);
      }
      await request(s.t.server)
        .post(`/api/admin/shows/${show.id}/presale`)
        .set('Origin', s.t.config.publicUrl)
        .send({ code: 'A1' })
        .expect(401);
      expect(await data().getRepository(ShowPresaleRecord).count()).toBe(0);
    });
  });

  describe('personal data', () => {
    it('exports a fan’s membership, and erasing her cancels it at Stripe first', async () => {
      const tier = await createTier();
      const email = freshEmail();
      const { session, subscriptionId } = await joinAndPay(tier, email);
      await deliver(eventPayload('checkout.session.completed', session));
      await deliver(eventPayload('invoice.paid', s.stripe.invoice(subscriptionId, 'paid')));
      const agent = await admin();
      const fan = (await agent.get(`/api/admin/fans?search=${email}`).expect(200)).body.rows[0];
      const exported = await agent.get(`/api/admin/fans/${fan.id}/export`).expect(200);
      expect(exported.body.memberships).toEqual([
        expect.objectContaining({ email, subscriptionId, status: 'active' }),
      ]);

      const erased = await agent.delete(`/api/admin/fans/${fan.id}`).expect(200);
      expect(erased.body.membershipsDeleted).toBe(1);
      expect(s.stripe.cancels().map((r) => r.path)).toEqual([
        `/v1/subscriptions/${subscriptionId}`,
      ]);
      expect(s.stripe.subscription(subscriptionId).status).toBe('canceled');
      expect(await memberships()).toEqual([]);
      // The income stays for the books, naming no one.
      expect(await data().getRepository(MembershipPayment).count()).toBe(1);
    });

    it('keeps everything when Stripe cannot cancel the subscription', async () => {
      const tier = await createTier();
      const email = freshEmail();
      const { session } = await joinAndPay(tier, email);
      await deliver(eventPayload('checkout.session.completed', session));
      const agent = await admin();
      const fan = (await agent.get(`/api/admin/fans?search=${email}`).expect(200)).body.rows[0];
      s.stripe.down = true;
      const res = await agent.delete(`/api/admin/fans/${fan.id}`).expect(502);
      expect(res.body.message).toMatch(/nothing was erased/);
      s.stripe.down = false;
      expect(await memberships()).toHaveLength(1);
    });
  });
});
