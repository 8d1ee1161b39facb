import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, LessThan, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { normaliseEmail } from '../../common/strings.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { isDuplicateKeyError, Transactions } from '../../database/transaction.js';
import { JobLeases } from '../cluster/index.js';
import { mailboxKey, OutboxService, takeQuota } from '../email/index.js';
import { OrdersService } from '../orders/index.js';
import { CheckoutReminder } from './checkout-reminder.entity.js';
import { CheckoutSession } from './checkout-session.entity.js';
import { checkoutReminderEmail } from './emails/checkout-reminder.email.js';
import type { ProviderSession } from './payment-provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most one reminder per mailbox in this long. */
export const REMINDER_WINDOW_MS = 7 * DAY_MS;
/** Stripe's recovery links last 30 days; the reminder row (and its expired checkout) as long. */
export const RECOVERY_DAYS = 30;
/** How often due reminders are looked for (one instance each time: see JobLeases). */
export const REMINDER_SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * The name the weekly count of a mailbox's reminders is kept under: a digest, so the quota table
 * holds no address (the fans export and erase name it from the address).
 */
export const reminderQuotaName = (address: string) =>
  `checkout-reminder:${createHash('sha256').update(mailboxKey(address)).digest('hex')}`;

/**
 * Abandoned-checkout reminders. When Stripe's `checkout.session.expired` names a buyer who agreed
 * to promotional emails and left an address, a row waits CHECKOUT_REMINDER_DELAY_MINUTES; then,
 * unless the address has paid an order since the checkout was opened, and unless its mailbox had
 * a reminder in the last 7 days (counted in `mail_quotas`, so two instances cannot both send),
 * one email with the cart's items and Stripe's recovery link goes through the outbox.
 */
@Injectable()
export class CheckoutRemindersService implements OnModuleInit {
  private readonly logger = new Logger(CheckoutRemindersService.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly leases: JobLeases,
    private readonly transactions: Transactions,
    private readonly orders: OrdersService,
  ) {}

  onModuleInit(): void {
    this.leases.schedule(
      'checkout-reminders',
      REMINDER_SWEEP_INTERVAL_MS,
      async () => {
        const sent = await this.sendDue();
        if (sent) this.logger.log(`Queued ${sent} checkout reminders.`);
        await this.removeOld();
      },
      15_000,
    );
  }

  /** An expired session: its reminder is recorded when the buyer agreed and left an address. */
  async expired(session: ProviderSession): Promise<void> {
    const email = session.email ? normaliseEmail(session.email) : '';
    if (!session.promotionsConsent || !email || !session.recoveryUrl) return;
    const record = await this.dataSource
      .getRepository(CheckoutSession)
      .findOneBy({ sessionId: session.id });
    if (!record) return;
    const now = this.clock.now().getTime();
    try {
      await this.dataSource.getRepository(CheckoutReminder).insert({
        sessionId: session.id,
        email,
        recoveryUrl: session.recoveryUrl,
        state: 'waiting',
        reason: null,
        openedAt: record.createdAt.getTime(),
        dueAt: now + this.config.checkoutReminderDelayMinutes * 60_000,
        createdAt: now,
      });
    } catch (error) {
      // Stripe delivered the event again.
      if (isDuplicateKeyError(error)) return;
      throw error;
    }
    if (this.config.checkoutReminderDelayMinutes === 0) await this.sendDue();
  }

  /** Settles every reminder that is due; answers how many were queued as emails. */
  async sendDue(): Promise<number> {
    const now = this.clock.now().getTime();
    const due = await this.dataSource.getRepository(CheckoutReminder).find({
      where: { state: 'waiting', dueAt: LessThan(now + 1) },
      order: { dueAt: 'ASC' },
      take: 100,
    });
    let sent = 0;
    for (const reminder of due) {
      const outcome = await this.transactions.run((manager) => this.settle(manager, reminder, now));
      if (outcome === 'sent') sent++;
    }
    return sent;
  }

  /**
   * One reminder, in one transaction: claimed by a conditional update (another instance may be at
   * it too), then skipped or queued.
   */
  private async settle(
    manager: EntityManager,
    reminder: CheckoutReminder,
    now: number,
  ): Promise<'sent' | 'skipped' | 'taken'> {
    const skip = async (reason: string) => {
      await manager.update(CheckoutReminder, { sessionId: reminder.sessionId }, { reason });
      return 'skipped' as const;
    };
    const claimed = await manager.update(
      CheckoutReminder,
      { sessionId: reminder.sessionId, state: 'waiting' },
      { state: 'skipped' },
    );
    if (claimed.affected !== 1) return 'taken';
    const paid = await this.orders.placedSince(
      manager,
      reminder.email,
      new Date(reminder.openedAt),
    );
    if (paid) return skip('paid since');
    const record = await manager.findOneBy(CheckoutSession, { sessionId: reminder.sessionId });
    if (!record) return skip('checkout gone');
    const week = { max: 1, windowMs: REMINDER_WINDOW_MS, aligned: false };
    const quota = await takeQuota(manager, reminderQuotaName(reminder.email), week, now);
    if (!quota.granted) return skip('one this week already');
    const queued = await this.outbox.queue(
      manager,
      checkoutReminderEmail(this.config, {
        sessionId: reminder.sessionId,
        email: reminder.email,
        recoveryUrl: reminder.recoveryUrl,
        items: record.orderLineItems(),
      }),
    );
    if (!queued) return skip('mailbox had its emails today');
    await manager.update(CheckoutReminder, { sessionId: reminder.sessionId }, { state: 'sent' });
    return 'sent';
  }

  /** Reminders whose recovery link has run out go. */
  async removeOld(): Promise<number> {
    const cutoff = this.clock.now().getTime() - RECOVERY_DAYS * DAY_MS;
    const result = await this.dataSource
      .getRepository(CheckoutReminder)
      .delete({ createdAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}
