/**
 * The site as several instances: three built servers (api/dist/main.js) on one MariaDB database,
 * Debian's nginx in front of them round-robin with no stickiness. Through the proxy the artist
 * logs in, edits the page and uploads photos while buyers check out (the Stripe stand-in) and
 * Stripe's webhooks arrive at whichever instance; under 200 requests a second each instance is
 * restarted in turn with SIGTERM, then one is killed with SIGKILL and started again. Then it
 * checks and prints: every request through the proxy answered (no 5xx, no connection error),
 * every instance serving the same page, photos and counts within a second of a write, each paid
 * order once with one confirmation email, the stock arithmetic exact, and a backup taken while all
 * this goes on restoring into a new database and bucket prefix with the same rows and photo bytes.
 * Exits 1 unless all hold.
 *
 *   npm run trial:cluster -- [--buyers 60] [--rate 200] [--photos 3] [--mysql mysql://root@127.0.0.1:3306]
 *     [--nginx /usr/sbin/nginx] [--database-prefix artist-cluster]
 *
 * Photos are kept in S3-compatible storage: s3rver on loopback, one bucket for the three instances.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConnection, type Connection } from 'mysql2/promise';
import sharp from 'sharp';
import type { GalleryPhoto, PublicShow, SiteContent } from '@artist/contracts';
import { manifestRows, type BackupManifest } from '../src/cli/site-backup.js';
import { rowsOf } from '../test/utils/backup-rows.js';
import { showInput } from '../test/utils/shows.js';
import { startTestS3 } from '../test/utils/s3.js';
import { eventually, TestSmtpServer } from '../test/utils/smtp.js';
import { SAMPLE_BUYER, StripeStandIn } from '../test/utils/stripe-stand-in.js';
import { stripeEvent, stripeSettings, stripeSignature } from '../test/utils/stripe-webhooks.js';
import { freePort, mainJs, startBuiltServer } from './built-server.js';
import { seededDraws } from './seeded-random.js';
import { trialDatabase } from './trial-database.js';

const { values: args } = parseArgs({
  options: {
    buyers: { type: 'string', default: '60' },
    rate: { type: 'string', default: '200' },
    photos: { type: 'string', default: '3' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    mysql: { type: 'string', default: process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306' },
    nginx: { type: 'string', default: '/usr/sbin/nginx' },
    // The new databases' names start with it (and `_restored` for the restored copy).
    'database-prefix': { type: 'string', default: 'artist-cluster' },
  },
});
const buyersWanted = Number(args.buyers);
const rate = Number(args.rate);
const photosWanted = Number(args.photos);
const seed = Number(args.seed);
const { random, between } = seededDraws(seed);

const INSTANCES = 3;
const SIZES = ['S', 'M', 'L', 'XL', '2XL'] as const;
const STOCK_PER_SIZE = 500;
const ADMIN_PASSWORD = randomBytes(12).toString('hex');
const METRICS_TOKEN = randomBytes(16).toString('hex');
/** A write must be served by every instance within this long. */
const FRESH_MS = 1000;

/** Every request made through the proxy, by what it was and how it was answered. */
const answered = new Map<string, number>();
const failures: string[] = [];
let requests = 0;
/** The last unexpected answer, for the error that stops the trial. */
let lastUnexpected = '';

function tally(what: string, outcome: string, ok: boolean) {
  const key = `${what} ${outcome}`;
  answered.set(key, (answered.get(key) ?? 0) + 1);
  if (!ok && failures.length < 50) failures.push(key);
}

interface Instance {
  port: number;
  process?: ChildProcess;
  log: string;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'artist-cluster-'));
  chmodSync(dir, 0o755);
  const stripe = new StripeStandIn();
  const stripeUrl = await stripe.start();
  const smtp = new TestSmtpServer();
  await smtp.start();
  const s3 = await startTestS3();
  const database = await trialDatabase(args.mysql, args['database-prefix']);
  if (database.config.type !== 'mysql') throw new Error('The cluster trial needs MySQL/MariaDB.');
  const databaseUrl = database.config.url;
  const proxyPort = await freePort();
  const proxy = `http://127.0.0.1:${proxyPort}`;
  const envFile = path.join(dir, 'empty.env');
  writeFileSync(envFile, '');
  const sessionSecret = randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  for (let i = 0; i < INSTANCES; i++)
    instances.push({ port: await freePort(), log: path.join(dir, `api-${i + 1}.log`) });

  const settings: Record<string, string> = {
    ENV_FILE: envFile,
    DATABASE_URL: databaseUrl,
    ...s3.env('site'),
    PUBLIC_URL: proxy,
    // The trial's client stands for a TLS proxy in front of the front door, sending each buyer's
    // address (X-Forwarded-For), as a CDN would.
    TRUST_PROXY: '2',
    SESSION_SECRET: sessionSecret,
    ADMIN_PASSWORD,
    ...stripeSettings(stripeUrl),
    SMTP_URL: smtp.url,
    METRICS_TOKEN,
    LOG_LEVEL: 'warn',
    FORM_RATE_LIMIT: '1000000',
    CHECKOUT_RATE_LIMIT: '1000000',
    SESSION_STATUS_RATE_LIMIT: '1000000',
  };
  /** This process's environment without the site's settings, which the trial gives itself. */
  const inherited: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (
      value !== undefined &&
      !/^(DATABASE_URL|ADMIN_PASSWORD|PUBLIC_URL|NODE_ENV|PORT|TRUST_PROXY|SESSION_SECRET|STRIPE_\w+|SMTP_URL|METRICS_TOKEN|UPLOADS_DIR|STORAGE_URL|S3_\w+|MEDIA_PUBLIC_URL)$/.test(
        name,
      )
    )
      inherited[name] = value;
  const start = async (instance: Instance) => {
    const log = createWriteStream(instance.log, { flags: 'a' });
    instance.process = await startBuiltServer(
      { ...inherited, ...settings, PORT: String(instance.port) },
      { stdout: log, stderr: log },
    );
    await eventually(
      async () =>
        (await fetch(`http://127.0.0.1:${instance.port}/api/ready`).catch(() => null))?.status ===
        200,
      180_000,
      `instance on port ${instance.port} to be ready`,
    );
  };
  const exited = (instance: Instance) =>
    new Promise<number | string>((resolve) => {
      const child = instance.process!;
      if (child.exitCode !== null || child.signalCode !== null)
        return resolve(child.signalCode ?? child.exitCode!);
      child.once('exit', (code, signal) => resolve(signal ?? code ?? -1));
    });

  let nginx: ChildProcess | undefined;
  const stopAll = async () => {
    for (const instance of instances)
      if (
        instance.process &&
        instance.process.exitCode === null &&
        instance.process.signalCode === null
      ) {
        instance.process.kill('SIGTERM');
        await exited(instance);
      }
    if (nginx?.pid && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((resolve) => nginx!.once('exit', resolve));
    }
    await smtp.stop();
    await stripe.stop();
    await s3.close();
  };

  let ok = true;
  const check = (what: string, pass: boolean, figure: string) => {
    process.stdout.write(`${pass ? 'ok  ' : 'FAIL'} ${what}: ${figure}\n`);
    if (!pass) ok = false;
  };

  let db: Connection | undefined;
  let restored: Awaited<ReturnType<typeof trialDatabase>> | undefined;
  try {
    // The first instance applies the migrations (under a database lock); the others start once
    // they are applied, as a rolling deploy would.
    await start(instances[0]);
    await Promise.all(instances.slice(1).map(start));
    nginx = startNginx(
      dir,
      args.nginx,
      proxyPort,
      instances.map((i) => i.port),
    );
    await eventually(
      async () => (await fetch(`${proxy}/api/ready`).catch(() => null))?.status === 200,
      10_000,
      'nginx',
    );
    db = await createConnection(databaseUrl);
    process.stdout.write(
      `cluster trial (seed ${seed}): ${INSTANCES} instances on ports ${instances.map((i) => i.port).join(', ')}, nginx on ${proxyPort}\n`,
    );

    // --- The artist, through the proxy.
    const admin = await adminSession(proxy);
    for (const size of SIZES)
      await admin.send(
        'PUT',
        '/api/admin/products/tshirt/stock',
        { size, stock: STOCK_PER_SIZE },
        200,
      );

    // --- Steady reads at `rate` a second, from the start to the end of the restarts.
    const load = steadyLoad(proxy, rate);

    // --- Buyers, each from an address of its own, through the proxy.
    const paid = new Map<string, { email: string; lines: { size: string; quantity: number }[] }>();
    const abandoned: { size: string; quantity: number }[][] = [];
    let buyerNumber = 0;
    const oneBuyer = async (pays = random() >= 0.15) => {
      const n = ++buyerNumber;
      const address = `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`;
      const lines = SIZES.filter(() => random() < 0.4)
        .slice(0, 2)
        .map((size) => ({ size, quantity: between(1, 2) }));
      if (lines.length === 0) lines.push({ size: 'M', quantity: 1 });
      const created = await call(proxy, 'checkout', 'POST', '/api/create-checkout-session', {
        body: { items: lines.map((l) => ({ productId: 'tshirt', ...l })) },
        headers: { 'X-Forwarded-For': address },
        expect: [200],
      });
      if (!created) return;
      const id = (JSON.parse(created) as { url: string }).url.split('/').at(-1)!;
      if (!pays) {
        abandoned.push(lines);
        return;
      }
      const email = `buyer${n}@example.com`;
      const session = stripe.pay(id, { ...SAMPLE_BUYER, email });
      paid.set(id, { email, lines });
      const payload = stripeEvent('checkout.session.completed', session);
      const deliveries = between(1, 3);
      await Promise.all(
        Array.from({ length: deliveries }, () =>
          call(proxy, 'webhook', 'POST', '/api/webhooks/stripe', {
            raw: payload,
            headers: {
              'Stripe-Signature': stripeSignature(payload),
              'Content-Type': 'application/json',
            },
            expect: [200],
          }),
        ),
      );
      await call(proxy, 'status', 'GET', `/api/checkout/session-status?session_id=${id}`, {
        headers: { 'X-Forwarded-For': address },
        expect: [200],
      });
    };
    let buying = true;
    const buyers = (async () => {
      const lanes = Array.from({ length: 4 }, async () => {
        while (buyerNumber < buyersWanted) {
          if (!buying) {
            await sleep(50);
            continue;
          }
          await oneBuyer();
        }
      });
      await Promise.all(lanes);
    })();
    void buyers.catch(() => undefined);

    // --- The artist edits the page and uploads photos while buyers check out.
    const content = JSON.parse(
      await admin.send('GET', '/api/admin/content', undefined, 200),
    ) as SiteContent;
    for (let i = 1; i <= 3; i++)
      await admin.send(
        'PUT',
        '/api/admin/content',
        { ...content, tagline: `Edit ${i} under load` },
        200,
      );
    for (let i = 1; i <= photosWanted; i++) await admin.upload(await photo(i), `Photo ${i}`);

    // --- Each instance restarted in turn with SIGTERM, under the load and the buyers.
    const stops: string[] = [];
    for (const instance of instances) {
      const started = Date.now();
      instance.process!.kill('SIGTERM');
      const code = await exited(instance);
      stops.push(`${code} in ${Date.now() - started} ms`);
      await start(instance);
    }
    check(
      'SIGTERM restarts exit 0',
      stops.every((s) => s.startsWith('0 ')),
      stops.join(', '),
    );

    // --- A backup of the site (npm run backup), while buyers check out and the load goes on.
    const backupDir = path.join(dir, 'backup');
    const backupStarted = Date.now();
    const backedUp = await command(
      'backup',
      ['--out', backupDir],
      { ...inherited, ...settings },
      dir,
    );
    const manifest = backedUp.code === 0 ? readManifest(backupDir) : null;
    check(
      'backup taken under load',
      manifest !== null && manifest.missingFiles.length === 0,
      manifest
        ? `${Date.now() - backupStarted} ms, ${manifest.tables.length} tables, ${manifestRows(manifest)} rows, ${manifest.files.length} files, ${manifest.missingFiles.length} missing`
        : `exited ${backedUp.code}: ${backedUp.output.slice(-500)}`,
    );

    // --- One instance killed outright, with the buyers paused and the outbox empty, and the
    // reads paused for the kill itself: a killed process cannot finish an answer it has begun
    // (nginx sends a read it never began to answer to another instance, but one cut halfway
    // reaches the client cut). The reads go on while the instance is gone and starting again.
    buying = false;
    await eventually(async () => (await queuedEmails(db!)) === 0, 30_000, 'the outbox to empty');
    const victim = instances[1];
    await load.pause();
    victim.process!.kill('SIGKILL');
    const killed = await exited(victim);
    load.resume();
    await sleep(1000);
    await start(victim);
    check(
      'SIGKILL then restart',
      killed === 'SIGKILL',
      `killed (${killed}), started again and ready`,
    );
    buying = true;
    await buyers;
    load.stop();
    await load.done;

    // --- Freshness: a write through the proxy, seen by every instance within a second.
    const direct = instances.map((i) => `http://127.0.0.1:${i.port}`);
    const cookie = admin.cookie();
    const times = async (what: string, holds: (base: string) => Promise<boolean>) => {
      const started = Date.now();
      const each = await Promise.all(
        direct.map(async (base) => {
          await eventually(() => holds(base), 10_000, `${what} on ${base}`);
          return Date.now() - started;
        }),
      );
      check(
        `${what} on every instance within ${FRESH_MS} ms`,
        Math.max(...each) <= FRESH_MS,
        `${each.join(', ')} ms`,
      );
    };
    await admin.send('PUT', '/api/admin/content', { ...content, tagline: 'The last edit' }, 200);
    await times(
      'the page',
      async (base) =>
        (await getJson<SiteContent>(base, '/api/content')).tagline === 'The last edit',
    );
    const uploaded = JSON.parse(
      await admin.upload(await photo(99), 'The last photo'),
    ) as GalleryPhoto;
    await times('the photos', async (base) =>
      (await getJson<GalleryPhoto[]>(base, '/api/gallery')).some((p) => p.id === uploaded.id),
    );
    // The shows each instance keeps in memory (public reads, docs/api.md) follow a write as well.
    await admin.send(
      'POST',
      '/api/admin/shows',
      showInput({ venue: 'The Last Hall', status: 'published', date: '2099-05-01' }),
      201,
    );
    await times('the shows', async (base) =>
      (await getJson<PublicShow[]>(base, '/api/shows')).some((s) => s.venue === 'The Last Hall'),
    );
    await eventually(async () => (await queuedEmails(db!)) === 0, 30_000, 'the outbox to empty');
    const [[{ n: orderCount }]] = (await db.query(
      'SELECT COUNT(*) AS n FROM orders',
    )) as unknown as [{ n: number }[]];
    const countsOf = async (base: string) =>
      (await getJson<{ counts: { all: number } }>(base, '/api/admin/orders', cookie)).counts.all;
    // Every instance has kept the orders' counts by now; one more paid order changes them.
    await Promise.all(direct.map(countsOf));
    await oneBuyer(true);
    await times(
      'the orders count',
      async (base) => (await countsOf(base)) === Number(orderCount) + 1,
    );

    // --- The same page, photos and counts everywhere.
    const views = await Promise.all(
      direct.map(async (base) =>
        JSON.stringify([
          await getJson(base, '/api/content'),
          await getJson(base, '/api/gallery'),
          (await getJson<{ counts: unknown }>(base, '/api/admin/orders', cookie)).counts,
        ]),
      ),
    );
    check(
      'every instance serves the same page, photos and counts',
      new Set(views).size === 1,
      `${new Set(views).size} distinct of ${views.length}`,
    );

    // --- Each paid order once, with one confirmation email.
    await eventually(async () => (await queuedEmails(db!)) === 0, 30_000, 'the outbox to empty');
    const [orders] = (await db.query(
      'SELECT stripeSessionId AS id, COUNT(*) AS n FROM orders GROUP BY stripeSessionId',
    )) as unknown as [{ id: string; n: number }[]];
    const byId = new Map(orders.map((o) => [o.id, Number(o.n)]));
    const missing = [...paid.keys()].filter((id) => !byId.has(id)).length;
    const doubled = orders.filter((o) => Number(o.n) > 1).length;
    const unpaid = orders.filter((o) => !paid.has(o.id)).length;
    check(
      'each paid order exists once',
      missing === 0 && doubled === 0 && unpaid === 0,
      `${paid.size} paid, ${orders.length} orders, ${missing} missing, ${doubled} doubled, ${unpaid} unpaid`,
    );
    // The outbox delivers at least once: a delivery repeated after a lost answer carries the same
    // Message-ID, so it is the same email to the buyer's mail client. Both figures are printed.
    const emailCounts = [...paid.values()].map(
      ({ email }) => new Set(smtp.to(email).map((m) => m.parsed.messageId)).size,
    );
    const deliveries = [...paid.values()].reduce((n, { email }) => n + smtp.to(email).length, 0);
    check(
      'one confirmation email per paid order',
      emailCounts.every((n) => n === 1),
      `${emailCounts.filter((n) => n === 1).length} of ${paid.size} with exactly one Message-ID (${emailCounts.filter((n) => n === 0).length} none, ${emailCounts.filter((n) => n > 1).length} several); ${deliveries} SMTP deliveries`,
    );

    // --- Stock: what was sold and what is held, size by size, to the unit.
    const [variants] = (await db.query(
      "SELECT size, stock, sold, reserved FROM product_variants WHERE productId = 'tshirt'",
    )) as unknown as [{ size: string; stock: number; sold: number; reserved: number }[]];
    const [holds] = (await db.query(
      'SELECT v.size AS size, r.state AS state, SUM(r.quantity) AS n FROM stock_reservations r JOIN product_variants v ON v.id = r.variantId GROUP BY v.size, r.state',
    )) as unknown as [{ size: string; state: string; n: number }[]];
    const sum = (rows: { size: string; quantity: number }[][], size: string) =>
      rows
        .flat()
        .filter((l) => l.size === size)
        .reduce((total, l) => total + l.quantity, 0);
    const paidLines = [...paid.values()].map((p) => p.lines);
    const lines = variants.map((v) => {
      const sold = sum(paidLines, v.size);
      const held = sum(abandoned, v.size);
      const rows = (state: string) =>
        Number(holds.find((h) => h.size === v.size && h.state === state)?.n ?? 0);
      const exact =
        v.stock === STOCK_PER_SIZE &&
        v.sold === sold &&
        v.reserved === held &&
        rows('sold') === sold &&
        rows('held') === held;
      return {
        exact,
        text: `${v.size} ${v.stock}-${v.sold} sold-${v.reserved} held=${v.stock - v.sold - v.reserved} (paid ${sold}, open ${held})`,
      };
    });
    check(
      'stock arithmetic exact',
      lines.every((l) => l.exact),
      lines.map((l) => l.text).join('; '),
    );

    // --- Every request through the proxy answered.
    const total = [...answered.values()].reduce((a, b) => a + b, 0);
    check(
      'every request through the proxy answered (no 5xx, no connection error)',
      failures.length === 0,
      `${total} requests (${load.rate()} reads/s for ${load.seconds()} s, ${load.skipped()} reads skipped with a second's worth waiting); ${[...answered].map(([k, v]) => `${k}: ${v}`).join(', ')}`,
    );
    // What nginx saw of the restarts: connections an instance refused or reset, each request
    // then passed to another instance (the check above counts any that were not).
    const nginxLog = readFileSync(path.join(dir, 'nginx', 'error.log'), 'utf8');
    const logged = (pattern: RegExp) => nginxLog.split('\n').filter((l) => pattern.test(l)).length;
    process.stdout.write(
      `nginx: ${logged(/connect\(\) failed \(111/)} connections refused, ${logged(/\(104: Connection reset by peer\)/)} reset, ${logged(/upstream prematurely closed/)} closed early; ${logged(/worker_connections are not enough/)} times short of connections\n`,
    );
    const scraped = await Promise.all(
      direct.map(async (base) => {
        const text = await (
          await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
        ).text();
        return [...text.matchAll(/^http_request_duration_seconds_count\{[^}]*\} (\d+)/gm)].reduce(
          (a, m) => a + Number(m[1]),
          0,
        );
      }),
    );
    process.stdout.write(
      `requests counted by /metrics since each instance's last start: ${scraped.join(', ')}\n`,
    );
    process.stdout.write(`requests made: ${requests}\n`);

    // --- The backup taken under load, restored (npm run restore) into a new database and an
    // empty prefix of the bucket; a backup of the restored site holds the same rows and files.
    if (manifest) {
      restored = await trialDatabase(args.mysql, `${args['database-prefix']}-restored`);
      const target = {
        ...inherited,
        ...settings,
        DATABASE_URL: (restored.config as { url: string }).url,
        ...s3.env('restored'),
      };
      const restoreStarted = Date.now();
      const restoredRun = await command('restore', ['--from', backupDir], target, dir);
      const restoreMs = Date.now() - restoreStarted;
      const againDir = path.join(dir, 'backup-of-restored');
      const again =
        restoredRun.code === 0 ? await command('backup', ['--out', againDir], target, dir) : null;
      if (restoredRun.code !== 0 || again?.code !== 0) {
        check(
          'the backup restores with the same rows',
          false,
          `restore exited ${restoredRun.code}, backup of it ${again?.code}: ${(again ?? restoredRun).output.slice(-500)}`,
        );
      } else {
        const second = readManifest(againDir);
        const before = rowsOf(backupDir, manifest);
        const after = rowsOf(againDir, second);
        const differing = Object.keys({ ...before, ...after }).filter(
          (table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]),
        );
        const files = (m: BackupManifest) => JSON.stringify(m.files.map((f) => [f.key, f.sha256]));
        check(
          'the backup restores into a new database and bucket prefix with the same rows and photos',
          differing.length === 0 && files(manifest) === files(second),
          `restored in ${restoreMs} ms; ${Object.keys(before).length} tables, ${Object.values(before).reduce((n, rows) => n + rows.length, 0)} rows, ${differing.length} tables differing${differing.length ? ` (${differing.join(', ')})` : ''}; ${second.files.length} of ${manifest.files.length} files with the same SHA-256`,
        );
      }
    }
  } catch (error) {
    ok = false;
    process.stderr.write(
      `Trial failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.stderr.write(`Instance logs in ${dir}\n`);
  } finally {
    await db?.end();
    await stopAll();
    if (ok) {
      await database.drop();
      await restored?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (failures.length) process.stdout.write(`first failures: ${failures.join(', ')}\n`);
  process.stdout.write(ok ? 'cluster trial passed\n' : 'cluster trial FAILED\n');
  process.exit(ok ? 0 : 1);
}

/** One of the site's commands (api/dist/cli/<name>.js), in the environment `env`. */
function command(
  name: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(path.dirname(mainJs), 'cli', `${name}.js`), ...args],
      {
        cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

function readManifest(folder: string): BackupManifest {
  return JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')) as BackupManifest;
}

/** The repository's docker folder: the front door's nginx files. */
const dockerDir = path.resolve(path.dirname(mainJs), '..', '..', 'docker');

/**
 * The front door's own configuration (docker/frontdoor.nginx.conf, with docker/nginx.conf's
 * worker limits), on this machine: the instances at `upstreams` in place of Docker's `api`, its
 * port `listen`, and the remotes' containers, which the trial does not run, answered 404.
 */
function frontDoorConf(upstreams: string[], listen: string): string {
  const main = readFileSync(path.join(dockerDir, 'nginx.conf'), 'utf8');
  const server = readFileSync(path.join(dockerDir, 'frontdoor.nginx.conf'), 'utf8');
  const setting = (name: string) => {
    const match = new RegExp(`^\\s*${name} (\\d+);`, 'm').exec(main);
    if (!match) throw new Error(`docker/nginx.conf sets no ${name}`);
    return match[1];
  };
  let replaced = 0;
  const conf = server
    .replace(/^resolver .*\n/m, '')
    .replace(/^(\s*)server api:3000 resolve(.*);$/m, (_all, indent: string, params: string) => {
      replaced++;
      return upstreams.map((address) => `${indent}server ${address}${params};`).join('\n');
    })
    .replace(/^(\s*)listen 80;$/m, (_all, indent: string) => {
      replaced++;
      return `${indent}listen ${listen};`;
    })
    .replace(/proxy_pass http:\/\/(storefront|admin):80\/;/g, 'return 404;');
  if (replaced !== 2) throw new Error('docker/frontdoor.nginx.conf no longer has its api upstream');
  return `worker_rlimit_nofile ${setting('worker_rlimit_nofile')};
events { worker_connections ${setting('worker_connections')}; }
http {
${conf}
}`;
}

/** Debian's nginx as this process's child, on the front door's configuration, in `dir`. */
function startNginx(dir: string, binary: string, port: number, upstreams: number[]): ChildProcess {
  const prefix = path.join(dir, 'nginx');
  for (const sub of ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(prefix, sub), { recursive: true });
    chmodSync(path.join(prefix, sub), 0o777);
  }
  const conf = path.join(prefix, 'nginx.conf');
  const frontDoor = frontDoorConf(
    upstreams.map((p) => `127.0.0.1:${p}`),
    `127.0.0.1:${port}`,
  ).replace(
    /^http \{$/m,
    `http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;`,
  );
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
${frontDoor}
`,
  );
  const child = spawn(binary, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('error', (error) => {
    process.stderr.write(
      `nginx could not start (${binary}): ${error.message}; apt-get install -y nginx\n`,
    );
  });
  return child;
}

/** One request through the proxy, tallied; the body when the status is expected. */
async function call(
  base: string,
  what: string,
  method: string,
  url: string,
  options: {
    body?: unknown;
    raw?: string | FormData;
    headers?: Record<string, string>;
    expect: number[];
  },
): Promise<string | null> {
  requests++;
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        Origin: base,
        ...options.headers,
      },
      body: options.raw ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
      redirect: 'manual',
    });
    const text = await res.text();
    const good = options.expect.includes(res.status);
    if (!good) lastUnexpected = `${method} ${url}: ${res.status} ${text.slice(0, 300)}`;
    tally(what, String(res.status), good && res.status < 500);
    return good ? text : null;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? 'error';
    lastUnexpected = `${method} ${url}: ${cause}`;
    tally(what, cause, false);
    return null;
  }
}

/** The artist's browser: logged in through the proxy, its cookie sent with each call. */
async function adminSession(base: string) {
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  requests++;
  tally('login', String(login.status), login.status === 200);
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return {
    cookie: () => cookie,
    async send(method: string, url: string, body: unknown, status: number): Promise<string> {
      const text = await call(base, `admin ${method}`, method, url, {
        body,
        headers: { Cookie: cookie },
        expect: [status],
      });
      if (text === null)
        throw new Error(`${method} ${url} did not answer ${status}: ${lastUnexpected}`);
      return text;
    },
    async upload(bytes: Buffer, alt: string): Promise<string> {
      const form = new FormData();
      form.set('alt', alt);
      form.set('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
      const text = await call(base, 'upload', 'POST', '/api/admin/gallery', {
        raw: form,
        headers: { Cookie: cookie },
        expect: [201],
      });
      if (text === null) throw new Error(`the upload did not answer 201: ${lastUnexpected}`);
      return text;
    },
  };
}

function photo(n: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: { r: (n * 47) % 255, g: 90, b: 60 },
    },
  })
    .jpeg()
    .toBuffer();
}

async function getJson<T = unknown>(base: string, url: string, cookie?: string): Promise<T> {
  const res = await fetch(`${base}${url}`, { headers: cookie ? { Cookie: cookie } : {} });
  if (res.status !== 200) throw new Error(`${base}${url} answered ${res.status}`);
  return (await res.json()) as T;
}

async function queuedEmails(db: Connection): Promise<number> {
  const [[row]] = (await db.query(
    "SELECT COUNT(*) AS n FROM emails WHERE status = 'queued'",
  )) as unknown as [{ n: number }[]];
  return Number(row.n);
}

/**
 * Reads at `perSecond` through the proxy (the public page's calls), until stopped. At most a
 * second's worth wait for their answers at once: a read due beyond that is skipped and counted,
 * so a machine too busy to keep up shows in the figures (the rate reached, the reads skipped)
 * rather than starving this process, which also plays Stripe, the mail server and the bucket.
 */
function steadyLoad(base: string, perSecond: number) {
  const paths = ['/api/shows', '/api/content', '/api/gallery', '/api/products'];
  let running = true;
  let paused = false;
  let pausedMs = 0;
  let due = 0;
  let sent = 0;
  let skipped = 0;
  const started = Date.now();
  let ended = started;
  const inFlight = new Set<Promise<unknown>>();
  const done = (async () => {
    const tick = 20;
    let next = Date.now();
    let last = Date.now();
    while (running) {
      // Time paused is left out, so the reads go on at the rate afterwards, none made up.
      if (paused) pausedMs += Date.now() - last;
      last = Date.now();
      const now = paused
        ? 0
        : Math.floor(((Date.now() - started - pausedMs) / 1000) * perSecond) - due;
      for (let i = 0; i < now; i++) {
        due++;
        if (inFlight.size >= perSecond) {
          skipped++;
          continue;
        }
        sent++;
        const p = call(base, 'read', 'GET', paths[sent % paths.length], { expect: [200] });
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }
      next += tick;
      await sleep(Math.max(0, next - Date.now()));
    }
    ended = Date.now();
    await Promise.all(inFlight);
  })();
  const seconds = () => (ended - started - pausedMs) / 1000;
  return {
    done,
    stop: () => (running = false),
    /** Stops sending, once every read sent is answered. */
    async pause() {
      paused = true;
      await Promise.all(inFlight);
    },
    resume: () => (paused = false),
    rate: () => Math.round(sent / seconds()),
    skipped: () => skipped,
    seconds: () => Math.round(seconds()),
  };
}

void main();
