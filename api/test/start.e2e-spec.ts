import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/free-port.js';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.js';
import { buildApi, cleanEnv, projectRoot, runNode } from './utils/built.js';

const mainJs = path.join(projectRoot, 'api/dist/main.js');

/** Whether `url` answers 2xx within `ms`; a server not listening refuses at once. */
async function answers(url: string, ms = 1000): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(ms) })).ok;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** Every process below `pid` (children, grandchildren…), read from /proc. */
function descendants(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    const file = `/proc/${pid}/task/${task}/children`;
    return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean) : [];
  });
  return children.map(Number).flatMap((child) => [child, ...descendants(child)]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let dir: string;

beforeAll(() => {
  buildApi();
  // `npm start` builds the front ends itself when they are missing; build them ahead (cached).
  const outputs = [
    'shell/dist/index.html',
    'storefront/dist/remoteEntry.js',
    'admin/dist/remoteEntry.js',
  ];
  if (outputs.some((file) => !existsSync(path.join(projectRoot, file)))) {
    execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'shell', 'storefront', 'admin'], {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...process.env, NX_DAEMON: 'false' },
    });
  }
  dir = mkdtempSync(path.join(tmpdir(), 'artist-start-'));
}, 600_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm start', () => {
  it('runs the server with its node flags, and stops the site when npm start is stopped by its PID', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: cleanEnv({
        PORT: String(port),
        DATABASE_URL: `sqlite:${path.join(dir, 'start.sqlite')}`,
        UPLOADS_DIR: path.join(dir, 'uploads'),
        ADMIN_PASSWORD: 'start-test-password',
        LOG_LEVEL: 'silent',
      }),
    });
    const health = `http://127.0.0.1:${port}/api/health`;
    let below: number[] = [];
    try {
      // Started when it says so: another process may answer on a port found free (docs/ci.md).
      let printed = '';
      npm.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      expect(await waitUntil(async () => printed.includes('Site running at'), 60_000)).toBe(true);
      // Listening once it says so; its first answer took over a second on a loaded machine.
      expect(await answers(health, 30_000)).toBe(true);
      below = descendants(npm.pid!);
      expect(below.length).toBeGreaterThan(0);
      const server = below
        .map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'))
        .find((args) => args.includes('scripts/start.mjs'));
      expect(server).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
      process.kill(npm.pid!, 'SIGTERM');
      const stopped = await waitUntil(async () => !(await answers(health)), 15_000);
      expect(stopped).toBe(true);
      expect(await waitUntil(async () => below.every((pid) => !alive(pid)), 15_000)).toBe(true);
    } finally {
      for (const pid of [npm.pid!, ...below]) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  }, 120_000);
});

describe('a first start at the default log level', () => {
  it('prints at most 15 lines, the one-time password box and "Site running at" last', async () => {
    const port = await freePort();
    const env = cleanEnv({
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dir, 'first.sqlite')}`,
      UPLOADS_DIR: path.join(dir, 'first-uploads'),
    });
    delete env.LOG_LEVEL;
    delete env.ADMIN_PASSWORD;
    // One pipe for both streams, so the lines come in the order they were written.
    const server = spawn('sh', ['-c', `exec "${process.execPath}" "${mainJs}" 2>&1`], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let printed = '';
    server.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    try {
      expect(await waitUntil(async () => printed.includes('Site running at'), 60_000)).toBe(true);
      // A moment for anything printed after it.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      server.kill('SIGTERM');
    }
    const lines = printed.split('\n').filter((line) => line.trim() !== '');
    const end = lines.findIndex((line) => line.startsWith('SIGTERM received'));
    const start = end === -1 ? lines : lines.slice(0, end);
    expect(start.length).toBeLessThanOrEqual(15);
    expect(start.at(-1)).toMatch(/^Site running at http:\/\/localhost:\d+ \(listening on /);
    // The box just before it, whole.
    expect(start.slice(-7, -1)).toEqual([
      '================================================================',
      ' No admin account existed, so one was created.',
      expect.stringMatching(/^ One-time admin password: \S{16}$/),
      ' It is shown only this once. Choose your own with:',
      '   npm run admin:reset-password',
      '================================================================',
    ]);
    expect(printed).not.toContain('Mapped {');
  }, 90_000);
});

describe('start-up with production settings that cannot work', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(40),
    STRIPE_SECRET_KEY: 'sk_test_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    LOG_LEVEL: 'silent',
  };

  it.each([
    [{}, /PUBLIC_URL: PUBLIC_URL is required in production/],
    [
      { PUBLIC_URL: 'https://shop.example' },
      /TRUST_PROXY: TRUST_PROXY is required when PUBLIC_URL is https/,
    ],
    [
      { PUBLIC_URL: 'https://shop.example', TRUST_PROXY: 'true' },
      /TRUST_PROXY: TRUST_PROXY=true trusts every hop/,
    ],
  ])(
    'stops with %p, naming the variable',
    async (env, message) => {
      const run = await runNode(mainJs, {
        ...production,
        ...env,
        DATABASE_URL: `sqlite:${path.join(dir, 'never.sqlite')}`,
      } as Record<string, string>);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(message);
      expect(existsSync(path.join(dir, 'never.sqlite'))).toBe(false);
    },
    30_000,
  );
});
