// The built site started as `npm start` starts it, on a free port and a fresh SQLite database,
// and the gzip weight of what a page loaded: shared by `npm run bench:web` and the JavaScript
// budget stage of `npm test` (scripts/page-weight.mjs), so both measure `/` the same way.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts scripts/start.mjs and waits for its health check; `stop()` ends it by its PID. */
export async function startSite(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'artist-site-'));
  const child = spawn(process.execPath, ['--heap-growing-percent=20', 'scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
      UPLOADS_DIR: path.join(dataDir, 'uploads'),
      LOG_LEVEL: 'warn',
      // A password of its own, so the server does not print a one-time one for a new admin.
      ADMIN_PASSWORD: randomBytes(12).toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(child.pid, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The site exited with code ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The site did not answer at ${url} within 120 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, stop };
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
