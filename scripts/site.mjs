// The built site started as `npm start` starts it, on a free port and a fresh SQLite database,
// and the gzip weight of what a page loaded: shared by the browser tests (shell/e2e/utils/site.ts),
// `npm run bench:web`, `npm run bench:admin` and the JavaScript budget stage of `npm test`
// (scripts/page-weight.mjs), so all of them start the site the same way.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {Promise<number>} a loopback port nothing listens on now */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** The line the server prints once its port is bound (api/src/main.ts). */
const LISTENING = /^Site running at .* \(listening on .*\)$/m;

/** How long a site may take to start: it catches a site that never starts, not a slow one. */
const START_LIMIT_MS = 180_000;

/**
 * @typedef {object} RunningSite
 * @property {string} url where a browser reaches it
 * @property {import('node:child_process').ChildProcess} process
 * @property {() => Promise<void>} stop ends it by its PID and removes its data; throws, with its
 *   output, when the site had ended by itself (no one signalled it)
 */

/**
 * Starts scripts/start.mjs on a free port with a fresh SQLite database, its own uploads folder and
 * the given environment (`env` may name another DATABASE_URL), and waits until the site says it
 * listens. Asking the port instead could take another process's answer for the site's: a port
 * found free can be taken before the site binds it (an API suite's supertest server on an
 * ephemeral port answers `/api/health` too), and the site then exits; it is started again on
 * another port. With `publicHost`, PUBLIC_URL is that host on the site's port, and `url` is that
 * address (the browser must resolve the host to loopback). With `root`, the site is the build in
 * that checkout (`npm run bench:web -- --against` starts another commit's build beside this one).
 * @param {Record<string, string>} [env]
 * @param {{ publicHost?: string, root?: string }} [options]
 * @returns {Promise<RunningSite>}
 */
export async function startSite(env = {}, { publicHost, root = ROOT } = {}) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'artist-site-'));
    const child = spawn(process.execPath, ['--heap-growing-percent=20', 'scripts/start.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        ...(publicHost ? { PUBLIC_URL: `http://${publicHost}:${port}` } : {}),
        DATABASE_URL: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
        UPLOADS_DIR: path.join(dataDir, 'uploads'),
        LOG_LEVEL: 'warn',
        // A password of its own, so the server does not print a one-time one for a new admin.
        ADMIN_PASSWORD: randomBytes(12).toString('hex'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const url = `http://127.0.0.1:${port}`;
    const stop = async () => {
      // A site that ended by itself (no one signalled it) says why, rather than leaving a test
      // to report only that the page could not be reached.
      const ended = child.killed ? null : (child.exitCode ?? child.signalCode);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(/** @type {number} */ (child.pid), 'SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (ended !== null) throw new Error(`The site at ${url} had ended (${ended}):\n${output}`);
    };
    const started = await new Promise((resolve) => {
      const limit = setTimeout(() => resolve('did not start in time'), START_LIMIT_MS);
      const listening = () => {
        if (!LISTENING.test(output)) return;
        clearTimeout(limit);
        child.stdout.off('data', listening);
        resolve(true);
      };
      child.stdout.on('data', listening);
      child.once('exit', (code, signal) => {
        clearTimeout(limit);
        resolve(`exited (${signal ?? code})`);
      });
    });
    if (started === true)
      return { url: publicHost ? `http://${publicHost}:${port}` : url, process: child, stop };
    await stop().catch(() => {});
    if (/EADDRINUSE/.test(output) && attempt < 5) continue;
    throw new Error(`The site at ${url} ${started}:\n${output}`);
  }
}

/**
 * Gzip bytes (level 9) of every script, style sheet and image a page loaded, by kind, each URL
 * once. Images are already compressed: their own size is what travels.
 * @param {{ url: string, resourceType: string }[]} requests
 */
export async function gzipBytes(requests) {
  const totals = { Script: 0, Stylesheet: 0, Image: 0 };
  const seen = new Set();
  for (const { url, resourceType } of requests) {
    if (!(resourceType in totals) || seen.has(url) || !url.startsWith('http')) continue;
    seen.add(url);
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    totals[resourceType] +=
      resourceType === 'Image' ? body.length : gzipSync(body, { level: 9 }).length;
  }
  return totals;
}
