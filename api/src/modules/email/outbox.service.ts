import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { In, MoreThan, type EntityManager } from 'typeorm';
import type { EmailKind, EmailSubject } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { normaliseEmail } from '../../common/strings.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { isDuplicateKeyError } from '../../database/transaction.js';
import { MailSender } from './mail-sender.service.js';
import { takeQuota } from './mail-quotas.js';
import { mailboxQuotaName } from './mailbox.js';
import { OutboxEmail } from './outbox-email.entity.js';

export interface Recipient {
  address: string;
  name?: string | null;
}

/**
 * The two lanes of the one sender: `transactional` (what one person's action causes: an order
 * confirmation, a sign-in code) never waits behind `bulk` (a campaign's recipients), which goes
 * out at CAMPAIGN_RATE_PER_SECOND.
 */
export type EmailLane = 'transactional' | 'bulk';

/** The headers an email may carry beside From, To and Subject. */
export interface EmailHeaders {
  /** Where a reply goes: the artist, or the fan who wrote. */
  replyTo?: Recipient;
  /** The one-click unsubscribe URL (List-Unsubscribe, RFC 8058). */
  listUnsubscribe?: string;
}

/**
 * What an email says: its HTML, or its MJML for the sender to compile as it hands it over (every
 * template's, `layout`); and its subject and plain text.
 */
export type EmailContent = { subject: string; text: string } & (
  { html: string; mjml?: undefined } | { mjml: string; html?: undefined }
);

/** One email as the module that causes it hands it over. */
export type QueuedEmail = EmailContent & EmailEnvelope;

/** Everything about an email but what it says: its key, kind, subject record, recipient, lane… */
interface EmailEnvelope {
  /** Unique per business fact, such as `order-confirmation:42`. */
  key: string;
  kind: EmailKind;
  /**
   * The record whose change causes it, by which a fan's erasure finds it; absent only for an
   * email about nothing kept (the goodbye of an erased account).
   */
  about?: EmailSubject | null;
  to: Recipient;
  headers?: EmailHeaders;
  lane: EmailLane;
  /**
   * Anyone can cause it by typing the address in (a signup, a free order, a code redeemed): it
   * counts against the mailbox's MAILBOX_EMAILS_PER_DAY and is not queued past them.
   */
  strangerCaused?: boolean;
  /**
   * The Message-ID, when the caller keeps it too (a campaign's recipient, by which a bounce
   * report is matched); otherwise one is made here.
   */
  messageId?: string;
}

/** The bulk emails of one subject (a campaign's): what `pause`, `resume` and `withdraw` act on. */
export type BulkSubject = EmailSubject;

/** Emails a stranger can cause that one mailbox may be sent in a day (see `mailboxKey`). */
export const MAILBOX_EMAILS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Queues emails as rows of the outbox, always with the caller's transaction manager, so an email
 * exists exactly when the change that causes it was committed. The sender delivers them later.
 * It knows no template and no domain: each module renders its own emails (with this module's
 * layout) and hands them over here.
 */
@Injectable()
export class OutboxService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly sender: MailSender,
  ) {}

  /**
   * Counts one email a stranger caused to the address's mailbox: at most MAILBOX_EMAILS_PER_DAY
   * in a day, however the address is spelt (`mailboxKey`), so many spellings of one address
   * cannot flood it. Counted in the caller's transaction, with the email.
   */
  private async mailboxAllows(manager: EntityManager, address: string): Promise<boolean> {
    const limit = { max: MAILBOX_EMAILS_PER_DAY, windowMs: DAY_MS, aligned: false };
    const now = this.clock.now().getTime();
    return (await takeQuota(manager, mailboxQuotaName(address), limit, now)).granted;
  }

  /** How many emails the outbox holds in each status, and when the oldest queued one was queued. */
  async figures(manager: EntityManager): Promise<{
    byStatus: Record<string, number>;
    oldestQueuedAt: number | null;
  }> {
    const rows = await manager
      .createQueryBuilder(OutboxEmail, 'e')
      .select('e.status', 'status')
      .addSelect('COUNT(*)', 'n')
      .groupBy('e.status')
      .getRawMany<{ status: string; n: number | string }>();
    const oldest = await manager
      .createQueryBuilder(OutboxEmail, 'e')
      .select('MIN(e.createdAt)', 'at')
      .where('e.status = :status', { status: 'queued' })
      .getRawOne<{ at: number | string | null }>();
    return {
      byStatus: Object.fromEntries(rows.map((row) => [row.status, Number(row.n)])),
      oldestQueuedAt: oldest?.at == null ? null : Number(oldest.at),
    };
  }

  /**
   * Writes one email; false when its key is already queued (a retried webhook, a double click),
   * or it is `strangerCaused` and its mailbox has had its emails for the day. On MySQL and
   * SQLite a refused row undoes only its own statement, so the caller's transaction goes on.
   */
  async queue(manager: EntityManager, email: QueuedEmail): Promise<boolean> {
    if (email.strangerCaused && !(await this.mailboxAllows(manager, email.to.address))) {
      return false;
    }
    const now = this.clock.now().getTime();
    try {
      await manager.insert(
        OutboxEmail,
        this.rowOf(email, this.config.mail.smtpUrl ? 'queued' : 'held', now),
      );
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /** The outbox row of an email, as `queue` and `queueBulk` write it. */
  private rowOf(email: QueuedEmail, status: string, now: number): Partial<OutboxEmail> {
    const replyTo = email.headers?.replyTo;
    return {
      key: email.key,
      kind: email.kind,
      lane: email.lane,
      subjectType: email.about?.type ?? null,
      subjectId: email.about ? String(email.about.id) : null,
      toAddress: normaliseEmail(email.to.address),
      toName: email.to.name ? clip(email.to.name, 200) : null,
      replyToAddress: replyTo ? normaliseEmail(replyTo.address) : null,
      replyToName: replyTo?.name ? clip(replyTo.name, 200) : null,
      subject: clip(email.subject, 300),
      html: email.html ?? '',
      mjml: email.mjml ?? null,
      text: email.text,
      listUnsubscribe: email.headers?.listUnsubscribe ?? null,
      messageId: email.messageId ?? this.newMessageId(),
      status,
      attempts: 0,
      lastError: null,
      nextAttemptAt: now,
      sentAt: null,
      createdAt: now,
    };
  }

  /**
   * Writes many bulk emails in the caller's transaction, in one statement each few hundred; an
   * email whose key is already queued is skipped (`INSERT … IGNORE` / `OR IGNORE`), so writing
   * the same emails twice, or from two instances at once, queues each once. `paused` writes them
   * paused, to go out only once `resume` is called for their subject. Their content may be
   * empty: the kind's pre-send check fills it in at hand-over (`PreSendChecks`).
   */
  async queueBulk(
    manager: EntityManager,
    emails: QueuedEmail[],
    options: { paused?: boolean } = {},
  ): Promise<void> {
    const now = this.clock.now().getTime();
    const status = !this.config.mail.smtpUrl ? 'held' : options.paused ? 'paused' : 'queued';
    for (let i = 0; i < emails.length; i += BULK_INSERT) {
      const rows = emails.slice(i, i + BULK_INSERT).map((email) => {
        if (email.lane !== 'bulk' || email.strangerCaused)
          throw new Error('queueBulk takes bulk emails no stranger caused.');
        return this.rowOf(email, status, now);
      });
      await manager
        .createQueryBuilder()
        .insert()
        .into(OutboxEmail)
        .values(rows)
        .orIgnore()
        .updateEntity(false)
        .execute();
    }
    if (status === 'queued') this.sender.wakeBulk();
  }

  /**
   * Holds a subject's bulk emails that are still to go: none is claimed until `resume`. One being
   * handed over as this commits finishes; one claimed but not yet checked is given back by its
   * check.
   */
  async pause(manager: EntityManager, about: BulkSubject): Promise<void> {
    await manager.update(OutboxEmail, { ...bulkOf(about), status: 'queued' }, { status: 'paused' });
  }

  /** Lets a paused subject's bulk emails go again, from now. */
  async resume(manager: EntityManager, about: BulkSubject): Promise<void> {
    const now = this.clock.now().getTime();
    await manager.update(
      OutboxEmail,
      { ...bulkOf(about), status: 'paused' },
      { status: 'queued', nextAttemptAt: now },
    );
    this.sender.wakeBulk();
  }

  /** Takes a subject's bulk emails that are still to go out of the outbox, for good. */
  async withdraw(manager: EntityManager, about: BulkSubject): Promise<number> {
    const { affected } = await manager.delete(OutboxEmail, {
      ...bulkOf(about),
      status: In(['queued', 'paused', 'held']),
    });
    return affected ?? 0;
  }

  /** Which of these keys are queued already (sent or not), among emails created since `since` (epoch ms). */
  async queuedKeys(manager: EntityManager, keys: string[], since: number): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await manager.find(OutboxEmail, {
      select: { key: true },
      where: { key: In(keys), createdAt: MoreThan(since) },
    });
    return new Set(rows.map((row) => row.key));
  }

  /** A Message-ID fixed at queueing time, so a re-send after a crash is the same message. */
  private newMessageId(): string {
    const host = new URL(this.config.publicUrl).hostname || 'localhost';
    return `<${Date.now().toString(36)}.${randomBytes(12).toString('hex')}@${host}>`;
  }
}

/** Buyer emails say "just reply": the reply goes to ARTIST_EMAIL when it is set. */
export function artistReplyTo(config: AppConfig): Recipient | undefined {
  const artist = config.mail.artistEmail;
  return artist ? { address: artist, name: config.mail.from.name } : undefined;
}

/** Bulk emails written per insert statement. */
const BULK_INSERT = 250;

const bulkOf = (about: BulkSubject) => ({
  lane: 'bulk',
  subjectType: about.type,
  subjectId: String(about.id),
});

const clip = (value: string, length: number) => [...value].slice(0, length).join('');
