// `npm run bench:admin`: the admin lists at scale (issue 18's benchmark). Seeds 500,000 newsletter
// signups, 100,000 orders, 50,000 contact messages and 5,000 notify-me requests with
// `seed:volume`, then on SQLite and on MariaDB starts the production build, logs in over HTTP and
// prints, beside each target with PASS or MISS:
// - server p50/p95 of 20 requests each to every admin list: first page, a status filter, a
//   search, a sort on each sortable column (the contracts' *_SORTS), page 1,000; and the first of
//   the 20 alone, since a list's filter counts are kept between requests (the first request to a
//   list, and the first of each search, works them out);
// - the signups' CSV export: its time and the server process's peak memory (VmHWM) during it,
//   and beside it the export's own share: the peak less the memory the process rested at before;
// - the orders (issue 53): a search by product name, the campaign audience "bought product X"
//   count, the sales report (this calendar year, as the Sales tab opens, and the last 30 days),
//   and the one-row-per-line CSV export (`?lines=true`), its time and peak memory;
// - in Chromium: opening the newsletter tab to its first rows, and the last keystroke of a search
//   to its rows.
// Run `npm run build` first. MariaDB: BENCH_MYSQL_URL (default mysql://root@127.0.0.1:3306); the
// database BENCH_MYSQL_DATABASE (default `bench_admin`) is created and dropped. `--only sqlite` or `--only mysql` runs one.
// Smaller volumes for a quick look: `--signups N --orders N --messages N --notify N`.
// `--no-browser` leaves the Chromium figures out.
// `--buffer-pool 1G` sets MariaDB's innodb_buffer_pool_size for the run (as docker/compose.yml
// does for the site) and puts the server's own back afterwards; the size in use is printed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  CONTACT_LIST_FILTERS,
  CONTACT_SORTS,
  EMAIL_LIST_FILTERS,
  EMAIL_SORTS,
  FAN_LIST_FILTERS,
  FAN_SORTS,
  NOTIFY_LIST_FILTERS,
  NOTIFY_SORTS,
  ORDER_LIST_FILTERS,
  ORDER_SORTS,
  SHOW_LIST_FILTERS,
  SHOW_SORTS,
  SIGNUP_LIST_FILTERS,
  SIGNUP_SORTS,
} from '@artist/contracts';
import { chromium } from '@playwright/test';
import { createConnection } from 'mysql2/promise';
import { startSite } from './site.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    signups: { type: 'string', default: '500000' },
    orders: { type: 'string', default: '100000' },
    messages: { type: 'string', default: '50000' },
    notify: { type: 'string', default: '5000' },
    requests: { type: 'string', default: '20' },
    only: { type: 'string' },
    'buffer-pool': { type: 'string' },
    'no-browser': { type: 'boolean', default: false },
  },
});
const VOLUME = {
  signups: Number(options.signups),
  orders: Number(options.orders),
  messages: Number(options.messages),
  notify: Number(options.notify),
};
const REQUESTS = Number(options.requests);
const TARGETS = {
  p95: 150,
  firstRows: 1000,
  search: 300,
  exportMs: 20_000,
  exportMb: 300,
  linesExportMs: 30_000,
};
const PASSWORD = 'bench-admin-password';
const MYSQL_SERVER = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const MYSQL_DATABASE = process.env.BENCH_MYSQL_DATABASE ?? 'bench_admin';

/** Each list: its URL, filters and sorts from the contracts, and a search that finds some rows. */
const LISTS = [
  {
    name: 'shows',
    url: '/api/admin/shows',
    filters: SHOW_LIST_FILTERS,
    sorts: SHOW_SORTS,
    search: 'the',
  },
  {
    name: 'orders',
    url: '/api/admin/orders',
    filters: ORDER_LIST_FILTERS,
    sorts: ORDER_SORTS,
    search: 'smith',
    rows: VOLUME.orders,
  },
  {
    name: 'notify-me',
    url: '/api/admin/notify-me',
    filters: NOTIFY_LIST_FILTERS,
    sorts: NOTIFY_SORTS,
    search: 'smith',
    rows: VOLUME.notify,
  },
  {
    name: 'email-signups',
    url: '/api/admin/email-signups',
    filters: SIGNUP_LIST_FILTERS,
    sorts: SIGNUP_SORTS,
    search: 'smith',
    rows: VOLUME.signups,
  },
  {
    name: 'contact-messages',
    url: '/api/admin/contact-messages',
    filters: CONTACT_LIST_FILTERS,
    sorts: CONTACT_SORTS,
    search: 'smith',
    rows: VOLUME.messages,
  },
  {
    // One fan per address of all the lists above, linked by the seeder as the site links them.
    name: 'fans',
    url: '/api/admin/fans',
    filters: FAN_LIST_FILTERS,
    sorts: FAN_SORTS,
    search: 'smith',
    rows: VOLUME.signups,
  },
  {
    name: 'emails',
    url: '/api/admin/emails',
    filters: EMAIL_LIST_FILTERS,
    sorts: EMAIL_SORTS,
    search: 'order',
  },
];

const missing = ['api/dist/main.js', 'shell/dist/index.html', 'admin/dist/remoteEntry.js'].filter(
  (file) => !existsSync(path.join(root, file)),
);
if (missing.length > 0) {
  console.error(
    `No production build (${missing.join(', ')} missing): run \`npm run build\` first.`,
  );
  process.exit(1);
}

/** A size such as `1G` or `512M` in bytes. */
function bytes(size) {
  const match = /^(\d+)([KMG]?)$/i.exec(size);
  if (!match) throw new Error(`--buffer-pool: a size such as 512M or 1G, not ${size}`);
  return Number(match[1]) * 1024 ** ' KMG'.indexOf(match[2].toUpperCase() || ' ');
}

/** Runs a command to its end, its output shown; rejects on a non-zero exit. */
const run = (args, env) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });

// The volume seed is a development tool outside the product's build: compiled here with the trial
// scripts (api/dist/trial/scripts/seed-volume.js, as `npm run seed:volume` does).
await run([
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('@typescript/native/package.json')),
    'bin',
    'tsc',
  ),
  '-p',
  'api/tsconfig.trial.json',
]);

/** The process and its descendants, read from /proc. */
function family(pid) {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    for (const task of readdirSync(`/proc/${found[i]}/task`)) {
      const children = readFileSync(`/proc/${found[i]}/task/${task}/children`, 'utf8').trim();
      if (children) found.push(...children.split(/\s+/).map(Number));
    }
  }
  return found;
}

/** The process that runs the API: the one running api/dist/main.js, or start.mjs itself. */
function serverPid(pid) {
  const runsApi = (p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('api/dist/main.js');
    } catch {
      return false;
    }
  };
  return family(pid).find(runsApi) ?? pid;
}

const memoryKb = (pid, field) =>
  Number(
    new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1],
  );

/** Logs in over HTTP as a browser would: the site's Origin, the session cookie kept. */
async function logIn(url) {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`Login refused: HTTP ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const get = (pathAndQuery) =>
    fetch(`${url}${pathAndQuery}`, { headers: { Cookie: cookie, Origin: url } });
  get.post = (pathAndQuery, body) =>
    fetch(`${url}${pathAndQuery}`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: url, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  return get;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const verdict = (ok) => (ok ? 'PASS' : 'MISS');
const misses = [];
function report(label, text, ok) {
  if (!ok) misses.push(label);
  console.log(`  ${label.padEnd(52)} ${text.padEnd(62)} ${verdict(ok)}`);
}

/** 20 requests of one list query; p50/p95 of the full response (headers and body). */
async function timeList(get, list, query, label) {
  if (list.notPaged) return;
  const search = new URLSearchParams(query).toString();
  const times = [];
  let failure = null;
  for (let i = 0; i < REQUESTS && !failure; i++) {
    const t0 = performance.now();
    let res;
    let body;
    try {
      res = await get(`${list.url}?${search}`);
      body = await res.text();
    } catch (error) {
      // The server closed the connection or went away: this list's figure is lost, not the run.
      list.notPaged = true;
      failure = `request failed: ${error.cause?.message ?? error.message}`;
      break;
    }
    times.push(performance.now() - t0);
    if (!res.ok) failure = `HTTP ${res.status}: ${body.slice(0, 120)}`;
    else if (i === 0 && !('total' in JSON.parse(body))) {
      // An older build answers the whole list: one request shows its cost; the rest are skipped.
      list.notPaged = true;
      failure = `whole list, no { rows, total } (${times[0].toFixed(0)} ms); rest of list skipped`;
    }
  }
  const p95 = percentile(times, 95);
  report(
    `${list.name} ${label}`,
    failure ??
      `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (≤ ${TARGETS.p95}), first ${times[0].toFixed(0)} ms`,
    !failure && p95 <= TARGETS.p95,
  );
}

/**
 * Searches as the artist types them: 20 different terms, each asked once, so none finds its
 * filter counts kept from an earlier request. A list's p50/p95 over them.
 */
const FRESH_TERMS = [
  'johnson',
  'williams',
  'brown',
  'jones',
  'miller',
  'davis',
  'rodriguez',
  'martinez',
  'lopez',
  'wilson',
  'anderson',
  'thomas',
  'taylor',
  'moore',
  'jackson',
  'thompson',
  'harris',
  'clark',
  'okafor',
  'zz-nobody',
];

async function timeFreshSearches(get, list) {
  if (list.notPaged) return;
  const times = [];
  let failure = null;
  for (const term of FRESH_TERMS) {
    const t0 = performance.now();
    try {
      const res = await get(`${list.url}?${new URLSearchParams({ search: term })}`);
      const body = await res.text();
      if (!res.ok) failure = `HTTP ${res.status}: ${body.slice(0, 120)}`;
    } catch (error) {
      failure = `request failed: ${error.cause?.message ?? error.message}`;
    }
    if (failure) break;
    times.push(performance.now() - t0);
  }
  const p95 = percentile(times, 95);
  report(
    `${list.name} search, ${FRESH_TERMS.length} different terms`,
    failure ??
      `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (≤ ${TARGETS.p95}), max ${Math.max(...times).toFixed(0)} ms`,
    !failure && p95 <= TARGETS.p95,
  );
}

async function benchLists(get) {
  console.log(`  Server times of ${REQUESTS} requests each (page size 50):`);
  for (const list of LISTS) list.notPaged = false;
  for (const list of LISTS) {
    await timeList(get, list, {}, 'first page');
    await timeList(get, list, { status: list.filters[0] }, `status=${list.filters[0]}`);
    await timeList(get, list, { search: list.search }, `search=${list.search}`);
    await timeFreshSearches(get, list);
    for (const field of list.sorts) await timeList(get, list, { sort: field }, `sort=${field}`);
    await timeList(get, list, { sort: `-${list.sorts[0]}` }, `sort=-${list.sorts[0]}`);
    if ((list.rows ?? 0) >= 50_000) await timeList(get, list, { page: 1000 }, 'page=1000');
  }
}

/**
 * One CSV export: its time and the server process's peak memory (VmHWM) during it; `expected`,
 * when known, is the number of rows it must hold.
 */
async function timeExport(get, pid, { label, url, expected, targetMs }) {
  // Writing 5 to clear_refs resets VmHWM, so the peak read afterwards is the export's.
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not allowed here: VmHWM then covers the server's whole life, an upper bound
  }
  const before = memoryKb(pid, 'VmRSS');
  let sampled = before;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, memoryKb(pid, 'VmRSS'));
  }, 25);
  const t0 = performance.now();
  const res = await get(url);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  const peakMb = Math.max(memoryKb(pid, 'VmHWM'), sampled) / 1024;
  console.log(
    `  ${label} CSV: HTTP ${res.status}, ${lines.toLocaleString('en-US')} lines, ${(bytes / 1048576).toFixed(1)} MiB; server RSS before ${(before / 1024).toFixed(0)} MB`,
  );
  // One line per row (no field holds a line break) plus the header.
  const complete = expected == null || lines === expected + 1;
  if (!complete) console.log(`  The export holds ${lines - 1} rows, ${expected} expected`);
  const ok = res.ok && complete;
  report(
    `${label} export time`,
    `${(ms / 1000).toFixed(1)} s (< ${targetMs / 1000} s)`,
    ok && ms < targetMs,
  );
  report(
    `${label} export peak memory (VmHWM)`,
    `${peakMb.toFixed(0)} MB (< ${TARGETS.exportMb} MB), the export's own +${(peakMb - before / 1024).toFixed(0)} MB`,
    ok && peakMb < TARGETS.exportMb,
  );
}

async function benchExport(get, pid) {
  // The rows the export must hold: the list's total under the same (empty) query.
  const listed = await get('/api/admin/email-signups?pageSize=1')
    .then((res) => res.json())
    .then((body) => (typeof body?.total === 'number' ? body.total : null))
    .catch(() => null);
  // Every signup, unsubscribed ones included (a marketing export leaves those out by default),
  // so the file holds as many rows as the list counts.
  await timeExport(get, pid, {
    label: 'signups',
    url: '/api/admin/email-signups/export?includeUnsubscribed=true',
    expected: listed,
    targetMs: TARGETS.exportMs,
  });
}

/** `REQUESTS` calls of one request; p50/p95 of the full response, beside the list target. */
async function timeCalls(label, call, check = () => null) {
  const times = [];
  let failure = null;
  for (let i = 0; i < REQUESTS && !failure; i++) {
    const t0 = performance.now();
    try {
      const res = await call();
      const body = await res.text();
      times.push(performance.now() - t0);
      if (!res.ok) failure = `HTTP ${res.status}: ${body.slice(0, 120)}`;
      else if (i === 0) failure = check(JSON.parse(body));
    } catch (error) {
      failure = `request failed: ${error.cause?.message ?? error.message}`;
    }
  }
  const p95 = percentile(times, 95);
  report(
    label,
    failure ??
      `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (≤ ${TARGETS.p95}), first ${times[0].toFixed(0)} ms`,
    !failure && p95 <= TARGETS.p95,
  );
}

/** The orders' figures: search by product, "bought product X", sales, the lines' export. */
async function benchOrders(get, pid) {
  console.log(`  Orders and their lines (${REQUESTS} requests each):`);
  // Every seeded order sold the T-shirt: a product name the buyers' names never hold.
  await timeCalls('orders search=calloway (product name)', () =>
    get('/api/admin/orders?search=calloway'),
  );
  await timeCalls('orders search=calloway, page 2', () =>
    get('/api/admin/orders?search=calloway&page=2'),
  );
  await timeCalls(
    'audience count: bought product tshirt',
    () => get.post('/api/admin/campaigns/audience', { audience: { boughtProductIds: ['tshirt'] } }),
    (body) => (typeof body.count === 'number' ? null : 'no count in the answer'),
  );
  await timeCalls('sales report, this calendar year', () => get('/api/admin/sales'));
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const last30 = new URLSearchParams({
    from: day(Date.now() - 29 * 86_400_000),
    to: day(Date.now()),
  });
  await timeCalls('sales report, last 30 days', () => get(`/api/admin/sales?${last30}`));
  await timeExport(get, pid, {
    label: 'order lines (?lines=true)',
    url: '/api/admin/orders/export?lines=true',
    expected: null,
    targetMs: TARGETS.linesExportMs,
  });
}

/* global document -- the callbacks run in the page */
async function benchBrowser(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${url}/admin/login`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    // The admin's areas are links of its navigation.
    const tab = page
      .getByRole('navigation', { name: 'Admin areas' })
      .getByRole('link', { name: 'Newsletter', exact: true });
    await tab.waitFor();

    // From the click on the tab to the first row of the newsletter table on screen.
    await page.evaluate(() => {
      window.__clickedAt = null;
      document.addEventListener('click', () => (window.__clickedAt ??= performance.now()), {
        capture: true,
      });
    });
    await tab.click();
    await page.waitForFunction(() => document.querySelector('.data-table .ant-table-row'));
    const firstRows = await page.evaluate(() => performance.now() - window.__clickedAt);
    report(
      'browser: newsletter tab to first rows',
      `${firstRows.toFixed(0)} ms (≤ ${TARGETS.firstRows})`,
      firstRows <= TARGETS.firstRows,
    );

    // From the last keystroke of a search to rows that all match it, taken apart into the wait
    // for typing to pause, the list request (sent to answered) and drawing its rows.
    await page.evaluate(() => {
      document.addEventListener('keydown', () => (window.__lastKeyAt = performance.now()), {
        capture: true,
      });
      window.__requests = [];
      new PerformanceObserver((entries) => {
        for (const e of entries.getEntries()) {
          if (e.name.includes('/api/admin/email-signups?'))
            window.__requests.push({ url: e.name, start: e.startTime, end: e.responseEnd });
        }
      }).observe({ type: 'resource' });
    });
    const searches = [];
    const input = page.locator('.data-table input[type="search"]');
    // Nine searches, so that one slow answer (a pause of the collector, a busy database) moves
    // the median no more than it would for a person trying a few names.
    const terms = [
      'smith',
      'garcia',
      'lewis',
      'nobody-at-all',
      'walker',
      'hall',
      'young',
      'king',
      'scott',
    ];
    for (const term of terms) {
      await input.fill('');
      await page.waitForTimeout(400);
      await input.pressSequentially(term, { delay: 40 });
      await page.waitForFunction(
        (term) => {
          const rows = [...document.querySelectorAll('.data-table .ant-table-row')];
          const empty = document.querySelector('.data-table .ant-table-placeholder');
          const done =
            rows.length > 0
              ? rows.every((r) => r.textContent.toLowerCase().includes(term))
              : Boolean(empty);
          if (done) window.__searchedAt ??= performance.now();
          return done;
        },
        term,
        { polling: 'raf' },
      );
      // The response may still be read by the resource observer a moment after the rows show.
      await page.waitForTimeout(50);
      searches.push(
        await page.evaluate((term) => {
          const request = window.__requests.findLast((r) =>
            new URL(r.url).searchParams.get('search')?.includes(term),
          );
          const at = {
            key: window.__lastKeyAt,
            rows: window.__searchedAt,
            sent: request?.start ?? NaN,
            answered: request?.end ?? NaN,
          };
          window.__searchedAt = undefined;
          return {
            total: at.rows - at.key,
            wait: at.sent - at.key,
            request: at.answered - at.sent,
            draw: at.rows - at.answered,
          };
        }, term),
      );
    }
    const median = (key) =>
      percentile(
        searches.map((s) => s[key]),
        50,
      );
    report(
      'browser: search, last keystroke to rows (median)',
      `${median('total').toFixed(0)} ms (≤ ${TARGETS.search}) [${searches.map((s) => s.total.toFixed(0)).join(', ')}]`,
      median('total') <= TARGETS.search,
    );
    console.log(
      `    of which: typing pause ${median('wait').toFixed(0)} ms, request ${median('request').toFixed(0)} ms, drawing rows ${median('draw').toFixed(0)} ms (medians)`,
    );
  } catch (error) {
    report(
      'browser: newsletter tab',
      `not measured: ${String(error.message).split('\n')[0].slice(0, 100)}`,
      false,
    );
  } finally {
    await browser.close();
  }
}

async function benchDatabase(name, databaseUrl, cleanUp) {
  console.log(`\n== ${name} == (loop time ${await loopTime()}; load ${load()})`);
  try {
    const volume = Object.entries(VOLUME).flatMap(([k, v]) => [`--${k}`, String(v)]);
    await run(['api/dist/trial/scripts/seed-volume.js', ...volume], { DATABASE_URL: databaseUrl });
    const site = await startSite({ DATABASE_URL: databaseUrl, ADMIN_PASSWORD: PASSWORD });
    try {
      const get = await logIn(site.url);
      await benchLists(get);
      await benchExport(get, serverPid(site.process.pid));
      await benchOrders(get, serverPid(site.process.pid));
      if (!options['no-browser']) await benchBrowser(site.url);
    } finally {
      await site.stop();
    }
  } catch (error) {
    report(`${name}`, `failed: ${error.message}`, false);
  } finally {
    await cleanUp();
  }
}

/** The machine's speed now: the time of an empty loop of 10⁹ turns in a fresh Node process. */
const loopTime = () =>
  new Promise((resolve) => {
    const t0 = performance.now();
    spawn(process.execPath, ['-e', 'for(let i=0;i<1e9;i++);'], { stdio: 'ignore' }).on('exit', () =>
      resolve(`${((performance.now() - t0) / 1000).toFixed(2)} s`),
    );
  });
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`Loop time ${await loopTime()}; load ${load()} on ${availableParallelism()} cores`);
console.log(
  `Admin lists with ${Object.entries(VOLUME)
    .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
    .join(', ')}`,
);
if (options.only !== 'mysql') {
  const dir = mkdtempSync(path.join(tmpdir(), 'artist-bench-'));
  await benchDatabase('SQLite', `sqlite:${path.join(dir, 'site.sqlite')}`, async () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}
if (options.only !== 'sqlite') {
  let server;
  let restorePool;
  try {
    server = await createConnection(MYSQL_SERVER);
    const [[{ pool }]] = await server.query('SELECT @@innodb_buffer_pool_size AS pool');
    if (options['buffer-pool']) {
      await server.query(`SET GLOBAL innodb_buffer_pool_size = ${bytes(options['buffer-pool'])}`);
      restorePool = () =>
        server.query(`SET GLOBAL innodb_buffer_pool_size = ${Number(pool)}`).then(() => {});
    }
    const [[{ inUse }]] = await server.query('SELECT @@innodb_buffer_pool_size AS inUse');
    console.log(
      `\nMariaDB's InnoDB buffer pool: ${Math.round(Number(inUse) / 2 ** 20)} MiB` +
        (restorePool
          ? ` for this run (the server's own: ${Math.round(Number(pool) / 2 ** 20)} MiB)`
          : ''),
    );
    await server.query(`DROP DATABASE IF EXISTS \`${MYSQL_DATABASE}\``);
    await server.query(
      `CREATE DATABASE \`${MYSQL_DATABASE}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
    const url = new URL(MYSQL_SERVER);
    url.pathname = `/${MYSQL_DATABASE}`;
    await benchDatabase('MariaDB', url.toString(), () =>
      server.query(`DROP DATABASE IF EXISTS \`${MYSQL_DATABASE}\``),
    );
  } catch (error) {
    report('MariaDB', `not measured: ${error.message} (set BENCH_MYSQL_URL)`, false);
  } finally {
    await restorePool?.();
    await server?.end();
  }
}
console.log(`\nAt the end: loop time ${await loopTime()}; load ${load()}`);
console.log(misses.length === 0 ? '\nEvery target met.' : `\n${misses.length} target(s) missed.`);
