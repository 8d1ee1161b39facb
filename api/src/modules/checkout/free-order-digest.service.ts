import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { JobLeases } from '../cluster/index.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { OutboxService } from '../email/index.js';
import { OrdersService } from '../orders/index.js';
import { freeOrdersDigestEmail, freeOrdersDigestKey } from './emails/free-orders-digest.email.js';

const HOUR_MS = 60 * 60_000;
/**
 * An hour's free orders are gathered this long after it ends, so that an order whose
 * transaction began in the hour has committed by then.
 */
export const DIGEST_SETTLE_MS = 5 * 60_000;
/** Hours further back than this are not gathered any more (the site was down all that time). */
const LOOK_BACK_HOURS = 24;
/** How often a digest is looked for (one instance each time: see JobLeases). */
export const DIGEST_SWEEP_INTERVAL_MS = 60_000;

/**
 * The artist's alert of free orders: instead of one "New order" email per order (anyone can
 * place free orders by the dozen), one "N free orders" email per clock hour that had any,
 * gathered from the orders table once the hour is over. The outbox row's key names the hour, so
 * however many instances gather it, and however often, the hour has one digest.
 */
@Injectable()
export class FreeOrderDigest implements OnModuleInit {
  private readonly logger = new Logger(FreeOrderDigest.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly orders: OrdersService,
    private readonly leases: JobLeases,
  ) {}

  onModuleInit(): void {
    this.leases.schedule(
      'free-order-digest',
      DIGEST_SWEEP_INTERVAL_MS,
      async () => {
        const queued = await this.queueDue();
        if (queued) this.logger.log(`Queued ${queued} digests of free orders.`);
      },
      15_000,
    );
  }

  /** Queues the digest of every settled hour of the last day that had free orders and has none. */
  async queueDue(): Promise<number> {
    const now = this.clock.now().getTime();
    const until = Math.floor((now - DIGEST_SETTLE_MS) / HOUR_MS) * HOUR_MS;
    const from = until - LOOK_BACK_HOURS * HOUR_MS;
    const manager = this.dataSource.manager;
    const orders = await this.orders.freeOnlineBetween(manager, new Date(from), new Date(until));
    const byHour = new Map<number, typeof orders>();
    for (const order of orders) {
      const hour = Math.floor(order.createdAt.getTime() / HOUR_MS) * HOUR_MS;
      byHour.set(hour, [...(byHour.get(hour) ?? []), order]);
    }
    if (byHour.size === 0) return 0;
    const doneKeys = await this.outbox.queuedKeys(
      manager,
      [...byHour.keys()].map(freeOrdersDigestKey),
      from - HOUR_MS,
    );
    let queued = 0;
    for (const [hour, ofHour] of byHour) {
      if (doneKeys.has(freeOrdersDigestKey(hour))) continue;
      const lines = ofHour.map(({ id, items }) => ({ id, items }));
      const digest = freeOrdersDigestEmail(this.config, hour, lines);
      if (digest && (await this.outbox.queue(manager, digest))) queued++;
    }
    return queued;
  }
}
