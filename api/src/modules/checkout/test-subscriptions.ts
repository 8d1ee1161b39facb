import { createHash, randomBytes } from 'node:crypto';
import type { BillingEvent } from '../../common/billing-events.js';
import { escapeHtml } from '../../common/strings.js';
import { dollars } from '../../common/order-format.js';
import { htmlDocument } from '../../common/html-page.js';
import type { NewSubscriptionSession } from './payment-provider.js';

/** Where the test provider's subscription checkout and billing portal pages live. */
export const TEST_MEMBERSHIP_PATH = '/api/checkout/test-membership';
export const TEST_PORTAL_PATH = '/api/checkout/test-portal';

/** What the test provider's subscription checkout carries: the session, in its address. */
export type TestSubscriptionSession = Omit<NewSubscriptionSession, 'idempotencyKey'>;

/**
 * A subscription checkout of the test provider, as the token of its page's address. The test
 * provider keeps no records (nothing is charged), so the session travels in its address; one
 * made up elsewhere can only make a membership nobody paid for, as its orders are.
 */
export function testSubscriptionToken(session: TestSubscriptionSession): string {
  return Buffer.from(JSON.stringify(session)).toString('base64url');
}

/** The session of a token, or null for one this provider did not make. */
export function testSubscriptionOf(token: string): TestSubscriptionSession | null {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const metadata = value.metadata as Record<string, unknown> | null;
    const ok =
      typeof value.name === 'string' &&
      Number.isInteger(value.amountCents) &&
      (value.interval === 'month' || value.interval === 'year') &&
      typeof value.email === 'string' &&
      typeof metadata === 'object' &&
      metadata !== null &&
      Object.values(metadata).every((v) => typeof v === 'string') &&
      typeof value.successUrl === 'string' &&
      typeof value.cancelUrl === 'string';
    return ok ? (value as unknown as TestSubscriptionSession) : null;
  } catch {
    return null;
  }
}

/**
 * The ids of what paying a session makes: one subscription and its customer per session (the
 * session's digest), so paying the same page twice makes nothing new.
 */
export function testSubscriptionIds(token: string) {
  const key = createHash('sha256').update(token).digest('hex').slice(0, 24);
  return {
    sessionId: `cs_test_local_sub_${key}`,
    subscriptionId: `sub_test_local_${key}`,
    customerId: `cus_test_local_${key}`,
    invoiceId: `in_test_local_${key}`,
  };
}

/** The subscription of a customer the test provider made (one each). */
export function testSubscriptionOfCustomer(customerId: string): string | null {
  const key = /^cus_test_local_([0-9a-f]{24})$/.exec(customerId)?.[1];
  return key ? `sub_test_local_${key}` : null;
}

const PERIOD_SECONDS = { month: 30 * 86_400, year: 365 * 86_400 } as const;

/**
 * The events Stripe sends when a subscription checkout is paid: the checkout completed (in
 * subscription mode), the subscription made (its period), and its first invoice paid. Their
 * ids follow from the session, so a second payment of the page is the same events again.
 */
export function paidSubscriptionEvents(token: string, nowSeconds: number): BillingEvent[] {
  const session = testSubscriptionOf(token)!;
  const ids = testSubscriptionIds(token);
  const key = ids.subscriptionId.slice('sub_test_local_'.length);
  const tierId = Number(session.metadata.tierId) || null;
  const head = (type: string, name: string) => ({
    id: `evt_test_local_${key}_${name}`,
    type,
    created: nowSeconds,
  });
  return [
    {
      ...head('checkout.session.completed', 'completed'),
      checkout: {
        id: ids.sessionId,
        subscriptionId: ids.subscriptionId,
        customerId: ids.customerId,
        email: session.email,
        tierId,
        interval: session.interval,
        amountTotal: session.amountCents,
      },
    },
    {
      ...head('customer.subscription.created', 'created'),
      subscription: {
        id: ids.subscriptionId,
        customerId: ids.customerId,
        status: 'active',
        currentPeriodEnd: nowSeconds + PERIOD_SECONDS[session.interval],
        cancelAtPeriodEnd: false,
        amountCents: session.amountCents,
        interval: session.interval,
        tierId,
        endedAt: null,
      },
    },
    {
      ...head('invoice.paid', 'paid'),
      invoice: {
        id: ids.invoiceId,
        subscriptionId: ids.subscriptionId,
        customerId: ids.customerId,
        email: session.email,
        amountPaid: session.amountCents,
        amountDue: session.amountCents,
        paidAt: nowSeconds,
      },
    },
  ];
}

/** What Stripe sends when the portal cancels a subscription at the end of its period. */
export function cancelAtPeriodEndEvent(subscriptionId: string, nowSeconds: number): BillingEvent {
  return {
    id: `evt_test_local_${randomBytes(12).toString('hex')}`,
    type: 'customer.subscription.updated',
    created: nowSeconds,
    subscription: {
      id: subscriptionId,
      customerId: null,
      status: 'active',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: true,
      amountCents: null,
      interval: null,
      tierId: null,
      endedAt: null,
    },
  };
}

const STYLE = `  body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; color: #1f1f1f; }
  .banner { background: #fff4d6; border: 2px dashed #a06000; padding: .75rem 1rem; border-radius: 6px; }
  button { font: inherit; padding: .6rem 1.2rem; margin-top: .75rem; border-radius: 6px; border: 1px solid #444; cursor: pointer; }
  .pay { background: #0b5d1e; color: #fff; border-color: #0b5d1e; }
  .cancel { background: #fff; }
  a { color: #0b4a8a; }`;

/** The test provider's subscription checkout page: pay (no card) or cancel. */
export function renderTestSubscriptionPage(token: string, session: TestSubscriptionSession) {
  const per = session.interval === 'year' ? 'a year' : 'a month';
  const path = `${TEST_MEMBERSHIP_PATH}/${token}`;
  return htmlDocument(
    'Test membership checkout — no real payment',
    STYLE,
    `<main>
<h1>Test membership checkout — no real payment</h1>
<p class="banner">This is the site's built-in test payment provider. No card is asked for and nothing is charged; joining here makes a real membership, as Stripe's events would.</p>
<p><strong>${escapeHtml(session.name)}</strong>: $${dollars(session.amountCents)} ${per}, for ${escapeHtml(session.email)}.</p>
<form method="post" action="${escapeHtml(path)}/pay">
  <button type="submit" class="pay">Join for $${dollars(session.amountCents)} ${per} (test)</button>
</form>
<form method="post" action="${escapeHtml(path)}/cancel">
  <button type="submit" class="cancel">Cancel</button>
</form>
</main>`,
  );
}

/** The test provider's billing portal: cancel at the end of the period, or go back. */
export function renderTestPortalPage(customerId: string, back: string) {
  return htmlDocument(
    'Test billing portal',
    STYLE,
    `<main>
<h1>Test billing portal</h1>
<p class="banner">This is the site's built-in test payment provider: there is no card to change. Cancelling here ends the membership at the end of the period paid for, as Stripe's portal does.</p>
<form method="post" action="${escapeHtml(`${TEST_PORTAL_PATH}/${customerId}/cancel`)}">
  <button type="submit" class="cancel">Cancel membership at the end of the period</button>
</form>
<p><a href="${escapeHtml(back)}">Back to your account</a></p>
</main>`,
  );
}
