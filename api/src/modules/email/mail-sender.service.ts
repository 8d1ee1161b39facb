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
import { Poller } from '../../common/poller.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transaction.js';
import { takeQuota, takeQuotaUpTo } from './mail-quotas.js';
import {
  BatchMemo,
  PreSendChecks,
  type BulkOutcome,
  type DueEmail,
  type HandOverParts,
} from './pre-send-checks.js';
import { describeSmtpError, errorCode, isPermanent, smtpTransport } from './smtp.js';
import { EmailTemplateError, MjmlCompiler } from './mjml-compiler.js';
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

/** How often the bulk lane looks for due emails while it finds some, and once it finds none. */
const BULK_PACE = { busyMs: 250, idleMs: 1000 };
/** Bulk emails claimed at most per batch when no rate cap applies. */
const BULK_BATCH = 100;
/** The bulk lane's pooled SMTP connections, each a lane of its own (see `deliverBulk`). */
const BULK_CONNECTIONS = 4;
/** Bulk emails sent between two records of their outcomes. */
const BULK_AT_ONCE = BULK_CONNECTIONS * 2;
/** The bulk lane's rate (CAMPAIGN_RATE_PER_SECOND), counted across instances in `mail_quotas`. */
const BULK_RATE_QUOTA = 'bulk:rate';

/** The SMTP server refused it for good, or its MJML does not compile: retrying cannot help. */
const refusedForGood = (error: unknown) =>
  isPermanent(error) || error instanceof EmailTemplateError;

export const retryDelay = (attempts: number) =>
  RETRY_DELAYS_MS[attempts - 1] ?? LONGEST_RETRY_DELAY_MS;

/**
 * Delivers the outbox, in two lanes that never wait for each other. Runs in the API process: each
 * pass of a lane claims its due emails with a lease (on MySQL/MariaDB `FOR UPDATE SKIP LOCKED`,
 * so two instances never take the same row at once) and hands each to the SMTP server. Each row
 * carries its own Message-ID, so an email whose send succeeded just before a crash is re-sent as
 * the same message.
 *
 * - `transactional`: every second (or at once when woken), ten at a time over a connection of
 *   its own, in the order queued;
 * - `bulk` (campaigns): at BULK_PACE (every 250 ms while there are some, every second once none
 *   are due, and at once when `OutboxService` queues or resumes some), up to BULK_BATCH at a
 *   time within CAMPAIGN_RATE_PER_SECOND, over a pool of BULK_CONNECTIONS connections of its
 *   own, each email checked by its kind's pre-send check (`PreSendChecks`) just before its own
 *   SMTP transaction.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MailSender.name);
  private readonly transport?: Transporter;
  private readonly owner = randomUUID();
  private readonly bulkTransport?: Transporter;
  private readonly transactional = new Poller(
    () => this.sendDue(),
    { busyMs: POLL_MS, idleMs: POLL_MS },
    (error) => this.logger.error(`Sending emails failed: ${errorCode(error)}`),
  );
  private readonly bulk = new Poller(
    () => this.sendBulk(),
    BULK_PACE,
    (error) => this.logger.error(`Sending bulk emails failed: ${errorCode(error)}`),
  );
  private stopped = false;
  /** Whether the bulk lane's last pass found campaign emails due: a campaign is being sent. */
  private campaignSending = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
    private readonly checks: PreSendChecks,
    private readonly mjml: MjmlCompiler,
  ) {
    const smtpUrl = config.mail.smtpUrl;
    if (smtpUrl) {
      this.transport = smtpTransport(smtpUrl);
      this.bulkTransport = smtpTransport(smtpUrl, { maxConnections: BULK_CONNECTIONS });
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
    this.transactional.start();
    this.bulk.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await Promise.all([this.transactional.stop(), this.bulk.stop()]);
    this.transport?.close();
    this.bulkTransport?.close();
  }

  /** Looks for due transactional emails now rather than at the next look. */
  wake(): void {
    this.transactional.wake();
  }

  /** Looks for due bulk emails now, and often for a while (they may be queued in a transaction). */
  wakeBulk(): void {
    this.bulk.wake();
  }

  /**
   * Sends every email that is due, batch after batch; whether there was any. Once the instance
   * is stopping, the email being sent is finished and the rest of the batch handed back: due
   * again at once, for another instance to take, with the attempt not counted.
   */
  async sendDue(): Promise<boolean> {
    let found = false;
    while (!this.stopped) {
      const { claimed, deferred } = await this.claim();
      if (claimed.length === 0 && deferred === 0) return found;
      found = true;
      for (const [index, email] of claimed.entries()) {
        if (this.stopped) {
          await this.handBack(claimed.slice(index));
          return true;
        }
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
    return found;
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
        .where('e.lane = :lane', { lane: 'transactional' })
        .andWhere('e.status = :status', { status: 'queued' })
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
      // While a campaign is sent, the compiler's worker does not stay beside it (`MjmlCompiler`).
      const html = await this.mjml.htmlOf(email, { endWhenIdle: this.campaignSending });
      // Every header is built by nodemailer from these values: a CR or LF in a name or subject
      // is encoded, never a new header or recipient.
      await this.transport!.sendMail({
        from: this.config.mail.from,
        to: { name: email.toName ?? '', address: email.toAddress },
        replyTo: email.replyToAddress
          ? { name: email.replyToName ?? '', address: email.replyToAddress }
          : undefined,
        subject: email.subject,
        html,
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
      const permanent = refusedForGood(error);
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

  // The bulk lane.

  /**
   * Sends due bulk emails, batch after batch, while there are some and the rate leaves room;
   * whether any were due (sent, or waiting for the rate).
   */
  async sendBulk(): Promise<boolean> {
    let found = false;
    while (!this.stopped) {
      const { claimed, due } = await this.claimBulk();
      found ||= due;
      this.campaignSending = found;
      if (claimed.length === 0) return found;
      const batch = new BatchMemo();
      for (let start = 0; start < claimed.length; start += BULK_AT_ONCE) {
        if (this.stopped) {
          await this.giveBack(claimed.slice(start));
          return true;
        }
        await this.deliverBulk(claimed.slice(start, start + BULK_AT_ONCE), batch);
      }
    }
    return found;
  }

  /**
   * Takes due bulk emails for LEASE_MS, counting the attempt: at most as many as the rate
   * (CAMPAIGN_RATE_PER_SECOND) leaves in this second across instances. `due`: whether any were
   * due, taken or left for the rate's next second.
   */
  private claimBulk(): Promise<{ claimed: OutboxEmail[]; due: boolean }> {
    const now = this.clock.now().getTime();
    const rate = this.config.mail.campaignRatePerSecond;
    return this.transactions.run(async (manager) => {
      const query = manager
        .getRepository(OutboxEmail)
        .createQueryBuilder('e')
        .select([
          'e.id',
          'e.key',
          'e.kind',
          'e.subjectType',
          'e.subjectId',
          'e.toAddress',
          'e.toName',
          'e.subject',
          'e.html',
          'e.mjml',
          'e.text',
          'e.messageId',
          'e.listUnsubscribe',
          'e.attempts',
          'e.createdAt',
        ])
        .where('e.lane = :lane', { lane: 'bulk' })
        .andWhere('e.status = :status', { status: 'queued' })
        .andWhere('e.nextAttemptAt <= :now', { now })
        .orderBy('e.nextAttemptAt', 'ASC')
        .addOrderBy('e.id', 'ASC')
        .limit(rate > 0 ? Math.min(rate, BULK_BATCH) : BULK_BATCH);
      if (this.dataSource.options.type !== 'better-sqlite3')
        query.setLock('pessimistic_write').setOnLocked('skip_locked');
      let found = await query.getMany();
      if (found.length === 0) return { claimed: [], due: false };
      if (rate > 0) {
        const limit = { max: rate, windowMs: 1000, aligned: true };
        const { granted } = await takeQuotaUpTo(manager, BULK_RATE_QUOTA, limit, now, found.length);
        found = found.slice(0, granted);
        if (found.length === 0) return { claimed: [], due: true };
      }
      const ids = found.map((e) => e.id);
      // The same conditions again: on SQLite another process may have claimed them meanwhile.
      await manager.update(
        OutboxEmail,
        { id: In(ids), status: 'queued', nextAttemptAt: LessThanOrEqual(now) },
        { nextAttemptAt: now + LEASE_MS, attempts: () => 'attempts + 1' },
      );
      const claimed = await manager.getRepository(OutboxEmail).find({
        select: { id: true, attempts: true },
        where: { id: In(ids), nextAttemptAt: now + LEASE_MS },
      });
      const attempts = new Map(claimed.map((e) => [e.id, e.attempts]));
      const taken = found
        .filter((e) => attempts.has(e.id))
        .map((e) =>
          Object.assign(e, { attempts: attempts.get(e.id)!, nextAttemptAt: now + LEASE_MS }),
        );
      return { claimed: taken, due: true };
    });
  }

  /** Gives claimed bulk emails back, due at once, their attempt uncounted. */
  private async giveBack(emails: OutboxEmail[]): Promise<void> {
    if (emails.length === 0) return;
    await this.transactions.run((manager) =>
      manager.update(
        OutboxEmail,
        { id: In(emails.map((e) => e.id)), nextAttemptAt: emails[0].nextAttemptAt },
        { nextAttemptAt: this.clock.now().getTime(), attempts: () => 'attempts - 1' },
      ),
    );
  }

  /**
   * Sends a few bulk emails at once, one lane per pooled connection: each lane checks its next
   * email (its kind's pre-send check) and hands it over at once, so no email checked as fit to go
   * waits behind another's SMTP exchange. The outcomes are then recorded in one transaction,
   * with the owners' records of them (`BulkKind.settled`): the sent, skipped and failed for good
   * leave the outbox (their owner keeps what became of them), the refused for now wait for their
   * next attempt, those their owner paused are given back.
   */
  private async deliverBulk(emails: OutboxEmail[], batch: BatchMemo): Promise<void> {
    const outcomes: BulkOutcome[] = [];
    const later: OutboxEmail[] = [];
    const dropped: OutboxEmail[] = [];
    const retries: [OutboxEmail, string][] = [];
    const waiting = [...emails];
    const lane = async () => {
      for (let email = waiting.shift(); email; email = waiting.shift()) {
        const due = dueEmail(email);
        const handler = this.checks.of(email.kind);
        // Known as being handed over before the check reads anything: what the owner records
        // after the check began waits, if it asks, for the hand-over's end.
        const handedOver = this.checks.begin(email.toAddress);
        try {
          const decision = handler ? await handler.check(due, batch) : { send: {} };
          if ('later' in decision) later.push(email);
          else if ('drop' in decision) dropped.push(email);
          else if ('skip' in decision)
            outcomes.push({
              email: due,
              outcome: 'skipped',
              reason: decision.skip,
              permanent: false,
            });
          else {
            try {
              await this.handOver(email, decision.send);
              outcomes.push({ email: due, outcome: 'sent', reason: null, permanent: false });
            } catch (error) {
              const now = this.clock.now().getTime();
              const answer = describeSmtpError(error);
              const permanent = refusedForGood(error);
              const expired = now + retryDelay(email.attempts) > email.createdAt + GIVE_UP_AFTER_MS;
              if (permanent || expired)
                outcomes.push({ email: due, outcome: 'failed', reason: answer, permanent });
              else retries.push([email, answer]);
              this.logger.warn(
                `Email ${email.id} (${email.kind}) ${permanent || expired ? 'failed' : 'will be retried'}: ${errorCode(error)}`,
              );
            }
          }
        } finally {
          handedOver();
        }
      }
    };
    await Promise.all(Array.from({ length: BULK_CONNECTIONS }, lane));

    const now = this.clock.now().getTime();
    await this.transactions.run(async (manager) => {
      const gone = [...outcomes.map((o) => o.email.id), ...dropped.map((e) => e.id)];
      if (gone.length) await manager.delete(OutboxEmail, { id: In(gone) });
      for (const [email, answer] of retries)
        await manager.update(
          OutboxEmail,
          { id: email.id },
          { lastError: answer, nextAttemptAt: now + retryDelay(email.attempts) },
        );
      if (later.length)
        await manager.update(
          OutboxEmail,
          { id: In(later.map((e) => e.id)), nextAttemptAt: later[0].nextAttemptAt },
          { nextAttemptAt: now, attempts: () => 'attempts - 1' },
        );
      for (const kind of new Set(outcomes.map((o) => o.email.kind))) {
        const handler = this.checks.of(kind);
        if (handler)
          await handler.settled(
            manager,
            outcomes.filter((o) => o.email.kind === kind),
          );
      }
    });
  }

  /** One bulk email, with the parts its check filled in over the row's. */
  private async handOver(email: OutboxEmail, parts: HandOverParts): Promise<void> {
    const listUnsubscribe =
      parts.listUnsubscribe === undefined ? email.listUnsubscribe : parts.listUnsubscribe;
    await this.bulkTransport!.sendMail({
      from: this.config.mail.from,
      to: { name: email.toName ?? '', address: email.toAddress },
      subject: parts.subject ?? email.subject,
      html: parts.html ?? (await this.mjml.htmlOf(email)),
      text: parts.text ?? email.text,
      messageId: email.messageId,
      ...(listUnsubscribe
        ? {
            list: { unsubscribe: listUnsubscribe, ...(parts.listId ? { id: parts.listId } : {}) },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
    });
  }
}

const dueEmail = (email: OutboxEmail): DueEmail => ({
  id: email.id,
  key: email.key,
  kind: email.kind,
  subjectType: email.subjectType,
  subjectId: email.subjectId,
  toAddress: email.toAddress,
  messageId: email.messageId,
  listUnsubscribe: email.listUnsubscribe,
  attempts: email.attempts,
  createdAt: email.createdAt,
});
