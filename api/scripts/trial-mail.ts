/**
 * Trial of the email outbox under crashes and SMTP trouble. The API runs as a child process
 * (api/dist/main.js) that is killed with SIGKILL at random moments and started again, while
 * buyers place orders through signed Stripe webhooks and a real SMTP server on loopback refuses
 * some transactions with 4xx. Then it waits for the mail and checks that every order's
 * confirmation arrived and that no order got two different Message-IDs. Prints the counts;
 * exits 1 unless lost and distinct duplicates are both 0.
 *
 *   npm run trial:mail -- --n 500 --kills 3 [--seed 7] [--refuse 0.1] [--mysql mysql://root@127.0.0.1:3306]
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { TestSmtpServer } from '../test/utils/smtp.js';
import { StripeStandIn } from '../test/utils/stripe-stand-in.js';
import { BuiltServer } from './built-server.js';
import { seededDraws } from './seeded-random.js';
import { trialDatabase } from './trial-database.js';
import { stripeEvent, stripeSettings, stripeSignature } from '../test/utils/stripe-webhooks.js';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '500' },
    kills: { type: 'string', default: '3' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    concurrency: { type: 'string', default: '8' },
    refuse: { type: 'string', default: '0.1' },
    mysql: { type: 'string' },
    /** How long to wait for the last emails after the last order, in seconds. */
    wait: { type: 'string', default: '420' },
  },
});
const ordersWanted = Number(args.n);
const killsWanted = Number(args.kills);
const seed = Number(args.seed);
const concurrency = Number(args.concurrency);
const refuseChance = Number(args.refuse);

const { random, between } = seededDraws(seed);

const counts = { kills: 0, refused: 0, retriedCalls: 0 };

async function main() {
  const started = Date.now();
  const stripe = new StripeStandIn();
  const stripeUrl = await stripe.start();
  const smtp = new TestSmtpServer();
  smtp.refuseSome = () => {
    if (random() >= refuseChance) return null;
    counts.refused++;
    return { code: 451, message: '4.3.0 Try again later' };
  };
  await smtp.start();
  const database = await trialDatabase(args.mysql, 'artist-trial-mail');
  const server = await BuiltServer.over(database);
  const { base } = server;
  const env = server.environment('development', {
    ...stripeSettings(stripeUrl),
    SMTP_URL: smtp.url,
    TRUST_PROXY: '1',
  });

  let up: Promise<void> = Promise.resolve();
  const startApi = () => {
    up = server.start(env);
    return up;
  };
  const kill = async () => {
    await server.stop('SIGKILL');
    counts.kills++;
    await sleep(between(0, 300));
    await startApi();
  };

  /** A call to the API that, like Stripe and a patient buyer, tries again while it is down. */
  async function call(url: string, init: RequestInit, ok: (status: number) => boolean) {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${base}${url}`, init);
        const body = await res.text();
        if (ok(res.status)) return body;
        if (res.status < 500) throw new Error(`${url} answered ${res.status}: ${body}`);
      } catch (error) {
        if (error instanceof Error && /answered 4/.test(error.message)) throw error;
      }
      counts.retriedCalls++;
      if (attempt > 400) throw new Error(`${url} kept failing`);
      await up.catch(() => undefined);
      await sleep(50);
    }
  }

  await startApi();
  // Kills happen after these many placed orders, at random points of the run.
  const killAt = Array.from({ length: killsWanted }, () =>
    between(Math.ceil(ordersWanted * 0.05), Math.floor(ordersWanted * 0.95)),
  ).sort((a, b) => a - b);

  const buyers = new Map<string, string>();
  let next = 0;
  let placed = 0;
  let killing: Promise<void> = Promise.resolve();
  async function placeOne(n: number) {
    const visitor = `${n % 2 ? '203.0.113' : '198.51.100'}.${(n % 250) + 1}`;
    const created = await call(
      '/api/create-checkout-session',
      {
        method: 'POST',
        body: JSON.stringify({
          items: [{ productId: 'tshirt', size: 'M', quantity: between(1, 3) }],
        }),
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitor },
      },
      (s) => s === 200,
    );
    const id = (JSON.parse(created) as { url: string }).url.split('/').at(-1)!;
    const email = `buyer${n}@example.com`;
    buyers.set(id, email);
    const payload = stripeEvent(
      'checkout.session.completed',
      stripe.pay(id, {
        email,
        name: `Buyer ${n}`,
        address: {
          line1: `${n} Music Row`,
          line2: null,
          city: 'Nashville',
          state: 'TN',
          postal_code: '37203',
          country: 'US',
        },
      }),
    );
    // Stripe delivers until it gets a 2xx, sometimes twice at once.
    const deliveries = between(1, 2);
    await Promise.all(
      Array.from({ length: deliveries }, () =>
        call(
          '/api/webhooks/stripe',
          {
            method: 'POST',
            body: payload,
            headers: {
              'Content-Type': 'application/json',
              'Stripe-Signature': stripeSignature(payload),
            },
          },
          (s) => s >= 200 && s < 300,
        ),
      ),
    );
    placed++;
    while (killAt.length && placed >= killAt[0]) {
      killAt.shift();
      killing = killing.then(kill);
    }
  }
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ordersWanted) await placeOne(++next);
    }),
  );
  await killing;
  const placedSeconds = ((Date.now() - started) / 1000).toFixed(1);

  // Every paid session's order, read through the admin like the artist would.
  const cookie = await server.logIn();
  const allRows = async <Row>(path: string): Promise<Row[]> => {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const body = JSON.parse(
        await call(`${path}&pageSize=200&page=${page}`, { headers: { cookie } }, (s) => s === 200),
      ) as { rows: Row[]; total: number };
      rows.push(...body.rows);
      if (body.rows.length === 0 || rows.length >= body.total) return rows;
    }
  };
  const orders = await allRows<{ id: number; email: string; stripeSessionId: string }>(
    '/api/admin/orders?status=all',
  );
  const orderBySession = new Map(orders.map((o) => [o.stripeSessionId, o]));

  const confirmationsOf = (order: { id: number; email: string }) =>
    smtp.to(order.email).filter((m) => m.parsed.subject === `Your order #${order.id} is confirmed`);
  const deadline = Date.now() + Number(args.wait) * 1000;
  while (Date.now() < deadline) {
    if (orders.every((o) => confirmationsOf(o).length > 0)) break;
    await sleep(500);
  }
  // A little longer, for any re-send after a crash to show itself.
  await sleep(3000);

  let lost = 0;
  let lostOrders = 0;
  let distinctDuplicates = 0;
  let sameIdRedeliveries = 0;
  for (const [sessionId] of buyers) {
    const order = orderBySession.get(sessionId);
    if (!order) {
      lostOrders++;
      continue;
    }
    const received = confirmationsOf(order);
    if (received.length === 0) lost++;
    const ids = new Set(received.map((m) => m.parsed.messageId));
    distinctDuplicates += Math.max(0, ids.size - 1);
    sameIdRedeliveries += received.length - ids.size;
  }
  const emails = await allRows<{ status: string; attempts: number }>(
    '/api/admin/emails?status=all',
  );
  const byStatus = emails.reduce<Record<string, number>>((acc, e) => {
    acc[e.status] = (acc[e.status] ?? 0) + 1;
    return acc;
  }, {});

  await server.stop('SIGTERM');
  await smtp.stop();
  await stripe.stop();
  await database.drop();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `trial:mail: seed ${seed}, ${buyers.size} orders on ${database.config.type} in ${placedSeconds} s, ` +
      `${counts.kills} SIGKILLs, ${counts.refused} SMTP transactions refused with 4xx, ` +
      `${counts.retriedCalls} calls retried while the API was down, ${seconds} s in all\n` +
      `received ${smtp.received.length} messages; outbox ${JSON.stringify(byStatus)}, ` +
      `attempts ${emails.reduce((sum, e) => sum + e.attempts, 0)}; ` +
      `same Message-ID delivered again ${sameIdRedeliveries}; orders missing ${lostOrders}\n` +
      `lost ${lost}, distinct duplicates ${distinctDuplicates}\n`,
  );
  if (lost || distinctDuplicates || lostOrders || counts.kills < killsWanted) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `trial:mail failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
