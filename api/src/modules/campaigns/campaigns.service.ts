import { randomBytes } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { DataSource, In, IsNull, Not, type EntityManager } from 'typeorm';
import {
  CAMPAIGN_LIST_FILTERS,
  POSTAL_ADDRESS_REQUIRED,
  type Campaign,
  type CampaignAudience,
  type CampaignInput,
  type CampaignListFilter,
  type CampaignSort,
  type CampaignStatus,
  type CampaignTopic,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { DomainEvents } from '../../common/domain-events.js';
import { filtersByValue, type ListDefinition } from '../../lists/list.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { Transactions } from '../../database/transaction.js';
import { ContentService } from '../content/index.js';
import { newLinkToken } from '../../common/link-pages.js';
import { MjmlCompiler, OutboxService, type QueuedEmail } from '../email/index.js';
import { AudienceService } from './audience.service.js';
import { perkOf, renderCampaign, UNSUBSCRIBE_PLACEHOLDER } from './campaign-content.js';
import { newsletterUnsubscribeLink } from '../newsletter/index.js';
import { CampaignRecipient, CampaignRecord } from './campaign.entity.js';

/** Recipients written per insert (and per transaction) when a campaign's list is fixed. */
const INSERT_BATCH = 250;
/** The longest pause between two batches of a list (each pause is as long as its batch took). */
const LIST_PAUSE_MAX_MS = 1000;
/** A scheduled time this far in the past is refused rather than taken as "now". */
const PAST_GRACE_MS = 60_000;

/** Campaigns: drafts, their audience, sending, pausing and the counts. */
@Injectable()
export class CampaignsService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly audience: AudienceService,
    private readonly content: ContentService,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
    private readonly events: DomainEvents,
    private readonly mjml: MjmlCompiler,
  ) {}

  private get campaigns() {
    return this.dataSource.getRepository(CampaignRecord);
  }

  onModuleInit(): void {
    // An unsubscribe counts on the latest campaign the fan was sent.
    this.events.on('FanUnsubscribed', async (_manager, { email }) => {
      await this.countOnLatest(email, 'unsubscribed');
    });
  }

  listDefinition(): ListDefinition<CampaignRecord, Campaign, CampaignListFilter, CampaignSort> {
    return {
      repository: this.campaigns,
      alias: 'c',
      filters: filtersByValue('c.status', CAMPAIGN_LIST_FILTERS),
      searchColumns: ['subject'],
      sorts: {
        createdAt: 'c.createdAt',
        subject: 'c.subject',
        status: 'c.status',
        scheduledAt: 'c.scheduledAt',
        sent: 'c.sent',
      },
      defaultSort: '-createdAt',
      select: [
        'c.id',
        'c.pageId',
        'c.subject',
        'c.body',
        'c.audience',
        'c.status',
        'c.scheduledAt',
        'c.startedAt',
        'c.finishedAt',
        'c.recipients',
        'c.sent',
        'c.failed',
        'c.bounced',
        'c.complained',
        'c.unsubscribed',
        'c.createdAt',
        'c.updatedAt',
      ],
      toRow: toCampaign,
    };
  }

  async create(input: CampaignInput): Promise<Campaign> {
    await this.audience.check(input.audience);
    const now = this.clock.now().getTime();
    const { identifiers } = await this.campaigns.insert({
      pageId: newLinkToken(),
      subject: input.subject,
      body: input.body,
      audience: JSON.stringify(cleanAudience(input.audience)),
      topic: input.topic ?? 'news',
      status: 'draft',
      createdAt: now,
      updatedAt: now,
    });
    return this.get(Number(identifiers[0].id));
  }

  async get(id: number): Promise<Campaign> {
    return toCampaign(await this.find(id));
  }

  private async find(id: number): Promise<CampaignRecord> {
    const found = await this.campaigns.findOneBy({ id });
    if (!found) throw new NotFoundException('Campaign not found.');
    return found;
  }

  async update(id: number, input: CampaignInput): Promise<Campaign> {
    await this.audience.check(input.audience);
    const changed = await this.campaigns.update(
      { id, status: 'draft' },
      {
        subject: input.subject,
        body: input.body,
        audience: JSON.stringify(cleanAudience(input.audience)),
        // Left out, the topic stays as it was (the editor of an announcement keeps `shows`).
        ...(input.topic && { topic: input.topic }),
        updatedAt: this.clock.now().getTime(),
      },
    );
    if (!changed.affected) throw notDraft(await this.find(id), 'changed');
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const removed = await this.campaigns.delete({ id, status: 'draft' });
    if (!removed.affected) throw notDraft(await this.find(id), 'deleted');
  }

  async count(
    audience: CampaignAudience,
    topic: CampaignTopic = 'news',
  ): Promise<{ count: number; unknownLocation: number }> {
    return this.audience.count(cleanAudience(audience), topic);
  }

  async preview(id: number): Promise<{ subject: string; html: string; text: string }> {
    const campaign = await this.find(id);
    const postalAddress = (await this.content.get()).postalAddress;
    const content = await renderCampaign(campaign, this.config.publicUrl, postalAddress, this.mjml);
    const link = `${this.config.publicUrl}/#email-signup`;
    return {
      subject: content.subject,
      html: content.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link),
      text: content.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link),
    };
  }

  /** A copy marked as a test to up to 5 addresses, through the outbox; nothing is counted. */
  async test(id: number, emails: string[]): Promise<void> {
    const campaign = await this.find(id);
    const postalAddress = await this.postalAddress();
    const content = await renderCampaign(
      campaign,
      this.config.publicUrl,
      postalAddress,
      this.mjml,
      {
        test: true,
      },
    );
    const placeholder = `${this.config.publicUrl}/#email-signup`;
    const now = this.clock.now().getTime();
    await this.transactions.run(async (manager) => {
      for (const email of new Set(emails)) {
        await this.outbox.queue(manager, {
          key: `campaign-test:${id}:${now}:${randomBytes(6).toString('hex')}`,
          kind: 'campaign-test',
          about: { type: 'campaign', id },
          to: { address: email },
          subject: content.subject,
          html: content.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, placeholder),
          text: content.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, placeholder),
          lane: 'transactional',
        });
      }
    });
  }

  /** Sends now, or schedules for `at`. Only a draft can be sent. */
  async send(id: number, at: string | undefined): Promise<Campaign> {
    const campaign = await this.find(id);
    if (campaign.status !== 'draft') throw notDraft(campaign, 'sent');
    await this.postalAddress();
    if (!this.config.mail.smtpUrl)
      throw new ConflictException(
        'Campaigns cannot be sent while no mail server is set up (SMTP_URL).',
      );
    const now = this.clock.now().getTime();
    const when = at === undefined ? now : Date.parse(at);
    if (when < now - PAST_GRACE_MS)
      throw new BadRequestException('The time to send must not be in the past.');
    if (when > now) {
      const scheduled = await this.campaigns.update(
        { id, status: 'draft' },
        { status: 'scheduled', scheduledAt: when, updatedAt: now },
      );
      if (!scheduled.affected) throw notDraft(await this.find(id), 'sent');
      return this.get(id);
    }
    // What would stop its list being written is said now, before it starts.
    await this.audience.check(JSON.parse(campaign.audience) as CampaignAudience);
    if (!(await this.start(id, 'draft'))) throw notDraft(await this.find(id), 'sent');
    return this.get(id);
  }

  /**
   * Starts sending: one conditional update from `from` (so of two instances, or a click and the
   * schedule, only one starts it). The content every recipient gets is rendered and the list of
   * recipients written after, in the background (`fixRecipients`, run by the sender), so the
   * send is answered at once however long the list (and the first render after a start, which
   * loads MJML, takes a second of CPU).
   */
  async start(id: number, from: 'draft' | 'scheduled'): Promise<boolean> {
    const campaign = await this.find(id);
    const now = this.clock.now().getTime();
    const started = await this.campaigns.update(
      { id, status: from },
      {
        status: 'sending',
        startedAt: now,
        scheduledAt: campaign.scheduledAt ?? now,
        recipients: 0,
        recipientsFixedAt: null,
        updatedAt: now,
      },
    );
    return Boolean(started.affected);
  }

  /** Started campaigns (sending or paused) whose list of recipients is still to be written. */
  async unfixed(): Promise<number[]> {
    const rows = await this.campaigns.find({
      select: { id: true },
      where: { status: In(['sending', 'paused']), recipientsFixedAt: IsNull() },
    });
    return rows.map((row) => row.id);
  }

  /**
   * Writes a started campaign's list of recipients: its audience as it is now, INSERT_BATCH
   * recipients per transaction, each batch committed on its own and followed by a pause as long
   * as it took, so SQLite's one writer is released between batches and other requests go on
   * meanwhile (the sender already sends to those written). Each address is written once: the unique key of campaign and address skips
   * those already there, so a list cut short (a kill, a stop, another instance writing it too)
   * is finished by running this again, with no one left out or written twice. Stops when the
   * campaign is cancelled or gone, another writer has finished the list, or `stopping()` says so;
   * the last step counts the rows and marks the list fixed, after which the campaign can be
   * finished.
   */
  async fixRecipients(id: number, stopping: () => boolean = () => false): Promise<void> {
    const campaign = await this.campaigns.findOneBy({ id });
    if (!campaign || campaign.recipientsFixedAt !== null) return;
    if (campaign.status !== 'sending' && campaign.status !== 'paused') return;
    if (campaign.html === null) {
      // Before any recipient is written: nothing is sent without it.
      const postalAddress = (await this.content.get()).postalAddress;
      const content = await renderCampaign(
        campaign,
        this.config.publicUrl,
        postalAddress,
        this.mjml,
      );
      await this.campaigns.update(
        { id, html: IsNull() },
        { html: content.html, text: content.text },
      );
    }
    const audience = await this.audience.resolve(
      JSON.parse(campaign.audience) as CampaignAudience,
      campaign.topic as CampaignTopic,
    );
    const members = audience.members;
    await this.campaigns.update(
      { id, recipientsFixedAt: IsNull() },
      { recipients: members.length },
    );
    const host = new URL(this.config.publicUrl).hostname || 'localhost';
    const queuedAt = campaign.startedAt ?? this.clock.now().getTime();
    const perk = perkOf(campaign) !== null;
    for (let i = 0; i < members.length; i += INSERT_BATCH) {
      if (stopping()) return;
      const batch = members.slice(i, i + INSERT_BATCH).map((member) => ({
        campaignId: id,
        email: member.email,
        token: member.token,
        messageId: `<campaign.${id}.${randomBytes(12).toString('hex')}@${host}>`,
        status: 'queued',
        attempts: 0,
        nextAttemptAt: queuedAt,
      }));
      const batchStarted = performance.now();
      const going = await this.transactions.run(async (manager) => {
        // In the batch's transaction (its row share-locked on MySQL/MariaDB): no recipient is
        // written for a campaign cancelled, deleted or whose list another writer finished.
        const mysql = this.dataSource.options.type !== 'better-sqlite3';
        const query = manager
          .getRepository(CampaignRecord)
          .createQueryBuilder('c')
          .select(['c.id', 'c.status', 'c.recipientsFixedAt'])
          .where('c.id = :id', { id });
        if (mysql) query.setLock('pessimistic_read');
        const now = await query.getOne();
        if (!now || now.recipientsFixedAt !== null) return false;
        if (now.status !== 'sending' && now.status !== 'paused') return false;
        await manager
          .createQueryBuilder()
          .insert()
          .into(CampaignRecipient)
          .values(batch)
          .orIgnore()
          .updateEntity(false)
          .execute();
        // Each recipient's message, as written (by this writer or another before it: a locking
        // read sees the latest rows), into the outbox's bulk lane with a key of its own, so a
        // second writer queues nothing twice. Its body is the campaign's, filled in at hand-over.
        const written = manager
          .getRepository(CampaignRecipient)
          .createQueryBuilder('r')
          .select(['r.id', 'r.email', 'r.token', 'r.messageId'])
          .where('r.campaignId = :id', { id })
          .andWhere('r.email IN (:...emails)', { emails: batch.map((r) => r.email) })
          .andWhere("r.status = 'queued'");
        if (mysql) written.setLock('pessimistic_read');
        const recipients = await written.getMany();
        await this.outbox.queueBulk(
          manager,
          recipients.map((r) => campaignEmail(this.config, campaign, r, perk)),
          { paused: now.status === 'paused' },
        );
        return true;
      });
      if (!going) return;
      // The rest of the site (requests, the sender sending what is written) gets at least as
      // much time as the list: on SQLite every other query waits for a batch to commit.
      const took = performance.now() - batchStarted;
      await new Promise((resolve) => setTimeout(resolve, Math.min(took, LIST_PAUSE_MAX_MS)));
    }
    if (stopping()) return;
    await this.transactions.run(async (manager) => {
      const written = await manager.countBy(CampaignRecipient, { campaignId: id });
      await manager.update(
        CampaignRecord,
        { id, recipientsFixedAt: IsNull() },
        { recipients: written, recipientsFixedAt: this.clock.now().getTime() },
      );
    });
  }

  async pause(id: number): Promise<Campaign> {
    return this.move(id, ['sending', 'scheduled'], 'paused', 'paused');
  }

  async resume(id: number): Promise<Campaign> {
    const campaign = await this.find(id);
    // A campaign paused before its time goes back to waiting for it.
    const to = campaign.startedAt === null ? 'scheduled' : 'sending';
    return this.move(id, ['paused'], to, 'resumed');
  }

  async cancel(id: number): Promise<Campaign> {
    return this.move(id, ['scheduled', 'sending', 'paused'], 'cancelled', 'cancelled');
  }

  private async move(
    id: number,
    from: CampaignStatus[],
    to: CampaignStatus,
    verb: string,
  ): Promise<Campaign> {
    const now = this.clock.now().getTime();
    const moved = await this.transactions.run(async (manager) => {
      const changed = await manager.update(
        CampaignRecord,
        { id, status: In(from) },
        { status: to, updatedAt: now, ...(to === 'cancelled' ? { finishedAt: now } : {}) },
      );
      if (!changed.affected) return changed;
      // Its messages in the outbox's bulk lane follow, in the same transaction.
      const about = { type: 'campaign' as const, id };
      if (to === 'paused') await this.outbox.pause(manager, about);
      else if (to === 'sending') await this.outbox.resume(manager, about);
      else if (to === 'cancelled') await this.outbox.withdraw(manager, about);
      return changed;
    });
    if (!moved.affected) {
      const campaign = await this.find(id);
      throw new ConflictException(`A ${campaign.status} campaign cannot be ${verb}.`);
    }
    return this.get(id);
  }

  /** The postal address every campaign email carries; 409 while the Page has none. */
  private async postalAddress(): Promise<string> {
    const address = (await this.content.get()).postalAddress.trim();
    if (!address) throw new ConflictException(POSTAL_ADDRESS_REQUIRED);
    return address;
  }

  /**
   * Counts a bounce, complaint or unsubscribe once on the campaign that caused it: the one of
   * `messageId` when known, else the latest campaign sent to the address.
   */
  async countOnLatest(
    email: string,
    what: 'bounced' | 'complained' | 'unsubscribed',
    messageId?: string,
  ): Promise<number | null> {
    return this.transactions.run(async (manager) => {
      const recipients = manager.getRepository(CampaignRecipient);
      const found =
        (messageId ? await recipients.findOneBy({ messageId: angled(messageId) }) : null) ??
        (await recipients.findOne({
          where: {
            email: email.trim().toLowerCase(),
            status: 'sent',
            // A perk's message (no signup token) has no unsubscribe link: it caused none.
            ...(what === 'unsubscribed' ? { token: Not('') } : {}),
          },
          order: { sentAt: 'DESC', id: 'DESC' },
        }));
      if (!found) return null;
      await countOnce(manager, found, what, this.clock.now().getTime());
      return found.campaignId;
    });
  }
}

/** Counts `what` on the recipient's campaign unless that recipient was counted for it already. */
export async function countOnce(
  manager: EntityManager,
  recipient: CampaignRecipient,
  what: 'bounced' | 'complained' | 'unsubscribed',
  now: number,
): Promise<void> {
  const column = `${what}At` as const;
  const marked = await manager
    .createQueryBuilder()
    .update(CampaignRecipient)
    .set({ [column]: now })
    .where('id = :id', { id: recipient.id })
    .andWhere(`${column} IS NULL`)
    .execute();
  if (!marked.affected) return;
  await manager.increment(CampaignRecord, { id: recipient.campaignId }, what, 1);
}

/**
 * A recipient's message as the outbox's bulk lane holds it: its key (one per campaign and
 * address), its Message-ID and unsubscribe link (none for a perk's message), and no body: the
 * campaign's, stored once on it, is filled in at hand-over (`CampaignDelivery`).
 */
export function campaignEmail(
  config: AppConfig,
  campaign: Pick<CampaignRecord, 'id' | 'subject'>,
  recipient: Pick<CampaignRecipient, 'id' | 'email' | 'token' | 'messageId'>,
  perk: boolean,
): QueuedEmail {
  return {
    key: `campaign:${campaign.id}:${recipient.id}`,
    kind: 'campaign',
    about: { type: 'campaign', id: campaign.id },
    to: { address: recipient.email },
    subject: campaign.subject,
    html: '',
    text: '',
    headers:
      perk || !recipient.token
        ? {}
        : { listUnsubscribe: newsletterUnsubscribeLink(config.publicUrl, recipient.token) },
    lane: 'bulk',
    messageId: recipient.messageId,
  };
}

const angled = (id: string) => (id.startsWith('<') ? id : `<${id}>`);

function notDraft(campaign: CampaignRecord, verb: string): ConflictException {
  return new ConflictException(`Only a draft can be ${verb}: this campaign is ${campaign.status}.`);
}

/** The audience with only its given parts, countries upper-cased and each listed once. */
export function cleanAudience(audience: CampaignAudience): CampaignAudience {
  const clean: CampaignAudience = {};
  if (audience.near)
    clean.near = { showId: audience.near.showId, radiusKm: audience.near.radiusKm };
  if (audience.countries?.length)
    clean.countries = [...new Set(audience.countries.map((c) => c.toUpperCase()))];
  if (audience.boughtProductIds?.length)
    clean.boughtProductIds = [...new Set(audience.boughtProductIds)];
  if (audience.members) clean.members = true;
  if (audience.tierId !== undefined) clean.tierId = audience.tierId;
  if (audience.presale) clean.presale = true;
  if (audience.perk) clean.perk = audience.perk;
  return clean;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toCampaign(row: CampaignRecord): Campaign {
  return {
    id: row.id,
    pageId: row.pageId,
    subject: row.subject,
    body: row.body,
    audience: JSON.parse(row.audience) as CampaignAudience,
    topic: row.topic as CampaignTopic,
    status: row.status as CampaignStatus,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    recipients: row.recipients,
    sent: row.sent,
    failed: row.failed,
    bounced: row.bounced,
    complained: row.complained,
    unsubscribed: row.unsubscribed,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
