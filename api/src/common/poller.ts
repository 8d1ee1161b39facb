/** How often a poller's passes run: `busyMs` while they find work, `idleMs` once one finds none. */
export interface PollerPace {
  busyMs: number;
  idleMs: number;
}

/**
 * Periodic work, one pass at a time: the next pass starts `busyMs` after one that found work
 * (its `pass` answered true) and `idleMs` after one that found none or failed, so an idle server
 * looks rarely and a busy one keeps up. `wake` runs a pass at once and keeps the busy pace for
 * `idleMs` after it: whoever wakes it may do so inside a transaction, whose rows the first pass
 * does not see yet. `stop` ends the passes and waits for the one under way.
 *
 * Each instance belongs to its provider, which starts it when the app starts and stops it in its
 * `onModuleDestroy`.
 */
export class Poller {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private started = false;
  private stopped = false;
  /** When `wake` was last called (ms): the busy pace holds for `idleMs` after it. */
  private wokenAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly pass: () => Promise<boolean>,
    private readonly pace: PollerPace,
    private readonly failed: (error: unknown) => void,
  ) {}

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Runs a pass now rather than at the next look (no-op before `start` and after `stop`). */
  wake(): void {
    if (!this.started) return;
    this.wokenAt = Date.now();
    if (!this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch((error: unknown) => {
          this.failed(error);
          return false;
        })
        .then((found) => {
          this.running = undefined;
          const woken = Date.now() - this.wokenAt < this.pace.idleMs;
          this.schedule(found || woken ? this.pace.busyMs : this.pace.idleMs);
        });
    }, delay);
  }
}
