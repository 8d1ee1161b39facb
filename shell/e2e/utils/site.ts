import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const ADMIN_PASSWORD = 'e2e-admin-password';

export interface RunningSite {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the built site the way `npm start` does (scripts/start.mjs), on a free port with a
 * fresh SQLite database and the given environment; `stop()` ends it by its PID. With
 * `publicHost`, PUBLIC_URL is that host on the site's port, and `url` is that address (the
 * browser must resolve the host to loopback: `launchOptionsResolving` in browser.ts).
 */
export async function startSite(
  env: Record<string, string> = {},
  publicHost?: string,
): Promise<RunningSite> {
  const port = await freePort();
  if (publicHost) env = { ...env, PUBLIC_URL: `http://${publicHost}:${port}` };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'artist-e2e-'));
  const child = spawn(process.execPath, ['--heap-growing-percent=20', 'scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
      UPLOADS_DIR: path.join(dataDir, 'uploads'),
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return {
    url: publicHost ? `http://${publicHost}:${port}` : url,
    process: child,
    async stop() {
      // A site that ended by itself (no test signalled it) says why, rather than leaving a test
      // to report only that the page could not be reached.
      const ended = child.killed ? null : (child.exitCode ?? child.signalCode);
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
      if (ended !== null) throw new Error(`The site at ${url} had ended (${ended}):\n${output}`);
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The site exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The site did not answer at ${url} within ${timeoutMs} ms`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(child.pid!, 'SIGTERM');
  });
}
