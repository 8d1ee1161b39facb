/**
 * A merch drop: 10 T-shirts left in size M, then 500 buyers creating checkout sessions within a
 * few seconds. Some pay, some abandon (Stripe's expiry webhook), some sessions just run out (the
 * webhook is lost; the minute sweep asks Stripe). Buyers turned away try again as stock comes
 * back, until the 10 are sold. Prints sessions created, orders, refusals, creation latency and
 * the final stock arithmetic (after a warm-up on a sold-out product, see `warmUp`); exits 1 unless exactly 10 are sold, none oversold and no hold is
 * left after expiry. The API runs as its own process (the production build, api/dist/main.js),
 * so the 500 simulated browsers and the Stripe stand-in do not share its event loop; this
 * process also opens the database itself, to read the counts and to run the expiry sweep half
 * an hour later on a shifted clock.
 *
 *   npm run bench:drop [-- --buyers 500 --stock 10 --seed 7 --mysql mysql://root@127.0.0.1:3306]
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { createApp } from '../src/app.factory.js';
import { Clock } from '../src/common/clock.js';
import { loadConfig, type AppConfig } from '../src/config/env.js';
import { ProductVariantRecord, StockReservation } from '../src/modules/catalog/product.entity.js';
import { CheckoutCleanupService } from '../src/modules/checkout/checkout-cleanup.service.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { StripeStandIn } from '../test/utils/stripe-stand-in.js';
import { stripeEvent, stripeSettings, stripeSignature } from '../test/utils/stripe-webhooks.js';
import { BuiltServer } from './built-server.js';
import { seededRandom } from './seeded-random.js';
import { trialDatabase } from './trial-database.js';

const { values: args } = parseArgs({
  options: {
    buyers: { type: 'string', default: '500' },
    stock: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '3' },
    seed: { type: 'string', default: '7' },
    mysql: { type: 'string' },
  },
});
const BUYERS = Number(args.buyers);
const STOCK = Number(args.stock);
const SPREAD_MS = Number(args.seconds) * 1000;
const random = seededRandom(Number(args.seed));

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;

async function main() {
  const stripe = new StripeStandIn();
  const apiUrl = await stripe.start();
  const database = await trialDatabase(args.mysql, 'artist-drop');
  const server = await BuiltServer.over(database);
  const { base } = server;
  const env: Record<string, string> = {
    ...server.settings,
    ...stripeSettings(apiUrl),
    // Each buyer has an address of their own (X-Forwarded-For from documentation ranges), so
    // the per-address checkout limit applies as it does to real buyers.
    TRUST_PROXY: '1',
  };
  await server.start({ ...process.env, ...env });
  // This process's own view of the database (migrations already ran in the API's).
  const config: AppConfig = { ...loadConfig(env, process.cwd()), database: database.config };
  const app = await createApp(config);
  await app.init();
  const dataSource = app.get(DataSource);
  const variants = dataSource.getRepository(ProductVariantRecord);
  await variants.update({ productId: 'tshirt', size: 'M' }, { stock: STOCK, sold: 0, reserved: 0 });
  await variants.update({ productId: 'hat' }, { stock: 0, sold: 0, reserved: 0 });

  const latencies: number[] = [];
  const tally = { created: 0, refused: 0, failed: 0, paid: 0, abandoned: 0, lapsed: 0 };

  /** Buyer n's address: 203.0.113.1 on, then 198.51.100.1 on (RFC 5737), 508 in all. */
  const addressOf = (n: number) =>
    n % 508 < 254 ? `203.0.113.${(n % 508) + 1}` : `198.51.100.${(n % 508) - 253}`;

  const post = (address: string, item: Record<string, unknown>) =>
    fetch(`${base}/api/create-checkout-session`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: config.publicUrl,
        'X-Forwarded-For': address,
      },
      body: JSON.stringify({ items: [{ ...item, quantity: 1 }] }),
    });

  /**
   * A shop is already serving visitors when a drop starts: before it, 100 visitors (192.0.2.0/24,
   * addresses no buyer uses) try the sold-out hat, 25 at once, so the API has compiled its hot
   * paths and opened its database connections. Their latency is printed apart, not counted.
   */
  async function warmUp(): Promise<number[]> {
    const times: number[] = [];
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        Array.from({ length: 25 }, async (_, i) => {
          const startedAt = performance.now();
          const res = await post(`192.0.2.${round * 25 + i + 1}`, { productId: 'hat' });
          await res.arrayBuffer();
          if (res.status !== 409) throw new Error(`The sold-out hat answered ${res.status}`);
          times.push(performance.now() - startedAt);
        }),
      );
    }
    return times.sort((a, b) => a - b);
  }

  /** One buyer's attempt: answers the session id, or null when refused. */
  async function checkout(buyer: number): Promise<string | null> {
    const startedAt = performance.now();
    const res = await post(addressOf(buyer), { productId: 'tshirt', size: 'M' });
    const body = (await res.json()) as { url?: string };
    latencies.push(performance.now() - startedAt);
    if (res.status === 409) {
      tally.refused++;
      return null;
    }
    if (res.status !== 200 || !body.url) {
      tally.failed++;
      return null;
    }
    tally.created++;
    return body.url.split('/').pop()!;
  }

  const deliver = async (type: string, object: Record<string, unknown>) => {
    const payload = stripeEvent(type, object);
    const res = await fetch(`${base}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripeSignature(payload) },
      body: payload,
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${type} answered ${res.status}`);
  };

  /** A wave of buyers arriving within the spread; each session then pays, is abandoned or lapses. */
  async function wave(buyers: number, payAll: boolean): Promise<string[]> {
    const ids = await Promise.all(
      Array.from({ length: buyers }, async (_, buyer) => {
        await sleep(random() * SPREAD_MS);
        return checkout(buyer);
      }),
    );
    const lapsing: string[] = [];
    // The hosted page's URL ends with the session id.
    for (const sid of ids.filter((i): i is string => i !== null)) {
      const roll = payAll ? 0 : random();
      if (roll < 0.5) {
        tally.paid++;
        await deliver('checkout.session.completed', stripe.pay(sid) as never);
      } else if (roll < 0.8) {
        tally.abandoned++;
        await deliver('checkout.session.expired', {
          ...stripe.sessions.get(sid)!,
          status: 'expired',
        });
      } else {
        tally.lapsed++;
        stripe.sessions.get(sid)!.status = 'expired';
        lapsing.push(sid);
      }
    }
    return lapsing;
  }

  const warm = await warmUp();
  const startedAt = Date.now();
  let lapsing = await wave(BUYERS, false);
  // Half an hour later: the sweep finds the sessions whose expiry webhook never came.
  const clock = app.get(Clock);
  const realNow = clock.now.bind(clock);
  clock.now = () => new Date(realNow().getTime() + 33 * 60_000);
  await app.get(CheckoutCleanupService).settleExpiredHolds();
  clock.now = realNow;
  // The buyers turned away come back while some are left, until the drop is sold out.
  for (let round = 0; round < 20; round++) {
    const left = await variants.findOneByOrFail({ productId: 'tshirt', size: 'M' });
    if (left.stock! - left.sold - left.reserved <= 0) break;
    lapsing = lapsing.concat(await wave(Math.min(100, BUYERS), true));
  }

  const variant = await variants.findOneByOrFail({ productId: 'tshirt', size: 'M' });
  const held = await dataSource.getRepository(StockReservation).countBy({ state: 'held' });
  const orders = await dataSource.getRepository(Order).count();
  const left = variant.stock! - variant.sold - variant.reserved;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const lines = [
    `merch drop on ${config.database.type}: ${STOCK} left of one size, ${BUYERS} buyers within ${SPREAD_MS / 1000} s`,
    `  warm-up before the drop: ${warm.length} attempts on the sold-out hat, p50 ${percentile(warm, 50).toFixed(0)} ms, p95 ${percentile(warm, 95).toFixed(0)} ms (not counted)`,
    `  checkout attempts ${latencies.length}: sessions created ${tally.created}, refused (409) ${tally.refused}, failed ${tally.failed}`,
    `  sessions paid ${tally.paid}, abandoned (expiry webhook) ${tally.abandoned}, lapsed (webhook lost, swept) ${tally.lapsed}`,
    `  orders ${orders}`,
    `  stock arithmetic: set ${variant.stock} = sold ${variant.sold} + reserved ${variant.reserved} + left ${left}`,
    `  sold ${variant.sold} (target ${STOCK}), oversold ${Math.max(0, variant.sold - STOCK)} (target 0), holds left after expiry ${held} (target 0)`,
    `  checkout creation p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target <= 300 ms), ${((Date.now() - startedAt) / 1000).toFixed(1)} s in all`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await server.stop('SIGTERM');
  await app.close();
  await stripe.stop();
  await database.drop();
  const ok =
    variant.sold === STOCK &&
    orders === STOCK &&
    held === 0 &&
    variant.sold + variant.reserved + left === variant.stock &&
    left >= 0;
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
