import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { DataSource, In, LessThanOrEqual } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { DomainEvents } from '../../common/domain-events.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transaction.js';
import { takeQuotaUpTo } from '../email/mail-quotas.js';
import { GIVE_UP_AFTER_MS, LEASE_MS, retryDelay } from '../email/mail-sender.service.js';
import { describeSmtpError, errorCode, isPermanent, smtpTransport } from '../email/smtp.js';
import { NewsletterService, newsletterUnsubscribeLink } from '../newsletter/index.js';
import { perkOf, personalise } from './campaign-content.js';
import { CampaignRecipient, CampaignRecord } from './campaign.entity.js';
import { CampaignsService, countOnce } from './campaigns.service.js';
import { SuppressionsService } from './suppressions.service.js';

/** How often the sender looks for work: a pause is seen within this, and within a batch's time. */
export const CAMPAIGN_POLL_MS = 250;
/** Recipients claimed at most per batch when no rate cap applies. */
const UNCAPPED_BATCH = 100;
/** The campaigns' pooled SMTP connections, each a lane of its own (see `deliver`). */
const SMTP_CONNECTIONS = 4;
/** Messages sent between two looks at their campaigns' status, and marked sent together. */
const SEND_AT_ONCE = SMTP_CONNECTIONS * 2;
/** The campaigns' share of the rate, counted across instances in `mail_quotas`. */
const RATE_QUOTA = 'campaigns:rate';
/** How long a claimed batch may take before its status is looked at again. */
const STATUS_CHECK_MS = 200;
/**
 * How long an unsubscribe waits, at most, for a message to its address that this instance was
 * handing over as it came in (see `handingOver`): long enough for an SMTP exchange, short enough
 * that a hung server does not hold the fan's page.
 */
export const UNSUBSCRIBE_WAITS_MS = 5000;

/**
 * Delivers campaigns, in a lane of its own beside the outbox's sender, so an order confirmation
 * never waits behind a campaign. Each pass starts the scheduled campaigns that are due, claims a
 * batch of recipients of sending campaigns with a lease (as the outbox claims its rows:
 * `FOR UPDATE SKIP LOCKED` on MySQL/MariaDB), within the rate counted in the database for all
 * instances, and sends each with its fixed Message-ID, unless its address has unsubscribed or
 * been suppressed meanwhile. A kill at any moment leaves the lease to run out: the same message is
 * sent again, never a different one, and none is lost.
 */
@Injectable()
export class CampaignSender implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CampaignSender.name);
  private readonly transport?: Transporter;
  private timer?: NodeJS.Timeout;
  private pass?: Promise<void>;
  private stopped = false;
  /**
   * The addresses this instance is checking and sending to right now, each with the promise of
   * that hand-over's end. An unsubscribe answered between the check and the SMTP server's
   * MAIL FROM would otherwise be followed by the message; it waits for the hand-over instead.
   */
  private readonly handingOver = new Map<string, Promise<void>>();
  /** The campaigns whose list of recipients this instance is writing, beside its sending. */
  private readonly listing = new Map<number, Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly campaigns: CampaignsService,
    private readonly newsletter: NewsletterService,
    private readonly suppressions: SuppressionsService,
    private readonly transactions: Transactions,
    events: DomainEvents,
  ) {
    const smtpUrl = config.mail.smtpUrl;
    if (smtpUrl) this.transport = smtpTransport(smtpUrl, { maxConnections: SMTP_CONNECTIONS });
    events.on('FanUnsubscribed', (_manager, { email }) => this.handedOver(email));
  }

  /**
   * Resolves once no message to this address is being handed over here, or after
   * UNSUBSCRIBE_WAITS_MS: the newsletter answers an unsubscribe only after this, so no message
   * this instance checked before the unsubscribe reaches the SMTP server after its answer.
   */
  private async handedOver(email: string): Promise<void> {
    const handOver = this.handingOver.get(email);
    if (!handOver) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      handOver,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, UNSUBSCRIBE_WAITS_MS))),
    ]);
    clearTimeout(timer);
  }

  onApplicationBootstrap(): void {
    if (this.transport) this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.all([this.pass, ...this.listing.values()]);
    this.transport?.close();
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.pass = this.work()
        .catch((error: unknown) =>
          this.logger.error(`Sending campaigns failed: ${errorCode(error)}`),
        )
        .finally(() => {
          this.pass = undefined;
          this.schedule(CAMPAIGN_POLL_MS);
        });
    }, delay);
  }

  /**
   * Starts due campaigns and the writing of started campaigns' lists (which goes on beside this
   * pass), then sends batch after batch while there is work and room.
   */
  async work(): Promise<void> {
    await this.startDue();
    await this.fixLists();
    while (!this.stopped) {
      const claimed = await this.claim();
      if (claimed.length === 0) break;
      await this.sendBatch(claimed);
    }
    await this.finishDone();
  }

  private async startDue(): Promise<void> {
    const now = this.clock.now().getTime();
    const due = await this.dataSource.getRepository(CampaignRecord).find({
      select: { id: true },
      where: { status: 'scheduled', scheduledAt: LessThanOrEqual(now) },
    });
    for (const { id } of due) await this.campaigns.start(id, 'scheduled');
  }

  /**
   * Writes, in the background, the list of each started campaign whose list is not written yet:
   * one just started, or one whose writing a kill or a stop cut short. The recipients written so
   * far are sent meanwhile; the campaign is finished only once its list is complete.
   */
  private async fixLists(): Promise<void> {
    for (const id of await this.campaigns.unfixed()) {
      if (this.listing.has(id) || this.stopped) continue;
      const writing = this.campaigns
        .fixRecipients(id, () => this.stopped)
        .catch((error: unknown) =>
          this.logger.error(
            `Writing the recipients of campaign ${id} failed (tried again shortly): ${errorCode(error)}`,
          ),
        )
        .finally(() => this.listing.delete(id));
      this.listing.set(id, writing);
    }
  }

  /**
   * Takes due recipients of sending campaigns for LEASE_MS, counting the attempt: at most as many
   * as the rate leaves in this second across instances.
   */
  private claim(): Promise<CampaignRecipient[]> {
    const now = this.clock.now().getTime();
    const rate = this.config.mail.campaignRatePerSecond;
    return this.transactions.run(async (manager) => {
      const sending = await manager
        .getRepository(CampaignRecord)
        .find({ select: { id: true }, where: { status: 'sending' } });
      if (sending.length === 0) return [];
      const query = manager
        .getRepository(CampaignRecipient)
        .createQueryBuilder('r')
        .where("r.status = 'queued'")
        .andWhere('r.nextAttemptAt <= :now', { now })
        .andWhere('r.campaignId IN (:...ids)', { ids: sending.map((c) => c.id) })
        .orderBy('r.nextAttemptAt', 'ASC')
        .addOrderBy('r.id', 'ASC')
        .limit(rate > 0 ? Math.min(rate, UNCAPPED_BATCH) : UNCAPPED_BATCH);
      if (this.dataSource.options.type !== 'better-sqlite3')
        query.setLock('pessimistic_write').setOnLocked('skip_locked');
      let found = await query.getMany();
      if (found.length === 0) return [];
      if (rate > 0) {
        const limit = { max: rate, windowMs: 1000, aligned: true };
        const { granted } = await takeQuotaUpTo(manager, RATE_QUOTA, limit, now, found.length);
        found = found.slice(0, granted);
        if (found.length === 0) return [];
      }
      const ids = found.map((r) => r.id);
      // The same conditions again: on SQLite another process may have claimed them meanwhile.
      await manager.update(
        CampaignRecipient,
        { id: In(ids), status: 'queued', nextAttemptAt: LessThanOrEqual(now) },
        { nextAttemptAt: now + LEASE_MS, attempts: () => 'attempts + 1' },
      );
      return manager
        .getRepository(CampaignRecipient)
        .findBy({ id: In(ids), nextAttemptAt: now + LEASE_MS });
    });
  }

  /**
   * Sends a claimed batch a few at a time, each few at once over the pooled connections: their
   * campaigns' status is looked at again every STATUS_CHECK_MS (a paused or cancelled campaign's
   * rest goes back), their addresses are checked for an unsubscribe or suppression just before,
   * and the sent are marked in one transaction after.
   */
  private async sendBatch(claimed: CampaignRecipient[]): Promise<void> {
    const campaigns = new Map<number, SendingCampaign>();
    const stopped = new Set<number>();
    let checkedAt = 0;
    for (let start = 0; start < claimed.length; start += SEND_AT_ONCE) {
      // A pause or cancel is seen within STATUS_CHECK_MS: the rest of the batch goes back.
      if (Date.now() - checkedAt > STATUS_CHECK_MS) {
        campaigns.clear();
        checkedAt = Date.now();
      }
      const ready: [CampaignRecipient, SendingCampaign][] = [];
      for (const recipient of claimed.slice(start, start + SEND_AT_ONCE)) {
        if (stopped.has(recipient.campaignId)) continue;
        let campaign = campaigns.get(recipient.campaignId);
        if (!campaign) {
          campaign = await this.sendingCampaign(recipient.campaignId);
          campaigns.set(recipient.campaignId, campaign);
        }
        if (campaign.status !== 'sending') {
          stopped.add(recipient.campaignId);
          await this.release(
            claimed.slice(start).filter((r) => r.campaignId === recipient.campaignId),
          );
          continue;
        }
        ready.push([recipient, campaign]);
      }
      await this.deliver(ready);
    }
  }

  private async sendingCampaign(id: number): Promise<SendingCampaign> {
    const row = await this.dataSource.getRepository(CampaignRecord).findOne({
      select: {
        id: true,
        status: true,
        html: true,
        text: true,
        subject: true,
        startedAt: true,
        audience: true,
      },
      where: { id },
    });
    return {
      status: row?.status ?? 'cancelled',
      perk: row ? perkOf(row) !== null : false,
      html: row?.html ?? '',
      text: row?.text ?? '',
      subject: row?.subject ?? '',
      startedAt: row?.startedAt ?? 0,
    };
  }

  /** Gives claimed recipients of a paused or cancelled campaign back, their attempt uncounted. */
  private async release(recipients: CampaignRecipient[]): Promise<void> {
    if (recipients.length === 0) return;
    await this.dataSource
      .getRepository(CampaignRecipient)
      .update(
        { id: In(recipients.map((r) => r.id)), status: 'queued' },
        { nextAttemptAt: this.clock.now().getTime(), attempts: () => 'attempts - 1' },
      );
  }

  /**
   * Sends some recipients' messages, but not to those who left or were suppressed: one lane per
   * pooled connection, each checking its next recipient and handing the message over at once, so
   * no message checked as still subscribed waits behind another's SMTP exchange. The skipped and
   * the sent are marked after, the sent in one transaction.
   */
  private async deliver(batch: [CampaignRecipient, SendingCampaign][]): Promise<void> {
    if (batch.length === 0) return;
    const left: CampaignRecipient[] = [];
    const barred: CampaignRecipient[] = [];
    const sent: CampaignRecipient[] = [];
    const failures: [CampaignRecipient, SendingCampaign, unknown][] = [];
    const waiting = [...batch];
    const lane = async () => {
      for (let next = waiting.shift(); next; next = waiting.shift()) {
        const [recipient, campaign] = next;
        // Known as being handed over before the check reads the address's state: an unsubscribe
        // written before the read is seen by it, one written after waits for the hand-over.
        let handedOver = () => {};
        const handOver = new Promise<void>((resolve) => (handedOver = resolve));
        this.handingOver.set(recipient.email, handOver);
        try {
          // A perk's message comes with her membership: the newsletter's unsubscribe is not asked.
          const [subscribed, suppressed] = await Promise.all([
            campaign.perk ? null : this.newsletter.stillSubscribed([recipient.email]),
            this.suppressions.suppressedAmong([recipient.email]),
          ]);
          if (subscribed && !subscribed.has(recipient.email)) left.push(recipient);
          else if (suppressed.has(recipient.email)) barred.push(recipient);
          else
            await this.send(recipient, campaign).then(
              () => sent.push(recipient),
              (error: unknown) => failures.push([recipient, campaign, error]),
            );
        } finally {
          if (this.handingOver.get(recipient.email) === handOver)
            this.handingOver.delete(recipient.email);
          handedOver();
        }
      }
    };
    await Promise.all(Array.from({ length: SMTP_CONNECTIONS }, lane));

    const repository = this.dataSource.getRepository(CampaignRecipient);
    const skip = (why: string, skipped: CampaignRecipient[]) =>
      skipped.length === 0
        ? undefined
        : repository.update(
            { id: In(skipped.map((r) => r.id)), status: 'queued' },
            { status: 'skipped', lastError: why },
          );
    await Promise.all([skip('unsubscribed', left), skip('suppressed', barred)]);
    const now = this.clock.now().getTime();
    if (sent.length)
      await this.transactions.run(async (manager) => {
        for (const campaignId of new Set(sent.map((r) => r.campaignId))) {
          const ids = sent.filter((r) => r.campaignId === campaignId).map((r) => r.id);
          const marked = await manager.update(
            CampaignRecipient,
            { id: In(ids), status: 'queued' },
            { status: 'sent', sentAt: now, lastError: null },
          );
          if (marked.affected)
            await manager.increment(CampaignRecord, { id: campaignId }, 'sent', marked.affected);
        }
      });
    for (const [recipient, campaign, error] of failures)
      await this.failed(recipient, campaign, error);
  }

  /**
   * One recipient's message, with its fixed Message-ID and their own unsubscribe link; a perk's
   * message, which her membership brings, has none (its footer links to her account).
   */
  private async send(recipient: CampaignRecipient, campaign: SendingCampaign): Promise<void> {
    if (campaign.perk) {
      await this.transport!.sendMail({
        from: this.config.mail.from,
        to: { name: '', address: recipient.email },
        subject: campaign.subject,
        html: campaign.html,
        text: campaign.text,
        messageId: recipient.messageId,
      });
      return;
    }
    const unsubscribe = newsletterUnsubscribeLink(this.config.publicUrl, recipient.token);
    const { html, text } = personalise(campaign, unsubscribe);
    const host = new URL(this.config.publicUrl).hostname || 'localhost';
    await this.transport!.sendMail({
      from: this.config.mail.from,
      to: { name: '', address: recipient.email },
      subject: campaign.subject,
      html,
      text,
      messageId: recipient.messageId,
      list: {
        unsubscribe: unsubscribe,
        id: { url: `newsletter.${host}`, comment: `${this.config.mail.from.name} newsletter` },
      },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }

  /**
   * A 5xx is a hard bounce: the recipient fails, the address is suppressed, and the bounce counts
   * on this campaign. Anything else is retried as the outbox retries, until a day has passed.
   */
  private async failed(
    recipient: CampaignRecipient,
    campaign: SendingCampaign,
    error: unknown,
  ): Promise<void> {
    const now = this.clock.now().getTime();
    const answer = describeSmtpError(error);
    const permanent = isPermanent(error);
    const expired = now + retryDelay(recipient.attempts) > campaign.startedAt + GIVE_UP_AFTER_MS;
    if (!permanent && !expired) {
      await this.dataSource
        .getRepository(CampaignRecipient)
        .update(
          { id: recipient.id, status: 'queued' },
          { lastError: answer, nextAttemptAt: now + retryDelay(recipient.attempts) },
        );
      return;
    }
    await this.transactions.run(async (manager) => {
      const marked = await manager.update(
        CampaignRecipient,
        { id: recipient.id, status: 'queued' },
        { status: 'failed', lastError: answer },
      );
      if (!marked.affected) return;
      await manager.increment(CampaignRecord, { id: recipient.campaignId }, 'failed', 1);
      if (permanent) await countOnce(manager, recipient, 'bounced', now);
    });
    if (permanent)
      await this.suppressions.add(recipient.email, 'bounce', answer, recipient.campaignId);
    this.logger.warn(
      `Campaign ${recipient.campaignId} recipient ${recipient.id} failed: ${errorCode(error)}`,
    );
  }

  /** Sending campaigns whose whole list is written and who have nobody left to send to are sent. */
  private async finishDone(): Promise<void> {
    const now = this.clock.now().getTime();
    await this.dataSource
      .createQueryBuilder()
      .update(CampaignRecord)
      .set({ status: 'sent', finishedAt: now })
      .where("status = 'sending'")
      .andWhere('recipientsFixedAt IS NOT NULL')
      .andWhere(
        "NOT EXISTS (SELECT 1 FROM campaign_recipients r WHERE r.campaignId = campaigns.id AND r.status = 'queued')",
      )
      .execute();
  }
}

interface SendingCampaign {
  status: string;
  /** A membership perk's message: sent whether or not the member is on the mailing list. */
  perk: boolean;
  html: string;
  text: string;
  subject: string;
  startedAt: number;
}
