import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, In, LessThan } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { InventoryService } from '../catalog/index.js';
import { JobLeases } from '../cluster/index.js';
import { CheckoutSession } from './checkout-session.entity.js';
import { FulfilmentService } from './fulfilment.service.js';
import { PaymentProvider, PaymentProviderError } from './payment-provider.js';

/** A checkout row neither paid nor being paid is removed this long after it was opened. */
export const STALE_CHECKOUT_MS = 24 * 60 * 60 * 1000;
/** How often the site looks for such rows (one instance each time: see JobLeases). */
export const CHECKOUT_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** How often held stock past its session's expiry is looked at (a lost expiry webhook). */
export const HOLD_SWEEP_INTERVAL_MS = 60 * 1000;
/** Time after a session's expiry for Stripe's own expiry webhook to arrive first. */
export const HOLD_GRACE_MS = 2 * 60 * 1000;

/** How often each instance asks whether a job is due: a due job waits at most this long. */
const LOOK_EVERY_MS = 15_000;

/**
 * Removes pending checkout rows a day old: Stripe expires their sessions after 30 minutes, so no
 * payment can come for them any more. Completed rows (their order exists) and processing ones (a
 * delayed payment still clearing) stay. Both jobs run on one instance at a time, through a lease
 * in the database, whatever the number of instances.
 */
@Injectable()
export class CheckoutCleanupService implements OnModuleInit {
  private readonly logger = new Logger(CheckoutCleanupService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly inventory: InventoryService,
    private readonly fulfilment: FulfilmentService,
    private readonly provider: PaymentProvider,
    private readonly leases: JobLeases,
  ) {}

  onModuleInit(): void {
    this.leases.schedule(
      'checkout-cleanup',
      CHECKOUT_CLEANUP_INTERVAL_MS,
      async () => {
        const removed = await this.removeStale();
        if (removed) this.logger.log(`Removed ${removed} expired checkout rows.`);
      },
      LOOK_EVERY_MS,
    );
    this.leases.schedule(
      'stock-hold-sweep',
      HOLD_SWEEP_INTERVAL_MS,
      () => this.settleExpiredHolds(),
      LOOK_EVERY_MS,
    );
  }

  /**
   * Stock still held by a session past its expiry (plus a grace for Stripe's own webhook): the
   * provider is asked what became of the session, and it is fulfilled or closed accordingly; a
   * hold whose session was never opened, or is already closed, is given back. Answers how many
   * sessions were settled.
   */
  async settleExpiredHolds(): Promise<number> {
    const due = this.clock.now().getTime() - HOLD_GRACE_MS;
    let settled = 0;
    for (const sessionId of await this.inventory.expiredHolds(due)) {
      const record = await this.dataSource.getRepository(CheckoutSession).findOneBy({ sessionId });
      if (!record || record.status === 'expired' || record.status === 'failed') {
        settled += Number((await this.inventory.release(sessionId)) > 0);
        continue;
      }
      try {
        const session = await this.provider.retrieveSession(sessionId);
        if (session.paymentStatus === 'paid') await this.fulfilment.fulfilPaidSession(session);
        // The test provider's sessions never expire by themselves; past their time they do here.
        else if (session.status === 'expired' || this.provider.name === 'test')
          await this.fulfilment.closeSession(sessionId, 'expired');
        else continue;
        settled++;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        this.logger.warn(`Could not ask about checkout session ${sessionId}; trying again later.`);
      }
    }
    return settled;
  }

  /**
   * Answers how many rows went. An expired checkout with a reminder stays while the reminder does
   * (its recovery link may still be paid: the new session's order is built from this row).
   */
  async removeStale(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - STALE_CHECKOUT_MS);
    const result = await this.dataSource
      .getRepository(CheckoutSession)
      .createQueryBuilder()
      .delete()
      .where({ status: In(['open', 'failed', 'expired']), createdAt: LessThan(cutoff) })
      .andWhere('sessionId NOT IN (SELECT r.sessionId FROM checkout_reminders r)')
      .execute();
    return result.affected ?? 0;
  }
}
