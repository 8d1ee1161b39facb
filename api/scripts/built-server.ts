import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { startListening, stopChild, type ServerOutput } from './wait-listening.js';
import { SERVER_NODE_FLAGS } from './server-flags.js';
import { databaseUrl, type TrialDatabase } from './trial-database.js';

/** The built server: api/dist/main.js, next to the trial scripts' api/dist/trial/scripts/. */
export const mainJs = path.join(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..'),
  'dist',
  'main.js',
);

export { freePort };

/** By default a built server's output is dropped and its errors go to this process's stderr. */
const ERRORS_ONLY: ServerOutput = { stdout: null, stderr: process.stderr };

/**
 * Starts the built server (`mainJs` with `SERVER_NODE_FLAGS`) with `env` and waits until it
 * listens (`startListening`), its output passed on to `output`. A script that exits while the
 * server runs (a trial that failed half-way) ends it too: a server left behind would hold its
 * port and database.
 */
export function startBuiltServer(
  env: NodeJS.ProcessEnv,
  output: ServerOutput = ERRORS_ONLY,
): Promise<ChildProcess> {
  return startListening(() => {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, mainJs], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const endWithScript = () => child.kill('SIGKILL');
    process.once('exit', endWithScript);
    child.once('exit', () => process.off('exit', endWithScript));
    return child;
  }, output);
}

/**
 * The built server of a trial or bench, over a trial database on a free loopback port, as a
 * child process that may be stopped and started again. `settings` are its port, public address,
 * database, uploads folder, the artist's password, a session secret of its own and logs off;
 * `environment` adds this process's environment and the script's own to them.
 */
export class BuiltServer {
  child?: ChildProcess;

  private constructor(
    readonly base: string,
    readonly adminPassword: string,
    readonly settings: Record<string, string>,
  ) {}

  static async over(database: TrialDatabase): Promise<BuiltServer> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const adminPassword = randomBytes(12).toString('hex');
    return new BuiltServer(base, adminPassword, {
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl(database.config),
      UPLOADS_DIR: database.uploadsDir,
      ADMIN_PASSWORD: adminPassword,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
  }

  /** What a script starts it with: this process's environment, `nodeEnv`, `settings`, then `extra`. */
  environment(nodeEnv: 'development' | 'production', extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    return { ...process.env, NODE_ENV: nodeEnv, ...this.settings, ...extra };
  }

  /** Starts it with `env` and waits until it listens (see `startBuiltServer`). */
  async start(env: NodeJS.ProcessEnv): Promise<void> {
    this.child = await startBuiltServer(env);
  }

  /** Sends it `signal` and waits until it has exited. */
  stop(signal: NodeJS.Signals): Promise<void> {
    return stopChild(this.child!, signal);
  }

  /** The artist's session cookie (see `logIn`). */
  logIn(): Promise<string> {
    return logIn(this.base, this.adminPassword);
  }

  /**
   * The artist's JSON requests, logged in: each answers the parsed body of a 2xx. A 4xx throws
   * at once. With `retries`, a 5xx is tried again every 100 ms for as long as it lasts and a
   * failed connection (the server restarting) up to `retries` times; without, both throw.
   */
  async admin(retries = 0) {
    const { base } = this;
    const cookie = await this.logIn();
    return async (method: string, path: string, body?: unknown) => {
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await fetch(`${base}${path}`, {
            method,
            headers: { cookie, Origin: base, 'Content-Type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const text = await res.text();
          if (res.ok) return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
          if (res.status < 500 || retries === 0)
            throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
        } catch (error) {
          if (error instanceof Error && / answered 4/.test(error.message)) throw error;
          if (attempt >= retries) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
  }
}

/** Logs in as the artist on a running server: the session cookie to send with admin requests. */
export async function logIn(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    body: JSON.stringify({ password }),
    headers: { 'Content-Type': 'application/json', Origin: base },
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
