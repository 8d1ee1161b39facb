import { DataSource } from 'typeorm';
import type { Fan, FanExport, ListPage, Order as OrderView, SalesReport } from '@artist/contracts';
import { CheckoutReminder } from '../src/modules/checkout/checkout-reminder.entity.js';
import {
  CheckoutRemindersService,
  reminderQuotaName,
} from '../src/modules/checkout/checkout-reminders.service.js';
import { MailQuota } from '../src/modules/email/mail-quota.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { loggedIn } from './utils/admin.js';
import { lineItemsOf, shirt, stripeAppOfSuite, sessionOf } from './utils/checkout.js';
import { oneDatabase, testDatabases } from './utils/databases.js';
import { SAMPLE_BUYER } from './utils/stripe-stand-in.js';

let buyers = 0;
/** An address of its own for each test, so no test sees another's weekly count. */
const freshEmail = () => `leaver${++buyers}.${Date.now()}@example.com`;

describe.each(testDatabases())('abandoned-checkout reminders on $name', (db) => {
  // The default delay: a reminder waits an hour after the checkout expires.
  const s = stripeAppOfSuite(db, { CHECKOUT_RATE_LIMIT: '1000' });

  beforeEach(() => s.reset());

  const reminders = () => s.t.app.get(DataSource).getRepository(CheckoutReminder);
  const reminderEmails = (to: string) =>
    s.t.app
      .get(DataSource)
      .getRepository(OutboxEmail)
      .findBy({ kind: 'checkout-reminder', toAddress: to });

  /** Opens a checkout of `items`; answers its session id. */
  async function open(items = [shirt('M', 2)]): Promise<string> {
    return sessionOf(await s.createCheckout({ items }).expect(200));
  }

  /** Stripe expires the session and tells the webhook. */
  async function expire(id: string, email: string | null, consent: boolean) {
    await s
      .deliver('checkout.session.expired', s.stripe.expire(id, { email, consent }))
      .expect(200);
  }

  /** The hour passes: every waiting reminder is due, and the sweep runs. */
  async function hourLater(): Promise<number> {
    await reminders()
      .createQueryBuilder()
      .update()
      .set({ dueAt: Date.now() - 1 })
      .where('state = :state', { state: 'waiting' })
      .execute();
    return s.t.app.get(CheckoutRemindersService).sendDue();
  }

  it('asks Stripe for promotional consent and a recovery link on every checkout', async () => {
    await open();
    const [create] = s.stripe.creates();
    expect(create.body.consent_collection).toEqual({ promotions: 'auto' });
    expect(create.body.after_expiration).toEqual({ recovery: { enabled: 'true' } });
  });

  it('sends one reminder an hour after expiry, only to a buyer who agreed and left an address', async () => {
    const agreed = freshEmail();
    const refused = freshEmail();
    const withConsent = await open([shirt('L', 1), shirt('S', 2)]);
    const withoutConsent = await open();
    const noAddress = await open();
    await expire(withConsent, agreed.toUpperCase(), true);
    await expire(withoutConsent, refused, false);
    await expire(noAddress, null, true);
    // Stripe delivers the event again.
    await s
      .deliver(
        'checkout.session.expired',
        s.stripe.expire(withConsent, { email: agreed, consent: true }),
      )
      .expect(200);

    const [waiting] = await reminders().findBy({ sessionId: withConsent });
    expect(waiting).toMatchObject({ email: agreed, state: 'waiting' });
    expect(waiting.dueAt).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(await reminders().countBy({ sessionId: withoutConsent })).toBe(0);
    expect(await reminders().countBy({ sessionId: noAddress })).toBe(0);
    expect(await reminderEmails(agreed)).toHaveLength(0);

    expect(await hourLater()).toBe(1);
    const [email] = await reminderEmails(agreed);
    expect(email.subject).toBe('You left something in your cart');
    expect(email.text).toContain(`https://buy.stripe.test/r/${withConsent}`);
    expect(email.text).toContain('1 x Wren Calloway T-Shirt - L');
    expect(email.text).toContain('2 x Wren Calloway T-Shirt - S');
    expect(email.mjml).toContain(`href="https://buy.stripe.test/r/${withConsent}"`);
    expect(await reminderEmails(refused)).toHaveLength(0);
    expect(await hourLater()).toBe(0);
    expect(await reminderEmails(agreed)).toHaveLength(1);
  });

  it('sends none when the same address has paid since the checkout was opened', async () => {
    const buyer = freshEmail();
    const left = await open();
    const paid = await open();
    await s
      .deliver('checkout.session.completed', s.stripe.pay(paid, { ...SAMPLE_BUYER, email: buyer }))
      .expect(200);
    await expire(left, buyer, true);
    expect(await hourLater()).toBe(0);
    expect(await reminderEmails(buyer)).toHaveLength(0);
    expect(await reminders().findOneBy({ sessionId: left })).toMatchObject({
      state: 'skipped',
      reason: 'paid since',
    });
  });

  it('sends one reminder per address in a week, even when two are due at the same moment', async () => {
    const buyer = freshEmail();
    const [first, second, third] = [await open(), await open(), await open()];
    await Promise.all([expire(first, buyer, true), expire(second, buyer, true)]);
    const service = s.t.app.get(CheckoutRemindersService);
    await reminders()
      .createQueryBuilder()
      .update()
      .set({ dueAt: Date.now() - 1 })
      .execute();
    // Two instances sweeping at once.
    const sent = await Promise.all([service.sendDue(), service.sendDue()]);
    expect(sent[0] + sent[1]).toBe(1);
    await expire(third, buyer, true);
    expect(await hourLater()).toBe(0);
    expect(await reminderEmails(buyer)).toHaveLength(1);
    expect(
      await reminders().countBy({
        email: buyer,
        state: 'skipped',
        reason: 'one this week already',
      }),
    ).toBe(2);
  });

  it('marks an order paid through the recovery link recovered, and the Sales view counts it', async () => {
    const buyer = freshEmail();
    const left = await open([shirt('XL', 2)]);
    await expire(left, buyer, true);
    const recoveredId = s.stripe.recover(left);
    await s
      .deliver(
        'checkout.session.completed',
        s.stripe.pay(recoveredId, { ...SAMPLE_BUYER, email: buyer }),
      )
      .expect(200);
    // A plain order beside it.
    const plain = await open([shirt('S', 1)]);
    await s.deliver('checkout.session.completed', s.stripe.pay(plain)).expect(200);

    const [recovered, other] = await s.orders();
    expect(recovered).toMatchObject({
      stripeSessionId: recoveredId,
      recovered: true,
      email: buyer,
    });
    expect(lineItemsOf(recovered)).toEqual([
      { product_name: 'Wren Calloway T-Shirt - XL', quantity: 2, price: 2500 },
    ]);
    expect(other.recovered).toBe(false);
    // Paid since: the reminder is not sent.
    expect(await hourLater()).toBe(0);

    const admin = await loggedIn(s.t);
    const list = await admin.get('/api/admin/orders').expect(200);
    expect((list.body.rows as OrderView[]).find((o) => o.id === recovered.id)!.recovered).toBe(
      true,
    );
    const year = new Date().getFullYear();
    const report = (
      await admin.get(`/api/admin/sales?from=${year - 1}-01-01&to=${year + 1}-12-31`).expect(200)
    ).body as SalesReport;
    expect(report.totals).toMatchObject({
      recoveredCents: recovered.total,
      recoveredOrders: 1,
      netCents: recovered.total + other.total,
    });
  });

  it("reaches the reminder and its weekly count through the fan's export and erasure", async () => {
    const buyer = freshEmail();
    const left = await open();
    await expire(left, buyer, true);
    await hourLater();
    // The fan exists once they have an order.
    const paid = await open([shirt('S', 1)]);
    await s
      .deliver('checkout.session.completed', s.stripe.pay(paid, { ...SAMPLE_BUYER, email: buyer }))
      .expect(200);
    const admin = await loggedIn(s.t);
    const page = (await admin.get('/api/admin/fans').query({ search: buyer }).expect(200))
      .body as ListPage<Fan, string>;
    const fan = page.rows.find((row) => row.email === buyer)!;
    const exported = (await admin.get(`/api/admin/fans/${fan.id}/export`).expect(200))
      .body as FanExport;
    expect(exported.checkout_reminders).toEqual([
      expect.objectContaining({ sessionId: left, email: buyer, state: 'sent' }),
    ]);
    expect(exported.mail_quotas).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: reminderQuotaName(buyer) })]),
    );
    await admin.delete(`/api/admin/fans/${fan.id}`).expect(200);
    expect(await reminders().countBy({ email: buyer })).toBe(0);
    const quotas = s.t.app.get(DataSource).getRepository(MailQuota);
    expect(await quotas.countBy({ name: reminderQuotaName(buyer) })).toBe(0);
    expect(await reminderEmails(buyer)).toHaveLength(0);
  });
});

describe.each(oneDatabase())('checkout reminders sent at once on $name', (db) => {
  const s = stripeAppOfSuite(db, {
    CHECKOUT_RATE_LIMIT: '1000',
    CHECKOUT_REMINDER_DELAY_MINUTES: '0',
  });

  it('queues the reminder with the expiry when CHECKOUT_REMINDER_DELAY_MINUTES is 0', async () => {
    const buyer = freshEmail();
    const id = sessionOf(await s.createCheckout({ items: [shirt('M', 1)] }).expect(200));
    await s
      .deliver('checkout.session.expired', s.stripe.expire(id, { email: buyer, consent: true }))
      .expect(200);
    const emails = s.t.app.get(DataSource).getRepository(OutboxEmail);
    expect(await emails.countBy({ kind: 'checkout-reminder', toAddress: buyer })).toBe(1);
  });
});
