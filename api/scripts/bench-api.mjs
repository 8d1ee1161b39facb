// Measures the storefront's public reads (GET /api/shows, /api/products, /api/content,
// /api/gallery) of the production build against a bare node:http server answering the same bytes
// (headers included)
// in a process of its own, side by side in the same run, and prints each one's req/s, ratio and
// p99 with PASS or MISS; then checks each ETag's 304 and that admin changes reach the next
// request: `npm run bench:api`. Builds the api only if dist is missing.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(apiDir, '..');
const CONNECTIONS = 20;
const READS = ['/api/shows', '/api/products', '/api/content', '/api/gallery'];
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 25;
/** The kernel's clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited early`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 20 s`);
}

/** A GET as autocannon sends it (no Accept-Encoding): status, raw headers and body bytes. */
function plainGet(url) {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** CPU time (user + system, µs) a process has used, from /proc; undefined where there is none. */
function cpuMicrosOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/**
 * req/s, p99 and errors of `url`, and the CPU time per request of the process answering it
 * (`pid`): the figure the load of other work on the machine distorts least.
 */
async function measure(url, pid) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const before = cpuMicrosOf(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  const after = cpuMicrosOf(pid);
  const errors = r.errors + r.timeouts + r.non2xx;
  const cpu =
    before === undefined || after === undefined ? undefined : (after - before) / r.requests.total;
  return { rps: r.requests.average, p99: r.latency.p99, errors, cpu };
}

const micros = (cpu) => (cpu === undefined ? '-' : cpu.toFixed(0));

/** The machine's speed beside the figures: seconds a bare loop of 10^9 takes in a new node. */
function loopSeconds() {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, ['-e', 'for(let i=0;i<1e9;i++);']);
  return (Number(process.hrtime.bigint() - started) / 1e9).toFixed(2);
}

async function main() {
  const mainJs = path.join(apiDir, 'dist', 'main.js');
  if (!existsSync(mainJs)) {
    process.stdout.write('api/dist is missing: building the api once…\n');
    execFileSync('npm', ['run', 'build'], { cwd: apiDir, stdio: 'inherit' });
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'artist-bench-'));
  const password = randomBytes(12).toString('hex');
  const apiPort = await freePort();
  const origin = `http://localhost:${apiPort}`;
  const api = spawn(process.execPath, ['--heap-growing-percent=20', mainJs], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(apiPort),
      PUBLIC_URL: origin,
      DATABASE_URL: `sqlite:${path.join(dir, 'bench.sqlite')}`,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: password,
    },
  });
  let bare;
  try {
    await waitFor(`${origin}/api/health`, api);
    const login = await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const admin = (method, url, body) =>
      fetch(`${origin}${url}`, {
        method,
        headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
        body: JSON.stringify(body),
      });
    const ids = [];
    for (let i = 0; i < 20; i++) {
      const date = new Date(Date.now() + (i + 2) * 86_400_000).toISOString().slice(0, 10);
      const res = await admin('POST', '/api/admin/shows', {
        venue: `Venue ${i + 1}`,
        city: 'Nashville, TN',
        date,
        time: '8:00 PM',
        ageRequirement: 'All Ages',
        ticketButtonType: 'url',
        ticketUrl: `https://tickets.example.com/show/${i + 1}`,
        soldOut: i % 5 === 0 ? 'true' : 'false',
        status: 'published',
        notes: 'Load-in 5pm; not public.',
      });
      if (res.status !== 201) throw new Error(`publishing a show failed: ${res.status}`);
      ids.push((await res.json()).id);
    }
    const showsNow = await (await fetch(`${origin}/api/shows`)).json();
    if (showsNow.length !== 20) throw new Error(`expected 20 public shows, got ${showsNow.length}`);

    // Each read's bytes as the api sends them to autocannon (no Accept-Encoding), its headers
    // included, served by one bare node:http process: both write the same bytes per answer.
    const bodies = {};
    const heads = {};
    for (const read of READS) {
      const { status, headers, body } = await plainGet(`${origin}${read}`);
      if (status !== 200) throw new Error(`GET ${read} answered ${status}`);
      bodies[read] = body.toString('base64');
      // Date, Connection and Keep-Alive: node writes them itself for both servers.
      const head = [];
      for (let i = 0; i < headers.length; i += 2)
        if (!/^(date|connection|keep-alive)$/i.test(headers[i]))
          head.push(headers[i], headers[i + 1]);
      heads[read] = head;
    }
    const barePort = await freePort();
    bare = spawn(
      process.execPath,
      [
        '-e',
        `const bodies = {};
         for (const [path, body] of Object.entries(JSON.parse(process.env.BODIES)))
           bodies[path] = Buffer.from(body, 'base64');
         const heads = JSON.parse(process.env.HEADS);
         require('node:http').createServer((req, res) => {
           res.writeHead(200, heads[req.url]);
           res.end(bodies[req.url]);
         }).listen(${barePort}, '127.0.0.1');`,
      ],
      {
        stdio: 'ignore',
        env: { ...process.env, BODIES: JSON.stringify(bodies), HEADS: JSON.stringify(heads) },
      },
    );
    await waitFor(`http://127.0.0.1:${barePort}/api/shows`, bare);

    process.stdout.write(
      `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s each, the bare ` +
        `server then the api for each read; machine: 10^9-loop ${loopSeconds()} s, load average ` +
        `${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}\n`,
    );
    process.stdout.write(
      `${'read'.padEnd(14)} ${'bytes'.padStart(6)} ${'bare req/s'.padStart(11)} ` +
        `${'api req/s'.padStart(10)} ${'ratio'.padStart(6)} ${'api p99'.padStart(8)} ` +
        `${'bare p99'.padStart(9)} ${'errors'.padStart(6)} ${'api µs/req'.padStart(10)} ` +
        `${'bare µs/req'.padStart(11)}\n`,
    );
    const checks = [];
    for (const read of READS) {
      const b = await measure(`http://127.0.0.1:${barePort}${read}`, bare.pid);
      const a = await measure(`http://127.0.0.1:${apiPort}${read}`, api.pid);
      const ratio = a.rps / b.rps;
      const pass = ratio >= TARGET_RATIO && a.p99 <= TARGET_P99_MS && a.errors === 0;
      checks.push([
        `${read}: ${(ratio * 100).toFixed(0)}% of bare (target >= ${TARGET_RATIO * 100}%), ` +
          `p99 ${a.p99} ms (target <= ${TARGET_P99_MS} ms), ${a.errors} errors`,
        pass,
      ]);
      process.stdout.write(
        `${read.padEnd(14)} ${String(Buffer.from(bodies[read], 'base64').length).padStart(6)} ` +
          `${b.rps.toFixed(0).padStart(11)} ${a.rps.toFixed(0).padStart(10)} ` +
          `${`${(ratio * 100).toFixed(0)}%`.padStart(6)} ${`${a.p99} ms`.padStart(8)} ` +
          `${`${b.p99} ms`.padStart(9)} ${String(a.errors).padStart(6)} ` +
          `${micros(a.cpu).padStart(10)} ${micros(b.cpu).padStart(11)}  ${pass ? 'PASS' : 'MISS'}\n`,
      );
    }

    // Each answer's ETag is answered 304, and an admin change reaches the very next visitor.
    for (const read of READS) {
      const first = await fetch(`${origin}${read}`);
      await first.arrayBuffer();
      const etag = first.headers.get('etag');
      const again = await fetch(`${origin}${read}`, { headers: { 'If-None-Match': etag ?? '' } });
      await again.arrayBuffer();
      checks.push([
        `${read}: 304 to its ETag (${again.status}), Server-Timing "${first.headers.get('server-timing')}"`,
        again.status === 304 &&
          /^memory;dur=|^database;dur=/.test(first.headers.get('server-timing') ?? ''),
      ]);
    }
    await admin('PUT', `/api/admin/shows/${ids[0]}`, {
      venue: 'Venue 1',
      city: 'Nashville, TN',
      date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      time: '8:00 PM',
      status: 'draft',
    });
    const after = (await (await fetch(`${origin}/api/shows`)).json()).length;
    checks.push([`/api/shows after unpublishing one: ${after} shows (target 19)`, after === 19]);
    const content = await (await admin('GET', '/api/admin/content')).json();
    await admin('PUT', '/api/admin/content', { ...content, tagline: 'Changed for the bench' });
    const tagline = (await (await fetch(`${origin}/api/content`)).json()).tagline;
    checks.push([`/api/content after an edit: "${tagline}"`, tagline === 'Changed for the bench']);
    const products = await (await fetch(`${origin}/api/products`)).json();
    const product = products.find((p) => p.variants.length > 0);
    if (product) {
      const size = product.variants[0].size;
      await admin('PUT', `/api/admin/products/${product.id}/stock`, { size, stock: 3 });
      const fresh = (await (await fetch(`${origin}/api/products`)).json()).find(
        (p) => p.id === product.id,
      );
      const left = fresh.variants.find((v) => v.size === size).left;
      checks.push([`/api/products after a stock change: ${left} left (target 3)`, left === 3]);
    }
    for (const [label, ok] of checks) process.stdout.write(`${ok ? 'PASS' : 'MISS'}  ${label}\n`);
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    bare?.kill();
    api.kill();
    await new Promise((r) => (api.exitCode !== null ? r() : api.once('exit', r)));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
