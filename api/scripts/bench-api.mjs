// Measures GET /api/shows of the production build against a bare node:http server answering the
// same bytes, in the same run: `npm run bench:api`. Builds the api only if dist is missing.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(apiDir, '..');
const CONNECTIONS = 50;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 25;

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

function run(url) {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
}

async function measure(name, url) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const r = await run(url);
  const errors = r.errors + r.timeouts + r.non2xx;
  return { name, rps: r.requests.average, p99: r.latency.p99, errors };
}

async function main() {
  const mainJs = path.join(apiDir, 'dist', 'main.js');
  if (!existsSync(mainJs)) {
    process.stdout.write('api/dist is missing: building the api once…\n');
    execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: apiDir, stdio: 'inherit' });
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
    const showsRes = await fetch(`${origin}/api/shows`);
    const bytes = Buffer.from(await showsRes.arrayBuffer());
    const count = JSON.parse(bytes.toString()).length;
    if (count !== 20) throw new Error(`expected 20 public shows, got ${count}`);

    const barePort = await freePort();
    bare = spawn(
      process.execPath,
      [
        '-e',
        `const body = Buffer.from(process.env.BODY, 'base64');
         require('node:http').createServer((req, res) => {
           res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
           res.end(body);
         }).listen(${barePort}, '127.0.0.1');`,
      ],
      { stdio: 'ignore', env: { ...process.env, BODY: bytes.toString('base64') } },
    );
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);

    process.stdout.write(
      `GET /api/shows (20 shows, ${bytes.length} bytes), ${CONNECTIONS} connections, ` +
        `${WARMUP_SECONDS} s warm-up then ${SECONDS} s each\n`,
    );
    const results = [
      await measure('bare node:http', `http://127.0.0.1:${barePort}/`),
      await measure('api (production build)', `http://127.0.0.1:${apiPort}/api/shows`),
    ];
    for (const r of results) {
      process.stdout.write(
        `${r.name.padEnd(24)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}\n`,
      );
    }
    const [b, a] = results;
    const ratio = a.rps / b.rps;

    // An admin change must reach the very next visitor.
    await admin('PUT', `/api/admin/shows/${ids[0]}`, {
      venue: 'Venue 1',
      city: 'Nashville, TN',
      date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      time: '8:00 PM',
      status: 'draft',
    });
    const after = (await (await fetch(`${origin}/api/shows`)).json()).length;
    const fresh = after === 19;

    const checks = [
      [
        `ratio ${(ratio * 100).toFixed(0)}% of bare (target ≥ ${TARGET_RATIO * 100}%)`,
        ratio >= TARGET_RATIO,
      ],
      [`api p99 ${a.p99} ms (target ≤ ${TARGET_P99_MS} ms)`, a.p99 <= TARGET_P99_MS],
      [`api errors ${a.errors} (target 0)`, a.errors === 0],
      [`admin change visible to the next request (${after} shows after unpublishing one)`, fresh],
    ];
    for (const [label, ok] of checks) process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${label}\n`);
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
