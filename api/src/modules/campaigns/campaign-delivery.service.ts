import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DataSource, In, IsNull, LessThanOrEqual, Not, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { DomainEvents } from '../../common/domain-events.js';
import { Poller } from '../../common/poller.js';
import { normaliseEmail } from '../../common/strings.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import {
  PreSendChecks,
  type BatchMemo,
  type BulkOutcome,
  type DueEmail,
  type PreSendDecision,
} from '../email/index.js';
import { NewsletterService, newsletterUnsubscribeLink } from '../newsletter/index.js';
import { perkOf, personalise } from './campaign-content.js';
import { CampaignRecipient, CampaignRecord } from './campaign.entity.js';
import { CampaignsService, countOnce } from './campaigns.service.js';
import { SuppressionsService } from './suppressions.service.js';

/**
 * How often campaigns are looked at (scheduled ones started, lists written, the done finished):
 * every 250 ms while a list is being written, every second otherwise, so a campaign sent or due
 * starts within a second.
 */
const CAMPAIGN_PACE = { busyMs: 250, idleMs: 1000 };
/** How often finished campaigns are looked for. */
const FINISH_CHECK_MS = 1000;
/** How long a campaign's status, read for its messages' checks, is trusted: a pause is seen within it. */
const STATUS_CHECK_MS = 200;
/**
 * How long an unsubscribe waits, at most, for a message to its address that this instance was
 * handing over as it came in: long enough for an SMTP exchange, short enough that a hung server
 * does not hold the fan's page.
 */
export const UNSUBSCRIBE_WAITS_MS = 5000;
/** The outbox kind of a campaign's messages. */
const KIND = 'campaign';

/**
 * Campaigns' part in their delivery, which the outbox's bulk lane does (`MailSender`). Each
 * recipient's message is queued there with its recipient row (`CampaignsService.fixRecipients`);
 * this provider:
 * - checks each message just before its hand-over (the check of kind `campaign`): its campaign
 *   still sending (a paused one's are given back, a cancelled or deleted one's dropped), the
 *   address not suppressed and, unless the campaign is a membership perk's message, still
 *   subscribed to the newsletter; and fills in the campaign's body, stored once on it, with the
 *   recipient's unsubscribe link and the List-Id;
 * - records what became of each message on its recipient row and the campaign's counts, in the
 *   transaction that records it in the outbox; a hard bounce suppresses the address;
 * - answers an unsubscribe only once no message to that address is being handed over here;
 * - starts scheduled campaigns at their time, has the lists of started ones written, and marks a
 *   campaign sent once its whole list is written and nobody on it is still queued.
 */
@Injectable()
export class CampaignDelivery implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CampaignDelivery.name);
  private readonly poller = new Poller(
    () => this.work(),
    CAMPAIGN_PACE,
    (error) => this.logger.error(`Looking at campaigns failed: ${errorName(error)}`),
  );
  private stopped = false;
  /** When `finishDone` last looked. */
  private finishCheckedAt = 0;
  /** The campaigns whose list of recipients this instance is writing. */
  private readonly listing = new Map<number, Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly campaigns: CampaignsService,
    private readonly newsletter: NewsletterService,
    private readonly suppressions: SuppressionsService,
    private readonly checks: PreSendChecks,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.checks.register(KIND, {
      check: (email, batch) => this.check(email, batch),
      settled: (manager, outcomes) => this.settled(manager, outcomes),
    });
    // No message checked before the unsubscribe reaches the SMTP server after its answer.
    this.events.on('FanUnsubscribed', (_manager, { email }) =>
      this.checks.handedOver(normaliseEmail(email), UNSUBSCRIBE_WAITS_MS),
    );
  }

  onApplicationBootstrap(): void {
    if (this.config.mail.smtpUrl) this.poller.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.poller.stop();
    await Promise.all(this.listing.values());
  }

  /**
   * Starts due campaigns, has started campaigns' lists written, and finishes the done; whether a
   * list is being written (the next look comes sooner then).
   */
  async work(): Promise<boolean> {
    await this.startDue();
    await this.fixLists();
    await this.finishDone();
    return this.listing.size > 0;
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
            `Writing the recipients of campaign ${id} failed (tried again shortly): ${errorName(error)}`,
          ),
        )
        .finally(() => this.listing.delete(id));
      this.listing.set(id, writing);
    }
  }

  /**
   * Sending campaigns whose whole list is written and who have nobody left to send to are sent.
   * Read without locks (this runs every pass, beside the bulk lane's writes to the same rows): once
   * a list is written no recipient becomes queued again, so what the read finds stays true.
   */
  private async finishDone(): Promise<void> {
    if (Date.now() - this.finishCheckedAt < FINISH_CHECK_MS) return;
    this.finishCheckedAt = Date.now();
    const campaigns = this.dataSource.getRepository(CampaignRecord);
    const candidates = await campaigns.find({
      select: { id: true },
      where: { status: 'sending', recipientsFixedAt: Not(IsNull()) },
    });
    const recipients = this.dataSource.getRepository(CampaignRecipient);
    for (const { id } of candidates) {
      if (await recipients.existsBy({ campaignId: id, status: 'queued' })) continue;
      const now = this.clock.now().getTime();
      await campaigns.update({ id, status: 'sending' }, { status: 'sent', finishedAt: now });
    }
  }

  /** The check of a campaign's message, just before its hand-over. */
  private async check(email: DueEmail, batch: BatchMemo): Promise<PreSendDecision> {
    const id = Number(email.subjectId);
    const campaign = await batch.get(`campaign:${id}`, () => this.sending(id), STATUS_CHECK_MS);
    if (campaign === null || campaign.status === 'cancelled') return { drop: true };
    if (campaign.status !== 'sending') return { later: true };
    const address = email.toAddress;
    // A perk's message comes with her membership: the newsletter's unsubscribe is not asked.
    const [subscribed, suppressed] = await Promise.all([
      campaign.perk ? null : this.newsletter.stillSubscribed([address]),
      this.suppressions.suppressedAmong([address]),
    ]);
    if (subscribed && !subscribed.has(address)) return { skip: 'unsubscribed' };
    if (suppressed.has(address)) return { skip: 'suppressed' };
    if (campaign.perk)
      return { send: { html: campaign.html, text: campaign.text, listUnsubscribe: null } };
    // Queued by the migration from the campaigns' own sender: the link from the recipient's token.
    const unsubscribe = email.listUnsubscribe ?? (await this.unsubscribeLink(email));
    if (unsubscribe === null) return { drop: true };
    const host = new URL(this.config.publicUrl).hostname || 'localhost';
    return {
      send: {
        ...personalise(campaign, unsubscribe),
        listUnsubscribe: unsubscribe,
        listId: { url: `newsletter.${host}`, comment: `${this.config.mail.from.name} newsletter` },
      },
    };
  }

  private async unsubscribeLink(email: DueEmail): Promise<string | null> {
    const recipient = await this.dataSource
      .getRepository(CampaignRecipient)
      .findOne({ select: { id: true, token: true }, where: { id: recipientOf(email) } });
    return recipient ? newsletterUnsubscribeLink(this.config.publicUrl, recipient.token) : null;
  }

  private async sending(id: number): Promise<SendingCampaign | null> {
    const row = await this.dataSource.getRepository(CampaignRecord).findOne({
      select: { id: true, status: true, html: true, text: true, audience: true },
      where: { id },
    });
    if (!row) return null;
    return {
      status: row.status,
      perk: perkOf(row) !== null,
      html: row.html ?? '',
      text: row.text ?? '',
    };
  }

  /**
   * Records what became of campaigns' messages on their recipient rows and the campaigns' counts,
   * in the outbox's transaction. A recipient no longer queued (erased, or recorded already) is
   * left as it is.
   */
  private async settled(manager: EntityManager, outcomes: BulkOutcome[]): Promise<void> {
    const now = this.clock.now().getTime();
    const sent = outcomes.filter((o) => o.outcome === 'sent');
    for (const campaignId of new Set(sent.map((o) => Number(o.email.subjectId)))) {
      const ids = sent
        .filter((o) => Number(o.email.subjectId) === campaignId)
        .map((o) => recipientOf(o.email));
      const marked = await manager.update(
        CampaignRecipient,
        { id: In(ids), status: 'queued' },
        { status: 'sent', sentAt: now, lastError: null },
      );
      if (marked.affected)
        await manager.increment(CampaignRecord, { id: campaignId }, 'sent', marked.affected);
    }
    for (const reason of ['unsubscribed', 'suppressed']) {
      const skipped = outcomes.filter((o) => o.outcome === 'skipped' && o.reason === reason);
      if (skipped.length)
        await manager.update(
          CampaignRecipient,
          { id: In(skipped.map((o) => recipientOf(o.email))), status: 'queued' },
          { status: 'skipped', lastError: reason },
        );
    }
    for (const failure of outcomes.filter((o) => o.outcome === 'failed')) {
      const recipient = await manager.findOneBy(CampaignRecipient, {
        id: recipientOf(failure.email),
        status: 'queued',
      });
      if (!recipient) continue;
      await manager.update(
        CampaignRecipient,
        { id: recipient.id, status: 'queued' },
        { status: 'failed', lastError: failure.reason },
      );
      await manager.increment(CampaignRecord, { id: recipient.campaignId }, 'failed', 1);
      if (failure.permanent) {
        await countOnce(manager, recipient, 'bounced', now);
        await this.suppressions.add(
          recipient.email,
          'bounce',
          failure.reason,
          recipient.campaignId,
          manager,
        );
      }
      this.logger.warn(`Campaign ${recipient.campaignId} recipient ${recipient.id} failed`);
    }
  }
}

interface SendingCampaign {
  status: string;
  /** A membership perk's message: sent whether or not the member is on the mailing list. */
  perk: boolean;
  html: string;
  text: string;
}

/** An error's code or name for the log: never its message, which may hold an address. */
const errorName = (error: unknown) =>
  (error as { code?: unknown }).code?.toString() ?? (error as Error).name ?? 'error';

/** The recipient row of a campaign's message, from its key `campaign:<campaign>:<recipient>`. */
const recipientOf = (email: DueEmail) => Number(email.key.split(':')[2]);
