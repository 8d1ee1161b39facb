import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DomainEvents } from '../../common/domain-events.js';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, MoreThanOrEqual, type EntityManager, type Repository } from 'typeorm';
import {
  SIGNUP_SUBSCRIPTIONS,
  type EmailSignup as EmailSignupView,
  type ListSelection,
  type SignupListFilter,
  type SignupSort,
  type AccountTopics,
  type CampaignTopic,
  type SignupSubscription,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { recordsOfPerson, type PersonalDataSubject } from '../../common/personal-data.js';
import { normaliseEmail } from '../../common/strings.js';
import { filtersByValue, updateSelected, type ListDefinition } from '../../lists/list.js';
import { SearchIndex, type IndexedSearch } from '../../lists/search-index.js';
import { SIGNUP_SEARCH_INDEX } from '../../database/migrations/1767000000000-LeadSignupSearchIndexById.js';
import type { SqlPiece } from '../../database/sql-piece.js';
import { TableVersions } from '../../database/table-versions.js';
import { Transactions } from '../../database/transaction.js';
import { newLinkToken, type LinkOutcome } from '../../common/link-pages.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { MAILBOX_EMAILS_PER_DAY, OutboxService } from '../email/index.js';
import { newsletterConfirmEmail } from './emails/newsletter-confirm.email.js';
import { PlacesService, placeColumns } from '../places/index.js';
import { EmailSignup } from './email-signup.entity.js';

/** The signups list's search and its index: the address. */
export const SIGNUPS_SEARCH: IndexedSearch = { table: 'email_signups', columns: ['email'] };

/** A subscriber a campaign may go to, with the place found for them (null: unknown). */
export interface MailableSignup {
  id: number;
  /** The fan whose address it is (null for none). */
  fanId: number | null;
  email: string;
  token: string;
  place: { latitude: number; longitude: number; country: string } | null;
}

const MAILABLE_BATCH = 2000;
/** Up to this many fans have their signups read by fan, a thousand a query; more, all are walked. */
const FEW_FANS = 20_000;
const FANS_PER_QUERY = 1000;

/** A signup as a campaign reads it. */
function mailableOf(row: EmailSignup): MailableSignup {
  return {
    id: row.id,
    fanId: row.fanId,
    email: row.email,
    token: row.token!,
    place:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude, country: row.country ?? '' }
        : null,
  };
}

/** The topics a signup gets: those it keeps on while `live` (confirmed, subscribed), else none. */
function topicsOf(row: EmailSignup | null, live: boolean): AccountTopics {
  return {
    news: live && row!.topicNews,
    shows: live && row!.topicShows,
    releases: live && row!.topicReleases,
  };
}

/** The signup's column of each campaign topic. */
const TOPIC_COLUMNS = {
  news: 'topicNews',
  shows: 'topicShows',
  releases: 'topicReleases',
} as const satisfies Record<CampaignTopic, keyof EmailSignup>;

/** A repeated signup of an unconfirmed address re-sends the confirmation at most this often. */
export const RESEND_AFTER_MS = 60 * 60_000;
/** A confirm link, and the unsubscribed page's "Subscribe again" button, work this long, once. */
export const LINK_TTL_MS = 7 * 24 * 60 * 60_000;

@Injectable()
export class NewsletterService {
  /** Told of each address that unsubscribes (the first time), e.g. to count it on a campaign. */

  constructor(
    @InjectRepository(EmailSignup) private readonly signups: Repository<EmailSignup>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly outbox: OutboxService,
    private readonly places: PlacesService,
    private readonly transactions: Transactions,
    private readonly searchIndex: SearchIndex,
    private readonly versions: TableVersions,
  ) {
    searchIndex.keep(SIGNUPS_SEARCH);
  }

  /**
   * Adds a lower-cased address once; a repeat (even a concurrent one) is ignored by the unique
   * index, so it is never an error and never a second row. An unconfirmed address is sent the
   * confirmation email (see `sendConfirmation`). A confirmed address is left as it is (its place
   * too), answered the same; a confirmed, subscribed address is sent nothing,
   * and neither is one that unsubscribed: only the unsubscribed page's "Subscribe again" button
   * (`resubscribe`) or the artist can have it sent a confirmation again.
   */
  async signUp(email: string, location?: string): Promise<void> {
    const address = normaliseEmail(email);
    const place = location ? this.placeOf(location) : undefined;
    await this.transactions.run(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(EmailSignup)
        .values({
          email: address,
          token: newLinkToken(),
          fanId: await this.events.fanOf(manager, address, this.clock.now()),
          ...place,
        })
        .orIgnore()
        .execute();
      // An unconfirmed address that gives a place now keeps the latest one. A confirmed one
      // keeps its own: anyone may post any address here, and moving a fan would drop her from
      // the campaigns near her.
      if (place)
        await manager.update(EmailSignup, { email: address, confirmedAt: IsNull() }, place);
      const signup = await manager.findOneBy(EmailSignup, { email: address });
      if (!signup || signup.confirmedAt !== null || signup.unsubscribedAt !== null) return;
      await this.sendConfirmation(manager, signup, { hourly: true });
    });
  }

  /**
   * Every address a campaign may go to: confirmed and not unsubscribed (suppressions are the
   * campaigns' to apply), with its unsubscribe token and known place; by id. `fanIds`: only the
   * signups of these fans (e.g. the buyers of a product, `OrderAudienceService.buyers`): a few
   * thousand are read by the signups' index by fan, more by walking the signups once.
   */
  async mailable(topic?: CampaignTopic, fanIds?: readonly number[]): Promise<MailableSignup[]> {
    if (fanIds && fanIds.length <= FEW_FANS) {
      const found: MailableSignup[] = [];
      for (let i = 0; i < fanIds.length; i += FANS_PER_QUERY) {
        const ids = fanIds.slice(i, i + FANS_PER_QUERY);
        const rows = await this.mailableQuery(topic)
          .andWhere('s.fanId IN (:...ids)', { ids })
          .getMany();
        found.push(...rows.map(mailableOf));
      }
      return found.sort((a, b) => a.id - b.id);
    }
    const only = fanIds ? new Set(fanIds) : null;
    const found: MailableSignup[] = [];
    for (let after = 0; ;) {
      const rows = await this.mailableQuery(topic)
        .andWhere('s.id > :after', { after })
        .orderBy('s.id', 'ASC')
        .limit(MAILABLE_BATCH)
        .getMany();
      for (const row of rows)
        if (!only || (row.fanId !== null && only.has(row.fanId))) found.push(mailableOf(row));
      if (rows.length < MAILABLE_BATCH) return found;
      after = rows.at(-1)!.id;
      // On SQLite a query runs at once: requests waiting on the event loop go between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * How many of `mailable(topic, …)` there are, counted by the database: `fans`, only the signups
   * of the fans another module's piece selects (e.g. `OrderAudienceService.buyersPiece`);
   * `leaveOut`, less the addresses another's piece selects (e.g. the campaigns' suppressions).
   * Kept until one of the tables read is written (`TableVersions`): the editor asks again as the
   * artist changes the audience, and a product most fans bought takes the database most of a
   * second at half a million orders.
   */
  countMailable(
    topic: CampaignTopic | undefined,
    { fans, leaveOut }: { fans?: SqlPiece; leaveOut?: SqlPiece } = {},
  ): Promise<number> {
    const query = this.mailableQuery(topic).select('COUNT(*)', 'count');
    if (fans) query.andWhere(`s.fanId IN (${fans.sql})`, fans.parameters);
    if (leaveOut) query.andWhere(`s.email NOT IN (${leaveOut.sql})`, leaveOut.parameters);
    const tables = [this.signups.metadata.tableName, ...(fans?.tables ?? [])];
    tables.push(...(leaveOut?.tables ?? []));
    const key = `mailable-count:${JSON.stringify([query.getQuery(), query.getParameters()])}`;
    return this.versions.keepFigure(tables, key, async () => {
      const row = await query.getRawOne<{ count: number | string }>();
      return Number(row?.count ?? 0);
    });
  }

  /** The signups a campaign may go to, with what it reads of them. */
  private mailableQuery(topic?: CampaignTopic) {
    const topicColumn = topic ? `s.${TOPIC_COLUMNS[topic]}` : null;
    return this.signups
      .createQueryBuilder('s')
      .select(['s.id', 's.fanId', 's.email', 's.token', 's.latitude', 's.longitude', 's.country'])
      .where("s.subscription = 'confirmed'")
      .andWhere('s.token IS NOT NULL')
      .andWhere(topicColumn ? `${topicColumn} = :on` : '1 = 1', { on: true });
  }

  /**
   * A fan's email preferences (her account): her signup's place and topics, every topic off
   * without a confirmed, live subscription.
   */
  async preferencesOf(email: string): Promise<{ location: string | null; topics: AccountTopics }> {
    const row = await this.signups.findOneBy({ email: normaliseEmail(email) });
    const live = row !== null && row.confirmedAt !== null && row.unsubscribedAt === null;
    return { location: row?.location ?? null, topics: topicsOf(row, live) };
  }

  /**
   * Her account's preferences. `topics`: those given change, the others stay; every one off
   * unsubscribes her, and turning one on subscribes her, confirmed, since signing in proved the
   * address. `location`: checked as the signup form checks it, and its place found for "fans
   * near a show" (null or "" forgets it). A fan with no signup gets one, unsubscribed until she
   * turns a topic on.
   */
  async setPreferences(
    email: string,
    input: { topics?: Partial<AccountTopics>; location?: string | null },
  ): Promise<void> {
    const address = normaliseEmail(email);
    const now = this.clock.now();
    const unsubscribed = await this.transactions.run(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(EmailSignup)
        .values({
          email: address,
          token: newLinkToken(),
          fanId: await this.events.fanOf(manager, address, now),
          unsubscribedAt: now.getTime(),
        })
        .orIgnore()
        .execute();
      const row = await manager.findOneByOrFail(EmailSignup, { email: address });
      const live = row.confirmedAt !== null && row.unsubscribedAt === null;
      const next = { ...topicsOf(row, live) };
      for (const topic of Object.keys(TOPIC_COLUMNS) as CampaignTopic[]) {
        const given = input.topics?.[topic];
        if (typeof given === 'boolean') next[topic] = given;
      }
      const changes: Partial<EmailSignup> = {};
      let ended = false;
      if (input.topics) {
        if (next.news || next.shows || next.releases) {
          changes.topicNews = next.news;
          changes.topicShows = next.shows;
          changes.topicReleases = next.releases;
          if (!live) {
            changes.confirmedAt = row.confirmedAt ?? now.getTime();
            changes.unsubscribedAt = null;
          }
        } else if (live) {
          changes.unsubscribedAt = now.getTime();
          ended = true;
        }
      }
      if (input.location !== undefined) {
        const location = input.location?.trim() || null;
        Object.assign(
          changes,
          location ? this.placeOf(location) : { location: null, ...placeColumns(null) },
        );
      }
      if (Object.keys(changes).length) await manager.update(EmailSignup, { id: row.id }, changes);
      return ended;
    });
    if (unsubscribed) await this.unsubscribed(address);
  }

  /**
   * Tells the modules that react (`FanUnsubscribed`), after the unsubscribe committed: the
   * campaigns module waits there for a message to the address that the outbox's bulk lane is
   * handing over.
   */
  private async unsubscribed(email: string): Promise<void> {
    await this.events.publish(this.signups.manager, 'FanUnsubscribed', { email });
  }

  /** Whether an address may still be mailed a campaign now: confirmed and not unsubscribed. */
  async stillSubscribed(emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    // Found by address (its unique index) and their state tested here: with the state in the
    // query SQLite chose the state's index and read every confirmed signup, 0.8 s at 100,000.
    const rows = await this.signups
      .createQueryBuilder('s')
      .select(['s.email', 's.subscription'])
      .where('s.email IN (:...emails)', { emails })
      .getMany();
    return new Set(rows.filter((row) => row.subscription === 'confirmed').map((row) => row.email));
  }

  /**
   * A complaint about a campaign also unsubscribes the address (the first time is kept).
   * Answers whether it was subscribed until now.
   */
  async unsubscribeAddress(email: string): Promise<boolean> {
    const result = await this.signups
      .createQueryBuilder()
      .update(EmailSignup)
      .set({ unsubscribedAt: this.clock.now().getTime() })
      .where('email = :email AND unsubscribedAt IS NULL', { email: normaliseEmail(email) })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** What a fan wrote, and the point found for it (all null when it cannot be found). */
  private placeOf(location: string) {
    return { location, ...placeColumns(this.places.locate(location)) };
  }

  /**
   * Queues a confirmation email with a new one-time confirm token, unless the mailbox has had
   * its emails for the day. With `hourly`, at most once an hour per signup: the conditional
   * update of `confirmationSentAt` lets one of any number of concurrent signups queue it.
   */
  private async sendConfirmation(
    manager: EntityManager,
    signup: EmailSignup,
    { hourly }: { hourly: boolean },
  ): Promise<boolean> {
    const now = this.clock.now().getTime();
    const unsubscribeToken = signup.token ?? newLinkToken();
    const claim = manager
      .createQueryBuilder()
      .update(EmailSignup)
      .set({ confirmationSentAt: now, token: unsubscribeToken })
      .where('id = :id', { id: signup.id });
    if (hourly)
      claim.andWhere('(confirmationSentAt IS NULL OR confirmationSentAt <= :due)', {
        due: now - RESEND_AFTER_MS,
      });
    if ((await claim.execute()).affected !== 1) return false;
    const confirmToken = newLinkToken();
    const queued = await this.outbox.queue(
      manager,
      newsletterConfirmEmail(
        this.config.publicUrl,
        { id: signup.id, email: signup.email, confirmToken, unsubscribeToken },
        now,
      ),
    );
    await manager.update(
      EmailSignup,
      { id: signup.id },
      queued
        ? { confirmToken, confirmTokenExpiresAt: now + LINK_TTL_MS, confirmTokenUsedAt: null }
        : { confirmationSentAt: signup.confirmationSentAt },
    );
    return queued;
  }

  /** The state of a confirm link, for its page. */
  async confirmLinkState(token: string): Promise<LinkOutcome | 'valid'> {
    const signup = await this.signups.findOneBy({ confirmToken: token });
    if (!signup) return 'unknown';
    if (signup.confirmTokenUsedAt !== null) return 'used';
    if ((signup.confirmTokenExpiresAt ?? 0) <= this.clock.now().getTime()) return 'expired';
    return 'valid';
  }

  /**
   * Double opt-in: the confirm page's button. The token works once, within LINK_TTL_MS;
   * confirming with a new token after unsubscribing rejoins the list.
   */
  async confirm(token: string): Promise<LinkOutcome> {
    const state = await this.confirmLinkState(token);
    if (state !== 'valid') return state;
    const now = this.clock.now().getTime();
    const used = await this.signups
      .createQueryBuilder()
      .update(EmailSignup)
      .set({ confirmedAt: now, unsubscribedAt: null, confirmTokenUsedAt: now })
      .where('confirmToken = :token AND confirmTokenUsedAt IS NULL', { token })
      .andWhere('confirmTokenExpiresAt > :now', { now })
      .execute();
    return used.affected === 1 ? 'done' : 'used';
  }

  /**
   * One-click unsubscribe with the List-Unsubscribe token; the first time is kept. A pending
   * confirm link stops working, and a new one-time resubscribe token is answered for the
   * unsubscribed page's "Subscribe again" button; null for an unknown token.
   */
  async unsubscribe(token: string): Promise<string | null> {
    const signup = await this.signups.findOneBy({ token });
    if (!signup) return null;
    const now = this.clock.now().getTime();
    const resubscribeToken = newLinkToken();
    const pendingConfirm =
      signup.confirmTokenUsedAt === null && (signup.confirmTokenExpiresAt ?? 0) > now;
    const first = await this.signups
      .createQueryBuilder()
      .update(EmailSignup)
      .set({ unsubscribedAt: now })
      .where('id = :id AND unsubscribedAt IS NULL', { id: signup.id })
      .execute();
    await this.signups.update(
      { id: signup.id },
      {
        ...(pendingConfirm ? { confirmTokenExpiresAt: now } : {}),
        resubscribeToken,
        resubscribeTokenExpiresAt: now + LINK_TTL_MS,
      },
    );
    if (first.affected) await this.unsubscribed(signup.email);
    return resubscribeToken;
  }

  /**
   * The unsubscribed page's "Subscribe again": the one-time token lets this address be sent a
   * confirmation email (within the mailbox's daily limit, even within the hour of an earlier
   * one, whose link the unsubscribe ended); it rejoins the list only when that link is confirmed.
   */
  async resubscribe(token: string): Promise<LinkOutcome> {
    return this.transactions.run(async (manager) => {
      const signup = await manager.findOneBy(EmailSignup, { resubscribeToken: token });
      if (!signup) return 'unknown';
      const now = this.clock.now().getTime();
      const used = await manager
        .createQueryBuilder()
        .update(EmailSignup)
        .set({ resubscribeTokenExpiresAt: null })
        .where('id = :id AND resubscribeToken = :token', { id: signup.id, token })
        .andWhere('resubscribeTokenExpiresAt > :now', { now })
        .execute();
      if (used.affected !== 1)
        return signup.resubscribeTokenExpiresAt === null ? 'used' : 'expired';
      if (signup.confirmedAt === null || signup.unsubscribedAt !== null)
        await this.sendConfirmation(manager, signup, { hourly: false });
      return 'done';
    });
  }

  /**
   * The artist re-adds an address from the admin: it is sent a confirmation email whatever its
   * state (unless confirmed and subscribed), counted against its mailbox's daily limit.
   */
  async sendConfirmationFromAdmin(id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const signup = await manager.findOneBy(EmailSignup, { id });
      if (!signup) throw new NotFoundException('Signup not found.');
      if (signup.confirmedAt !== null && signup.unsubscribedAt === null)
        throw new BadRequestException('This address has confirmed and is on the list.');
      if (!(await this.sendConfirmation(manager, signup, { hourly: false })))
        throw new BadRequestException(
          `This address has been sent its ${MAILBOX_EMAILS_PER_DAY} emails for today. Please try again tomorrow.`,
        );
    });
  }

  /**
   * The admin's list of signups, newest first by default. `pending`/`contacted` filter on the
   * contact mark, the others on the subscription state. `withUnsubscribed: false` (marketing
   * exports) leaves unsubscribed addresses out unless they are what was asked for.
   */
  listDefinition({
    withUnsubscribed = true,
    status,
  }: { withUnsubscribed?: boolean; status?: string } = {}): ListDefinition<
    EmailSignup,
    EmailSignupView,
    SignupListFilter,
    SignupSort
  > {
    return {
      repository: this.signups,
      alias: 's',
      filters: {
        pending: { where: "s.contacted = 'false'" },
        contacted: { where: "s.contacted = 'true'" },
        // The state as the database keeps it (see the entity), so its indexes answer these.
        ...filtersByValue('s.subscription', SIGNUP_SUBSCRIPTIONS),
      },
      // The state, which the search index holds: unsubscribed exactly when unsubscribedAt is set.
      scope:
        withUnsubscribed || status === 'unsubscribed'
          ? undefined
          : { where: "s.subscription <> 'unsubscribed'" },
      searchColumns: [...SIGNUPS_SEARCH.columns],
      searchIndex: SIGNUP_SEARCH_INDEX.name,
      textIndex: this.searchIndex,
      sorts: {
        createdAt: 's.createdAt',
        email: 's.email',
        contacted: 's.contacted',
        // The database's copy of the state (see the entity), read from its index.
        subscription: 's.subscription',
      },
      uniqueSorts: ['email'],
      defaultSort: '-createdAt',
      toRow: (row) => ({
        id: row.id,
        email: row.email,
        contacted: row.contacted,
        contactedAt: row.contactedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        confirmedAt: row.confirmedAt,
        unsubscribedAt: row.unsubscribedAt,
        subscription: subscriptionOf(row),
      }),
    };
  }

  /** Sets the contact mark of the chosen signups, or of every signup a filter matches. */
  async bulkUpdate(
    selection: ListSelection<SignupListFilter>,
    contacted: 'true' | 'false',
  ): Promise<number> {
    return updateSelected(this.listDefinition(), selection, {
      contacted,
      contactedAt: contacted === 'true' ? this.clock.now() : null,
    });
  }

  /** The person's signups, newest first (see `recordsOfPerson`), for their history. */
  recordsOf(manager: EntityManager, person: PersonalDataSubject): Promise<EmailSignup[]> {
    return recordsOfPerson(manager, EmailSignup, 's', person);
  }

  /** The signups of some fans, for the fans list. */
  signupsOfFans(fanIds: number[]): Promise<EmailSignup[]> {
    return this.signups.findBy({ fanId: In(fanIds) });
  }

  /** How many signups came since `since`, for the dashboard's overview. */
  countSignupsSince(since: Date): Promise<number> {
    return this.signups.countBy({ createdAt: MoreThanOrEqual(since) });
  }
}

function subscriptionOf(row: EmailSignup): SignupSubscription {
  if (row.unsubscribedAt !== null) return 'unsubscribed';
  return row.confirmedAt !== null ? 'confirmed' : 'unconfirmed';
}
