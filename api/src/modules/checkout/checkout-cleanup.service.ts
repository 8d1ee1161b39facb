import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource, In, LessThan } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { CheckoutSession } from './checkout-session.entity.js';

/** A checkout row neither paid nor being paid is removed this long after it was opened. */
export const STALE_CHECKOUT_MS = 24 * 60 * 60 * 1000;
/** How often the API process looks for such rows. */
export const CHECKOUT_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Removes pending checkout rows a day old: Stripe expires their sessions after 30 minutes, so no
 * payment can come for them any more. Completed rows (their order exists) and processing ones (a
 * delayed payment still clearing) stay.
 */
@Injectable()
export class CheckoutCleanupService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CheckoutCleanupService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.removeStale().catch((error: unknown) => this.logger.error(error));
    }, CHECKOUT_CLEANUP_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Answers how many rows went. */
  async removeStale(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - STALE_CHECKOUT_MS);
    const result = await this.dataSource.getRepository(CheckoutSession).delete({
      status: In(['open', 'failed', 'expired']),
      createdAt: LessThan(cutoff),
    });
    return result.affected ?? 0;
  }
}
