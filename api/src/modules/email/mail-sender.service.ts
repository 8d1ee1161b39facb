import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import {
  DataSource,
  In,
  LessThanOrEqual,
  MoreThanOrEqual,
  type EntityManager,
  type FindOptionsWhere,
  type QueryDeepPartialEntity,
  type UpdateResult,
} from 'typeorm';
import type { EmailKind } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transaction.js';
import { takeQuota } from './mail-quotas.js';
import { describeSmtpError, errorCode, isPermanent, smtpTransport } from './smtp.js';
import { FAN_TRIGGERED_KINDS, HOURLY_LIMIT_REASON, OutboxEmail } from './outbox-email.entity.js';

/** How often the sender looks for due emails. */
export const POLL_MS = 1000;
/** A claimed email is the claimer's for this long; after a crash another attempt takes it. */
export const LEASE_MS = 2 * 60_000;
/** Waits between attempts after a temporary failure: the first within 30 seconds. */
export const RETRY_DELAYS_MS = [5_000, 20_000, 60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000];
const LONGEST_RETRY_DELAY_MS = 60 * 60_000;
/** Temporary failures stop being retried this long after the email was queued. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Held emails younger than this go out once SMTP_URL is set. */
export const HELD_MAX_AGE_MS = 3 * 24 * 60 * 60_000;
const BATCH = 10;
const HOUR_MS = 60 * 60_000;
/** The count of the site's fan-triggered emails in the current clock hour. */
const SITE_QUOTA = 'site:fan-emails';

export const retryDelay = (attempts: number) =>
  RETRY_DELAYS_MS[attempts - 1] ?? LONGEST_RETRY_DELAY_MS;

/**
 * Delivers the outbox. Runs in the API process: each pass claims due emails with a lease (on
 * MySQL/MariaDB `FOR UPDATE SKIP LOCKED`, so two instances never take the same row at once) and
 * hands each to the SMTP server. Each row carries its own Message-ID, so an email whose send
 * succeeded just before a crash is re-sent as the same message.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MailSender.name);
  private readonly transport?: Transporter;
  private readonly owner = randomUUID();
  private timer?: NodeJS.Timeout;
  private pass?: Promise<void>;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
  ) {
    const smtpUrl = config.mail.smtpUrl;
    if (smtpUrl) {
      this.transport = smtpTransport(smtpUrl);
    }
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    const emails = this.dataSource.getRepository(OutboxEmail);
    if (!this.transport) {
      const held = await emails.countBy({ status: 'held' });
      this.logger.warn(
        `SMTP_URL is not set: emails are held in the outbox (${held} waiting) and can be read in the admin.`,
      );
      return;
    }
    const now = this.clock.now().getTime();
    const released = await emails.update(
      { status: 'held', createdAt: MoreThanOrEqual(now - HELD_MAX_AGE_MS) },
      { status: 'queued', nextAttemptAt: now },
    );
    if (released.affected) this.logger.log(`Sending ${released.affected} held emails.`);
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.pass;
    this.transport?.close();
  }

  /** Looks for due emails now rather than at the next poll. */
  wake(): void {
    if (this.transport && !this.pass) this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.pass = this.sendDue()
        .catch((error: unknown) => this.logger.error(`Sending emails failed: ${errorCode(error)}`))
        .finally(() => {
          this.pass = undefined;
          this.schedule(POLL_MS);
        });
    }, delay);
  }

  /**
   * Sends every email that is due, batch after batch. Once the instance is stopping, the email
   * being sent is finished and the rest of the batch handed back: due again at once, for another
   * instance to take, with the attempt not counted.
   */
  async sendDue(): Promise<void> {
    while (!this.stopped) {
      const { claimed, deferred } = await this.claim();
      if (claimed.length === 0 && deferred === 0) return;
      for (const [index, email] of claimed.entries()) {
        if (this.stopped) return this.handBack(claimed.slice(index));
        try {
          await this.send(email);
        } catch (error) {
          // The database refused what became of this one (after the retries of a lock
          // conflict): it waits out its lease, but the rest of the batch is due again at once
          // rather than held for LEASE_MS.
          await this.handBack(claimed.slice(index + 1)).catch(() => undefined);
          throw error;
        }
      }
    }
  }

  private async handBack(emails: OutboxEmail[]): Promise<void> {
    const now = this.clock.now().getTime();
    let handed = 0;
    for (const email of emails) {
      const { affected } = await this.record(
        // Still this claim's: queued, leased until the time the claim set.
        { id: email.id, status: 'queued', nextAttemptAt: email.nextAttemptAt },
        { nextAttemptAt: now, attempts: () => 'attempts - 1' },
      );
      handed += affected ?? 0;
    }
    if (handed) this.logger.log(`Handed back ${handed} claimed emails.`);
  }

  /**
   * Writes what became of an email (sent, to try again, failed, handed back), in a transaction of
   * its own: on MySQL/MariaDB InnoDB may pick this update as a deadlock victim beside another
   * instance's claim, and the transaction helper runs it again, where a bare update would fail the
   * pass and leave the email (sent already) queued until its lease ends, to be sent again.
   */
  private record(
    where: FindOptionsWhere<OutboxEmail>,
    changes: QueryDeepPartialEntity<OutboxEmail>,
  ): Promise<UpdateResult> {
    return this.transactions.run((manager) => manager.update(OutboxEmail, where, changes));
  }

  /**
   * Takes up to BATCH due emails for LEASE_MS, counting the attempt. A fan-triggered email's
   * first attempt also counts against the site's hourly cap (CONFIRMATION_EMAILS_PER_HOUR); one
   * beyond it is not taken but deferred to the next hour, with the reason for the admin to read.
   */
  private claim(): Promise<{ claimed: OutboxEmail[]; deferred: number }> {
    const now = this.clock.now().getTime();
    return this.transactions.run(async (manager) => {
      const query = manager
        .getRepository(OutboxEmail)
        .createQueryBuilder('e')
        .where('e.status = :status', { status: 'queued' })
        .andWhere('e.nextAttemptAt <= :now', { now })
        .orderBy('e.nextAttemptAt', 'ASC')
        .addOrderBy('e.id', 'ASC')
        .limit(BATCH);
      if (this.dataSource.options.type !== 'better-sqlite3')
        query.setLock('pessimistic_write').setOnLocked('skip_locked');
      const found = await query.getMany();
      if (found.length === 0) return { claimed: [], deferred: 0 };
      const { due, waiting, until } = await this.withinHourlyCap(manager, found, now);
      if (waiting.length)
        await manager.update(
          OutboxEmail,
          { id: In(waiting.map((e) => e.id)), status: 'queued' },
          { nextAttemptAt: until, lastError: HOURLY_LIMIT_REASON },
        );
      if (due.length === 0) return { claimed: [], deferred: waiting.length };
      // The same conditions again: on SQLite another process may have claimed them meanwhile.
      await manager.update(
        OutboxEmail,
        {
          id: In(due.map((e) => e.id)),
          status: 'queued',
          nextAttemptAt: LessThanOrEqual(now),
        },
        { nextAttemptAt: now + LEASE_MS, attempts: () => 'attempts + 1' },
      );
      const claimed = await manager.getRepository(OutboxEmail).findBy({
        id: In(due.map((e) => e.id)),
        nextAttemptAt: now + LEASE_MS,
      });
      this.logger.debug(`Claimed ${claimed.length} emails (${this.owner}).`);
      return { claimed, deferred: waiting.length };
    });
  }

  /**
   * Splits found emails into those to send now and fan-triggered first attempts beyond the
   * hour's cap, which wait until the window ends. Retries were counted on their first attempt.
   */
  private async withinHourlyCap(manager: EntityManager, found: OutboxEmail[], now: number) {
    const limit = { max: this.config.mail.confirmationsPerHour, windowMs: HOUR_MS, aligned: true };
    const due: OutboxEmail[] = [];
    const waiting: OutboxEmail[] = [];
    let until = now;
    for (const email of found) {
      const capped = email.attempts === 0 && FAN_TRIGGERED_KINDS.includes(email.kind as EmailKind);
      if (capped && waiting.length === 0) {
        const quota = await takeQuota(manager, SITE_QUOTA, limit, now);
        until = quota.windowEndsAt;
        if (quota.granted) due.push(email);
        else waiting.push(email);
      } else if (capped) waiting.push(email);
      else due.push(email);
    }
    return { due, waiting, until };
  }

  private async send(email: OutboxEmail): Promise<void> {
    try {
      // Every header is built by nodemailer from these values: a CR or LF in a name or subject
      // is encoded, never a new header or recipient.
      await this.transport!.sendMail({
        from: this.config.mail.from,
        to: { name: email.toName ?? '', address: email.toAddress },
        replyTo: email.replyToAddress
          ? { name: email.replyToName ?? '', address: email.replyToAddress }
          : undefined,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: email.messageId,
        ...(email.listUnsubscribe
          ? {
              list: { unsubscribe: email.listUnsubscribe },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
    } catch (error) {
      const now = this.clock.now().getTime();
      const answer = describeSmtpError(error);
      const permanent = isPermanent(error);
      const expired = now + retryDelay(email.attempts) > email.createdAt + GIVE_UP_AFTER_MS;
      await this.record(
        { id: email.id },
        permanent || expired
          ? { status: 'failed', lastError: answer }
          : { lastError: answer, nextAttemptAt: now + retryDelay(email.attempts) },
      );
      // The answer may name the recipient: the log gets only its code; the admin sees it whole.
      this.logger.warn(
        `Email ${email.id} (${email.kind}) ${permanent || expired ? 'failed' : 'will be retried'}: ${errorCode(error)}`,
      );
      return;
    }
    await this.record(
      { id: email.id },
      {
        status: 'sent',
        sentAt: this.clock.now().getTime(),
        lastError: null,
      },
    );
  }
}
