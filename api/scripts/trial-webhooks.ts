/**
 * Randomized trial of checkout fulfilment: many checkout sessions, each paid (or not) and then
 * told to the server through random mixes of duplicate, concurrent, out-of-order and replayed
 * webhook deliveries and success returns. At the end every paid session must have exactly one
 * order and every unpaid one none. Prints "lost N, duplicated N"; exits 1 unless both are 0.
 *
 *   npm run trial:webhooks -- --n 10000 [--seed 7] [--concurrency 8] [--mysql mysql://root@127.0.0.1:3306]
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory.js';
import { loadConfig, type AppConfig } from '../src/config/env.js';
import { CheckoutSession } from '../src/modules/checkout/checkout-session.entity.js';
import { OrderLine } from '../src/modules/orders/order-line.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { SAMPLE_BUYER, StripeStandIn } from '../test/utils/stripe-stand-in.js';
import { seededDraws } from './seeded-random.js';
import { trialDatabase } from './trial-database.js';
import { stripeEvent, stripeSettings, stripeSignature } from '../test/utils/stripe-webhooks.js';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '300' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    concurrency: { type: 'string', default: '8' },
    mysql: { type: 'string' },
    'log-level': { type: 'string', default: 'silent' },
  },
});
const sessionsWanted = Number(args.n);
const seed = Number(args.seed);
const concurrency = Number(args.concurrency);

const { random, between } = seededDraws(seed);
const chance = (p: number) => random() < p;
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

type Kind = 'paid' | 'async-paid' | 'async-failed' | 'abandoned';
type Outcome = { what: string; status: number; expected: number[] };
type Call = () => Promise<Outcome>;

const counts = {
  deliveries: 0,
  successReturns: 0,
  forged: 0,
  unexpected: 0,
  replays: 0,
  redeliveries: 0,
};
/** Unexpected answers by call and status, e.g. "webhook 500". */
const surprises = new Map<string, number>();
function tally(results: Outcome[]) {
  for (const r of results) {
    if (r.expected.includes(r.status)) continue;
    counts.unexpected++;
    const key = `${r.what} ${r.status}`;
    surprises.set(key, (surprises.get(key) ?? 0) + 1);
  }
}

async function main() {
  const started = Date.now();
  const stripe = new StripeStandIn();
  const apiUrl = await stripe.start();
  const database = await trialDatabase(args.mysql);
  const config: AppConfig = {
    ...loadConfig(
      {
        LOG_LEVEL: args['log-level'],
        ADMIN_PASSWORD: randomBytes(12).toString('hex'),
        ...stripeSettings(apiUrl),
        // Every checkout session and success return comes from this one address: lift the
        // per-address limits.
        CHECKOUT_RATE_LIMIT: '1000000',
        UPLOADS_DIR: database.uploadsDir,
        SESSION_STATUS_RATE_LIMIT: '1000000',
      },
      process.cwd(),
    ),
    database: database.config,
  };
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  // Stripe delivers a webhook again when the connection fails, after a pause; so does the trial,
  // up to three times. On a busy machine a kept-alive connection can be reset as it is reused,
  // which is such a failure. A server that stays down still fails the trial.
  /**
   * A request's status, sent again (up to 3 times) when the connection fails, as Stripe and a
   * browser do: on a busy machine a kept-alive connection can be closed by the server as the
   * next request goes out on it. `onRetry` counts the tries again.
   */
  const send = async (url: string, init: RequestInit = {}, onRetry = () => {}) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(`${base}${url}`, init);
        await res.arrayBuffer();
        return res.status;
      } catch (error) {
        if (attempt > 3) throw error;
        onRetry();
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      }
    }
  };
  const post = (url: string, body: string, headers: Record<string, string>) =>
    send(url, { method: 'POST', body, headers }, () => counts.redeliveries++);
  const deliverPayload = (payload: string, signature: string) => {
    counts.deliveries++;
    return post('/api/webhooks/stripe', payload, {
      'Content-Type': 'application/json',
      'Stripe-Signature': signature,
    });
  };
  const successReturn = (id: string) => {
    counts.successReturns++;
    return send(`/api/checkout/session-status?session_id=${id}`);
  };

  const kinds = new Map<string, Kind>();
  const lateReplays: Call[] = [];

  /** One buyer: check out, pay (or not), then every way the server may hear about it. */
  async function oneSession() {
    // Up to 3 sizes of up to 6: within a checkout's 10 of a size and 20 items in all.
    const quantity = between(1, 6);
    const items = shuffle(['S', 'M', 'L', 'XL', '2XL'])
      .slice(0, between(1, 3))
      .map((size) => ({ productId: 'tshirt', size, quantity }));
    const res = await fetch(`${base}/api/create-checkout-session`, {
      method: 'POST',
      body: JSON.stringify({ items }),
      headers: { 'Content-Type': 'application/json' },
    });
    if (res.status !== 200) throw new Error(`create-checkout-session answered ${res.status}`);
    const { url } = (await res.json()) as { url: string };
    const id = url.split('/').at(-1)!;
    const kind: Kind = pick(['paid', 'paid', 'paid', 'async-paid', 'async-failed', 'abandoned']);
    kinds.set(id, kind);

    const events: { type: string; object: Record<string, unknown> }[] = [];
    if (kind === 'paid') {
      events.push({ type: 'checkout.session.completed', object: stripe.pay(id) });
    } else if (kind === 'async-paid') {
      events.push({
        type: 'checkout.session.completed',
        object: stripe.pay(id, SAMPLE_BUYER, 'unpaid'),
      });
      events.push({ type: 'checkout.session.async_payment_succeeded', object: stripe.settle(id) });
    } else if (kind === 'async-failed') {
      const unpaid = stripe.pay(id, SAMPLE_BUYER, 'unpaid');
      events.push({ type: 'checkout.session.completed', object: unpaid });
      events.push({ type: 'checkout.session.async_payment_failed', object: unpaid });
    } else {
      const session = stripe.sessions.get(id)!;
      session.status = 'expired';
      events.push({ type: 'checkout.session.expired', object: structuredClone(session) });
    }
    if (chance(0.2)) events.push({ type: 'charge.succeeded', object: { id: `ch_${id}` } });

    const calls: Call[] = [];
    for (const event of events) {
      const payload = stripeEvent(event.type, event.object);
      // Signed as each delivery is made, as Stripe signs every attempt of an event anew: a late
      // replay signed with the first delivery's time would be refused once it is older than the
      // signature's five-minute tolerance, which a trial on a loaded machine can outlast.
      const deliver: Call = async () => ({
        what: 'webhook',
        status: await deliverPayload(payload, stripeSignature(payload)),
        expected: [200],
      });
      // Stripe delivers at least once: sometimes several times, with the same event.
      for (let i = between(1, 4); i > 0; i--) calls.push(deliver);
      if (chance(0.3)) {
        counts.replays++;
        lateReplays.push(deliver);
      }
      if (chance(0.1)) {
        calls.push(async () => {
          counts.forged++;
          const forged = stripeSignature(payload, 'whsec_forged');
          return {
            what: 'forged webhook',
            status: await deliverPayload(payload, forged),
            expected: [400],
          };
        });
      }
    }
    for (let i = between(0, 2); i > 0; i--) {
      calls.push(async () => ({
        what: 'success return',
        status: await successReturn(id),
        expected: [200],
      }));
    }
    shuffle(calls);
    // All at once, one by one, or in a couple of overlapping waves.
    const style = pick(['concurrent', 'sequential', 'waves'] as const);
    let results: Outcome[];
    if (style === 'concurrent') {
      results = await Promise.all(calls.map((call) => call()));
    } else if (style === 'sequential') {
      results = [];
      for (const call of calls) {
        results.push(await call());
        if (chance(0.2)) await sleep(between(0, 3));
      }
    } else {
      const half = Math.ceil(calls.length / 2);
      const first = Promise.all(calls.slice(0, half).map((call) => call()));
      await sleep(between(0, 2));
      results = [...(await first), ...(await Promise.all(calls.slice(half).map((c) => c())))];
    }
    tally(results);
  }

  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < sessionsWanted) {
        next++;
        await oneSession();
      }
    }),
  );
  // Replays long after the first deliveries, in a different order.
  shuffle(lateReplays);
  for (let i = 0; i < lateReplays.length; i += concurrency * 4) {
    const results = await Promise.all(lateReplays.slice(i, i + concurrency * 4).map((c) => c()));
    tally(results);
  }

  const dataSource = app.get(DataSource);
  const orders = await dataSource.getRepository(Order).find();
  const lines = await dataSource.getRepository(OrderLine).find({ order: { id: 'ASC' } });
  /** An order's lines as a session's sold lines read: name (with its size), quantity, price. */
  const linesOf = (orderId: number) =>
    JSON.stringify(
      lines
        .filter((line) => line.orderId === orderId)
        .map((line) => ({
          product_name: line.size ? `${line.productName} - ${line.size}` : line.productName,
          quantity: line.quantity,
          price: line.unitPriceCents,
        })),
    );
  const records = new Map(
    (await dataSource.getRepository(CheckoutSession).find()).map((r) => [r.sessionId, r]),
  );
  const perSession = new Map<string, Order[]>();
  for (const order of orders) {
    perSession.set(order.stripeSessionId, [
      ...(perSession.get(order.stripeSessionId) ?? []),
      order,
    ]);
  }
  let lost = 0;
  let duplicated = 0;
  let spurious = 0;
  let wrong = 0;
  let paidSessions = 0;
  for (const [id, kind] of kinds) {
    const found = perSession.get(id) ?? [];
    const paid = kind === 'paid' || kind === 'async-paid';
    if (!paid) {
      spurious += found.length;
      continue;
    }
    paidSessions++;
    if (found.length === 0) lost++;
    duplicated += Math.max(0, found.length - 1);
    const record = records.get(id)!;
    for (const order of found) {
      const amount = stripe.sessions.get(id)!.amount_total;
      if (order.total !== amount || linesOf(order.id) !== expectedLines(record)) wrong++;
    }
  }

  await app.close();
  await stripe.stop();
  await database.drop();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `trial: seed ${seed}, ${kinds.size} sessions (${paidSessions} paid) on ${database.config.type}, ` +
      `${counts.deliveries} webhook deliveries (${counts.forged} forged, ${counts.replays} late replays), ` +
      `${counts.successReturns} success returns, ` +
      `${counts.redeliveries} delivered again after a connection error, ${seconds} s\n` +
      `orders for unpaid sessions ${spurious}, orders with wrong lines or total ${wrong}, ` +
      `unexpected HTTP statuses ${counts.unexpected}` +
      (surprises.size ? ` (${[...surprises].map(([k, v]) => `${k}: ${v}`).join(', ')})` : '') +
      '\n' +
      `lost ${lost}, duplicated ${duplicated}\n`,
  );
  if (lost || duplicated || spurious || wrong || counts.unexpected) process.exitCode = 1;
}

function expectedLines(record: CheckoutSession): string {
  return JSON.stringify(
    record.soldLines().map((line) => ({
      product_name: line.name,
      quantity: line.quantity,
      price: line.unitPrice,
    })),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`trial failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
