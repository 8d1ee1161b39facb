import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isDuplicateKeyError } from '../../database/transaction.js';

/**
 * Periodic work that must run once across every instance on the database (removing expired
 * checkout rows, settling expired stock holds): each job has a row in `job_leases` saying when it
 * is next due. Every instance looks at its own pace; the one whose conditional update moves the
 * due time forward runs the job, the others find it not due. A crash mid-run costs one interval:
 * the job is due again then, on whichever instance looks first.
 */
@Injectable()
export class JobLeases implements OnModuleDestroy {
  private readonly logger = new Logger(JobLeases.name);
  /** Names this instance's leases in the table, for an operator reading it. */
  readonly holder = randomUUID();
  private readonly known = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * Takes the job `name` if it is due (never run, or its interval has passed since it was last
   * taken), marking it due again in `everyMs`. True when this instance is to run it now.
   */
  async take(name: string, everyMs: number): Promise<boolean> {
    await this.ensureRow(name);
    const now = Date.now();
    const runner = this.dataSource.createQueryRunner();
    try {
      const result = await runner.query(
        'UPDATE job_leases SET next_run_at = ?, holder = ? WHERE name = ? AND next_run_at <= ?',
        [now + everyMs, this.holder, name, now],
        true,
      );
      return (result.affected ?? 0) === 1;
    } finally {
      await runner.release();
    }
  }

  /**
   * Looks for the job every `checkEveryMs` (and once shortly after start-up), running `work`
   * whenever this instance takes it. Stops when the module is destroyed, after a run under way.
   */
  schedule(
    name: string,
    everyMs: number,
    work: () => Promise<unknown>,
    checkEveryMs = everyMs,
  ): void {
    const look = async () => {
      if (this.stopped || !(await this.take(name, everyMs)) || this.stopped) return;
      await work();
    };
    const tick = () => {
      const run = look().catch((error: unknown) => this.logger.error(error));
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    };
    const timer = setInterval(tick, checkEveryMs);
    timer.unref();
    this.timers.add(timer);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all(this.running);
  }

  private async ensureRow(name: string): Promise<void> {
    if (this.known.has(name)) return;
    try {
      await this.dataSource.query(
        'INSERT INTO job_leases (name, next_run_at, holder) VALUES (?, 0, NULL)',
        [name],
      );
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    this.known.add(name);
  }
}
