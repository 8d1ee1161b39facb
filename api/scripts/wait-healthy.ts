import type { ChildProcess } from 'node:child_process';

/**
 * How long a starting server may take to answer. A first start migrates a fresh database, which
 * took over 30 s on MySQL with the API suites' parts migrating theirs beside it: the limit is
 * there to catch a server that never answers, not a slow one.
 */
export const START_LIMIT_MS = 180_000;

/**
 * Waits until the server just started as `child` answers `GET /api/health` on `base`, asking
 * every 50 ms: it fails when the process exits first, or after `START_LIMIT_MS`.
 */
export async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_LIMIT_MS;
  for (;;) {
    const up = await fetch(`${base}/api/health`).then(
      async (res) => (await res.arrayBuffer(), res.ok),
      () => false,
    );
    if (up) return;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The API exited while starting (${child.signalCode ?? child.exitCode})`);
    }
    if (Date.now() > deadline) throw new Error(`The API did not start in ${START_LIMIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
