import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server: api/dist/main.js, next to the trial scripts' api/dist/trial/scripts/. */
export const mainJs = path.join(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..'),
  'dist',
  'main.js',
);

export { freePort } from './free-port.js';
export { SERVER_NODE_FLAGS } from './server-flags.js';

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

/** Waits until a starting server answers `GET /api/health`: `attempts` tries, 50 ms apart. */
export async function waitHealthy(base: string, attempts: number): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The API did not start');
}
