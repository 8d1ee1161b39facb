import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the SDK sent, with its form body parsed into nested objects and arrays. */
export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

export interface Buyer {
  email: string;
  name: string;
  /** Stripe's `customer_details.phone`, when its checkout collected one. */
  phone?: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string | null;
    postal_code: string;
    country: string;
  };
}

export const SAMPLE_BUYER: Buyer = {
  email: 'june@example.com',
  name: 'June Carter',
  address: {
    line1: '1 Music Row',
    line2: 'Suite 5',
    city: 'Nashville',
    state: 'TN',
    postal_code: '37203',
    country: 'US',
  },
};

type Session = Record<string, unknown> & {
  id: string;
  [RATES]?: StandInRate[];
  [ALLOWED]?: string[];
  [LINES]?: unknown[];
  [SUBSCRIPTION_METADATA]?: Record<string, string>;
};

/** A subscription as Stripe's API gives it (the period on its item, as since 2025). */
export type StandInSubscription = Record<string, unknown> & {
  id: string;
  status: string;
  customer: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  items: {
    object: 'list';
    data: {
      id: string;
      current_period_start: number;
      current_period_end: number;
      price: { unit_amount: number; currency: 'usd'; recurring: { interval: string } };
    }[];
  };
};

const PERIOD_SECONDS: Record<string, number> = { month: 30 * 86400, year: 365 * 86400 };

/**
 * A loopback stand-in of the part of Stripe's REST API that the site uses: create and retrieve
 * Checkout Sessions (in payment and subscription mode), create Refunds, cancel Subscriptions and
 * open billing portal sessions. It records what the SDK sent, honours idempotency keys
 * as Stripe does, and can be told to fail. `pay` plays the buyer finishing the hosted checkout.
 */
export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, Session>();
  /** Coupons made with `POST /v1/coupons`, by id. */
  readonly coupons = new Map<
    string,
    Record<string, unknown> & { id: string; amount_off: number }
  >();
  /**
   * The sales tax rate Stripe Tax applies at `pay` to a session created with
   * `automatic_tax[enabled]=true` (items after discount, and shipping; rounded to the cent).
   */
  taxRate = 0.0825;
  /** While true every call is answered 500, as when Stripe has an outage. */
  down = false;
  /** Cents refunded so far per payment intent (the charge's cumulative `amount_refunded`). */
  readonly refunded = new Map<string, number>();
  /**
   * Runs after a refund is made and before it is answered, given the charge as it then stands:
   * a test delivers `charge.refunded` here to have the webhook arrive before the answer.
   */
  beforeRefundAnswer: ((charge: Record<string, unknown>) => Promise<void>) | null = null;
  /**
   * Runs after a checkout session is made and before it is answered: a test holds the answer
   * here to have a second request arrive while the first waits on Stripe.
   */
  beforeSessionAnswer: (() => Promise<void>) | null = null;
  /** Subscriptions made by `paySubscription`, by id. */
  readonly subscriptions = new Map<string, StandInSubscription>();
  private readonly byIdempotencyKey = new Map<string, Session>();
  private readonly refundsByIdempotencyKey = new Map<string, Record<string, unknown>>();
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** Requests that created a session. */
  creates(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
  }

  /** Requests that read a session (the SDK's `checkout.sessions.retrieve`). */
  retrieves(): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === 'GET' && r.path.startsWith('/v1/checkout/sessions/'),
    );
  }

  /** Requests that cancelled a subscription (`DELETE /v1/subscriptions/:id`). */
  cancels(): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === 'DELETE' && r.path.startsWith('/v1/subscriptions/'),
    );
  }

  /** Requests that opened a billing portal session. */
  portalRequests(): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/billing_portal/sessions',
    );
  }

  /**
   * The fan pays a checkout session in subscription mode: Stripe makes the customer and the
   * subscription (with `subscription_data[metadata]`), and the session completes, paid.
   */
  paySubscription(id: string, email = SAMPLE_BUYER.email): Session {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No stand-in session ${id}`);
    if (session.mode !== 'subscription') throw new Error(`${id} is not in subscription mode`);
    const line = (session[LINES] ?? [])[0] as
      { price_data: { unit_amount: string; recurring: { interval: string } } } | undefined;
    if (!line) throw new Error(`${id} has no line`);
    const interval = line.price_data.recurring.interval;
    const now = Math.floor(Date.now() / 1000);
    const subscription: StandInSubscription = {
      id: `sub_${randomBytes(12).toString('hex')}`,
      object: 'subscription',
      status: 'active',
      customer: `cus_${randomBytes(8).toString('hex')}`,
      metadata: { ...(session[SUBSCRIPTION_METADATA] ?? {}) },
      cancel_at_period_end: false,
      ended_at: null,
      livemode: false,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${randomBytes(8).toString('hex')}`,
            current_period_start: now,
            current_period_end: now + PERIOD_SECONDS[interval],
            price: {
              unit_amount: Number(line.price_data.unit_amount),
              currency: 'usd',
              recurring: { interval },
            },
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      customer: subscription.customer,
      customer_details: {
        email,
        name: null,
        address: null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    });
    return structuredClone(session);
  }

  /** The subscription as it now stands, after `changes`: what `customer.subscription.*` carry. */
  subscription(id: string, changes: Record<string, unknown> = {}): StandInSubscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`No stand-in subscription ${id}`);
    Object.assign(subscription, changes);
    return structuredClone(subscription);
  }

  /**
   * An invoice of the subscription for its price, paid or declined, as `invoice.paid` and
   * `invoice.payment_failed` carry it (the subscription under `parent`, as since 2025). The same
   * `invoiceId` gives the same invoice again (Stripe's retries of one renewal).
   */
  invoice(
    subscriptionId: string,
    outcome: 'paid' | 'failed',
    invoiceId = `in_${randomBytes(12).toString('hex')}`,
  ): Record<string, unknown> {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No stand-in subscription ${subscriptionId}`);
    const amount = subscription.items.data[0].price.unit_amount;
    const session = [...this.sessions.values()].find((s) => s.subscription === subscriptionId);
    const now = Math.floor(Date.now() / 1000);
    return {
      id: invoiceId,
      object: 'invoice',
      customer: subscription.customer,
      customer_email:
        (session?.customer_details as { email?: string } | null)?.email ?? SAMPLE_BUYER.email,
      amount_due: amount,
      amount_paid: outcome === 'paid' ? amount : 0,
      currency: 'usd',
      status: outcome === 'paid' ? 'paid' : 'open',
      billing_reason: 'subscription_cycle',
      attempt_count: 1,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId, metadata: subscription.metadata },
      },
      status_transitions: { paid_at: outcome === 'paid' ? now : null },
      livemode: false,
    };
  }

  /** Requests that created a refund. */
  refundRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
  }

  /**
   * The buyer pays: the session completes, paid (or still processing for async methods), at the
   * shipping option of index `shippingOption` (Stripe's default, the first, when not given).
   */
  pay(
    id: string,
    buyer: Buyer = SAMPLE_BUYER,
    paymentStatus: 'paid' | 'unpaid' = 'paid',
    shippingOption = 0,
  ): Session {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No stand-in session ${id}`);
    const rates = session[RATES] ?? [];
    const rate = rates[shippingOption];
    if (rates.length && !rate) throw new Error(`No shipping option ${shippingOption} on ${id}`);
    const allowed = session[ALLOWED];
    if (allowed && !allowed.includes(buyer.address.country)) {
      throw new Error(`Stripe would not take an address in ${buyer.address.country} for ${id}`);
    }
    const shipping = rate?.fixed_amount.amount ?? 0;
    const totals = session.total_details as Record<string, number>;
    const taxed = (session.automatic_tax as { enabled: boolean } | null)?.enabled === true;
    const beforeTax = (session.amount_subtotal as number) - totals.amount_discount + shipping;
    const tax = taxed ? Math.round(beforeTax * this.taxRate) : 0;
    Object.assign(session, {
      amount_total: beforeTax + tax,
      shipping_cost: rate
        ? {
            amount_subtotal: shipping,
            amount_tax: 0,
            amount_total: shipping,
            shipping_rate: rate.id,
          }
        : null,
      total_details: { ...totals, amount_shipping: shipping, amount_tax: tax },
      status: 'complete',
      payment_status: paymentStatus,
      payment_intent: session.payment_intent ?? `pi_${randomBytes(12).toString('hex')}`,
      customer_details: {
        email: buyer.email,
        name: buyer.name,
        address: buyer.address,
        phone: buyer.phone ?? null,
        tax_exempt: 'none',
        tax_ids: [],
      },
      collected_information: {
        shipping_details: { name: buyer.name, address: buyer.address },
      },
    });
    return structuredClone(session);
  }

  /**
   * The session's charge after `refunded` cents have been refunded in all (Stripe's
   * `amount_refunded` is cumulative), as `charge.refunded` carries it.
   */
  charge(id: string, refunded = 0): Record<string, unknown> {
    const session = this.sessions.get(id)!;
    const amount = session.amount_total as number;
    return {
      id: `ch_${(session.payment_intent as string).slice(3)}`,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: refunded,
      refunded: refunded >= amount,
      currency: 'usd',
      livemode: false,
      payment_intent: session.payment_intent,
      status: 'succeeded',
    };
  }

  /** A dispute (chargeback) on the session's charge, as `charge.dispute.created` carries it. */
  dispute(id: string): Record<string, unknown> {
    const session = this.sessions.get(id)!;
    return {
      id: `dp_${randomBytes(12).toString('hex')}`,
      object: 'dispute',
      amount: session.amount_total,
      charge: `ch_${(session.payment_intent as string).slice(3)}`,
      currency: 'usd',
      livemode: false,
      payment_intent: session.payment_intent,
      reason: 'fraudulent',
      status: 'needs_response',
    };
  }

  /**
   * The session expires unpaid, as Stripe's `checkout.session.expired` carries it: with the
   * buyer's address and promotional consent (`consent.promotions`: 'opt_in' when `consent`) when
   * they typed them before leaving, and the recovery link when the session enabled recovery.
   */
  expire(id: string, buyer: { email: string | null; consent: boolean }): Session {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`No stand-in session ${id}`);
    const recovery = (session.after_expiration as { recovery: { enabled: boolean } } | null)
      ?.recovery;
    Object.assign(session, {
      status: 'expired',
      customer_details: buyer.email
        ? {
            email: buyer.email,
            name: null,
            address: null,
            phone: null,
            tax_exempt: 'none',
            tax_ids: [],
          }
        : null,
      consent: { promotions: buyer.consent ? 'opt_in' : 'opt_out', terms_of_service: null },
      after_expiration: recovery?.enabled
        ? {
            recovery: {
              allow_promotion_codes: false,
              enabled: true,
              expires_at: Math.floor(Date.now() / 1000) + 30 * 24 * 3600,
              url: `https://buy.stripe.test/r/${id}`,
            },
          }
        : session.after_expiration,
    });
    return structuredClone(session);
  }

  /**
   * The buyer follows an expired session's recovery link: Stripe opens a new session with the
   * same cart, naming the expired one in `recovered_from`.
   */
  recover(id: string): string {
    const expired = this.sessions.get(id);
    if (!expired) throw new Error(`No stand-in session ${id}`);
    const recovery = (expired.after_expiration as { recovery?: { url?: string } } | null)?.recovery;
    if (!recovery?.url) throw new Error(`${id} has no recovery link`);
    const newId = `cs_test_${randomBytes(12).toString('hex')}`;
    const session: Session = {
      ...structuredClone(expired),
      [RATES]: expired[RATES],
      [ALLOWED]: expired[ALLOWED],
      id: newId,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      customer_details: null,
      consent: null,
      after_expiration: null,
      recovered_from: id,
      url: `https://checkout.stripe.test/c/pay/${newId}`,
    };
    this.sessions.set(newId, session);
    return newId;
  }

  /** An asynchronous payment (e.g. a bank debit) clears later. */
  settle(id: string): Session {
    const session = this.sessions.get(id)!;
    session.payment_status = 'paid';
    return structuredClone(session);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey });
    if (this.down) {
      return send(res, 500, {
        error: { type: 'api_error', message: 'The stand-in is down.' },
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      // As Stripe: expires_at, when sent, is 30 minutes to 24 hours from now.
      if (body.expires_at !== undefined) {
        const left = Number(body.expires_at) - Math.floor(Date.now() / 1000);
        if (!Number.isInteger(Number(body.expires_at)) || left < 30 * 60 - 5 || left > 24 * 3600) {
          return send(res, 400, {
            error: {
              type: 'invalid_request_error',
              param: 'expires_at',
              message: 'expires_at must be between 30 minutes and 24 hours from now.',
            },
          });
        }
      }
      const earlier = idempotencyKey ? this.byIdempotencyKey.get(idempotencyKey) : undefined;
      if (earlier) return send(res, 200, earlier);
      const session = newSession(body, this.coupons);
      this.sessions.set(session.id, session);
      if (idempotencyKey) this.byIdempotencyKey.set(idempotencyKey, session);
      if (this.beforeSessionAnswer) await this.beforeSessionAnswer();
      return send(res, 200, session);
    }
    const subscriptionPath = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && subscriptionPath) {
      const subscription = this.subscriptions.get(subscriptionPath[1]);
      if (!subscription) {
        return send(res, 404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such subscription: '${subscriptionPath[1]}'`,
          },
        });
      }
      Object.assign(subscription, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
      return send(res, 200, subscription);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (typeof body.customer !== 'string' || !body.customer) {
        return send(res, 400, {
          error: { type: 'invalid_request_error', param: 'customer', message: 'Missing customer' },
        });
      }
      const portalId = `bps_${randomBytes(12).toString('hex')}`;
      return send(res, 200, {
        id: portalId,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${portalId}`,
        livemode: false,
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      return this.createRefund(res, body, idempotencyKey);
    }
    if (req.method === 'POST' && url.pathname === '/v1/coupons') {
      const earlier = idempotencyKey ? this.byIdempotencyKey.get(idempotencyKey) : undefined;
      if (earlier) return send(res, 200, earlier);
      const coupon = {
        id: `coupon_${randomBytes(8).toString('hex')}`,
        object: 'coupon',
        amount_off: Number(body.amount_off),
        currency: body.currency,
        duration: body.duration,
        max_redemptions: body.max_redemptions === undefined ? null : Number(body.max_redemptions),
        name: body.name,
        valid: true,
      };
      this.coupons.set(coupon.id, coupon);
      if (idempotencyKey) this.byIdempotencyKey.set(idempotencyKey, coupon);
      return send(res, 200, coupon);
    }
    const match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const session = this.sessions.get(match[1]);
      if (session) return send(res, 200, expanded(session, body.expand));
      return send(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `No such checkout.session: '${match[1]}'`,
        },
      });
    }
    send(res, 404, {
      error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
    });
  }

  /** As Stripe: the whole unrefunded amount when none is given; never more than is left. */
  private async createRefund(
    res: ServerResponse,
    body: Record<string, unknown>,
    idempotencyKey: string | undefined,
  ) {
    const earlier = idempotencyKey ? this.refundsByIdempotencyKey.get(idempotencyKey) : undefined;
    if (earlier) return send(res, 200, earlier);
    const intent = body.payment_intent as string | undefined;
    const session = [...this.sessions.values()].find((s) => s.payment_intent === intent);
    if (!intent || !session) {
      return send(res, 400, {
        error: {
          type: 'invalid_request_error',
          param: 'payment_intent',
          message: `No such payment_intent: '${intent}'`,
        },
      });
    }
    const total = session.amount_total as number;
    const before = this.refunded.get(intent) ?? 0;
    const amount = body.amount === undefined ? total - before : Number(body.amount);
    if (before >= total) {
      return send(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge ch_${intent.slice(3)} has already been refunded.`,
        },
      });
    }
    if (!Number.isInteger(amount) || amount < 1 || amount > total - before) {
      return send(res, 400, {
        error: {
          type: 'invalid_request_error',
          param: 'amount',
          message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((total - before) / 100).toFixed(2)})`,
        },
      });
    }
    this.refunded.set(intent, before + amount);
    const charge = this.charge(session.id, before + amount);
    const expand = (body.expand ?? []) as string[];
    const refund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: 'usd',
      charge: expand.includes('charge') ? charge : charge.id,
      payment_intent: intent,
      status: 'succeeded',
    };
    if (idempotencyKey) this.refundsByIdempotencyKey.set(idempotencyKey, refund);
    if (this.beforeRefundAnswer) await this.beforeRefundAnswer(charge);
    send(res, 200, refund);
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_standin' });
  res.end(JSON.stringify(body));
}

type LineItemParam = { quantity: string; price_data: { unit_amount: string } };
type ShippingParam = {
  shipping_rate_data: { display_name: string; fixed_amount: { amount: string } };
};

/** A shipping rate as Stripe makes one from `shipping_rate_data`. */
interface StandInRate {
  id: string;
  object: 'shipping_rate';
  display_name: string;
  fixed_amount: { amount: number; currency: 'usd' };
}

/** Kept on a session out of its JSON: the rates it offers and the countries it ships to. */
const RATES = Symbol('rates');
const ALLOWED = Symbol('allowed countries');
/** Kept on a session out of its JSON: its lines as sent, and its subscription's metadata. */
const LINES = Symbol('lines');
const SUBSCRIPTION_METADATA = Symbol('subscription metadata');

/** A session as sent, with `shipping_cost.shipping_rate` expanded when asked. */
function expanded(session: Session, expand: unknown): Session {
  const paths = Array.isArray(expand) ? expand : [];
  const cost = session.shipping_cost as { shipping_rate: string } | null;
  if (!paths.includes('shipping_cost.shipping_rate') || !cost) return session;
  const rate = (session[RATES] ?? []).find((r) => r.id === cost.shipping_rate);
  return { ...session, shipping_cost: { ...cost, shipping_rate: rate } };
}

function newSession(
  params: Record<string, unknown>,
  coupons: Map<string, { amount_off: number }>,
): Session {
  const id = `cs_test_${randomBytes(12).toString('hex')}`;
  const lines = (params.line_items ?? []) as LineItemParam[];
  const subtotal = lines.reduce(
    (sum, line) => sum + Number(line.price_data.unit_amount) * Number(line.quantity),
    0,
  );
  const rates: StandInRate[] = ((params.shipping_options ?? []) as ShippingParam[]).map(
    (option) => ({
      id: `shr_${randomBytes(12).toString('hex')}`,
      object: 'shipping_rate',
      display_name: option.shipping_rate_data.display_name,
      fixed_amount: {
        amount: Number(option.shipping_rate_data.fixed_amount.amount),
        currency: 'usd',
      },
    }),
  );
  const discounts = (params.discounts ?? []) as { coupon: string }[];
  const discount = discounts.reduce(
    (sum, { coupon }) => sum + (coupons.get(coupon)?.amount_off ?? 0),
    0,
  );
  // Stripe shows the first option chosen until the buyer picks another.
  const shipping = rates[0]?.fixed_amount.amount ?? 0;
  const collection = params.shipping_address_collection as
    { allowed_countries?: string[] } | undefined;
  return {
    [RATES]: rates,
    [ALLOWED]: collection?.allowed_countries,
    [LINES]: lines,
    [SUBSCRIPTION_METADATA]: (params.subscription_data as { metadata?: Record<string, string> })
      ?.metadata,
    id,
    object: 'checkout.session',
    mode: params.mode,
    metadata: params.metadata ?? {},
    subscription: null,
    customer: null,
    currency: params.currency,
    status: 'open',
    payment_status: 'unpaid',
    amount_subtotal: subtotal,
    amount_total: subtotal - discount + shipping,
    shipping_cost: rates[0]
      ? {
          amount_subtotal: shipping,
          amount_tax: 0,
          amount_total: shipping,
          shipping_rate: rates[0].id,
        }
      : null,
    total_details: { amount_discount: discount, amount_shipping: shipping, amount_tax: 0 },
    customer_email: params.customer_email ?? null,
    consent_collection: params.consent_collection ?? null,
    automatic_tax: {
      enabled: (params.automatic_tax as { enabled?: string } | undefined)?.enabled === 'true',
      status: null,
    },
    consent: null,
    after_expiration: params.after_expiration
      ? {
          recovery: {
            enabled:
              (params.after_expiration as { recovery?: { enabled?: string } }).recovery?.enabled ===
              'true',
            allow_promotion_codes: false,
            expires_at: null,
            url: null,
          },
        }
      : null,
    recovered_from: null,
    expires_at: params.expires_at === undefined ? null : Number(params.expires_at),
    success_url: params.success_url,
    cancel_url: params.cancel_url,
    url: `https://checkout.stripe.test/c/pay/${id}`,
    customer_details: null,
    collected_information: null,
    payment_intent: null,
    livemode: false,
  };
}

/** `a[b][0][c]=1` form keys (what the SDK sends) into nested objects and arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return arrayify(root) as Record<string, unknown>;
}

function arrayify(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [k, arrayify(v)] as const,
  );
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}
