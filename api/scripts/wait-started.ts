import type { ChildProcess } from 'node:child_process';

/**
 * Waits until a server just started as `child` answers `GET /api/health` on `base`: 600 tries,
 * 50 ms apart; it gives up sooner when the process exits.
 */
export async function waitStarted(child: ChildProcess, base: string): Promise<void> {
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    if (i > 600 || child.exitCode !== null) throw new Error('The API did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
