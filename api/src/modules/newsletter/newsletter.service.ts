import { Injectable } from '@nestjs/common';
import { linkFan } from '../fans/fan-link.js';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import {
  type EmailSignup as EmailSignupView,
  type ListSelection,
  type SignupListFilter,
  type SignupSort,
  type SignupSubscription,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { normaliseEmail } from '../../common/strings.js';
import { selectedIds, updateInBatches, type ListDefinition } from '../../common/list.js';
import { searchGramsOf } from '../../common/search-grams.js';
import { SIGNUP_SEARCH_INDEX } from '../../database/migrations/1767000000000-LeadSignupSearchIndexById.js';
import { inTransaction } from '../../database/transaction.js';
import { newLinkToken } from '../email/link-pages.js';
import { OutboxService } from '../email/outbox.service.js';
import { EmailSignup } from './email-signup.entity.js';

/** A repeated signup of an unconfirmed address re-sends the confirmation at most this often. */
export const RESEND_AFTER_MS = 60 * 60_000;

@Injectable()
export class NewsletterService {
  /** The addresses by three-letter sequences, for the admin list's search. */
  readonly searchGrams;

  constructor(
    @InjectRepository(EmailSignup) private readonly signups: Repository<EmailSignup>,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
  ) {
    this.searchGrams = searchGramsOf(signups.manager.connection, 'email_signups');
  }

  /**
   * Adds a lower-cased address once; a repeat (even a concurrent one) is ignored by the unique
   * index, so it is never an error and never a second row. Unless the address is confirmed and
   * subscribed, it is sent the confirmation email, at most once an hour: the conditional update
   * of `confirmationSentAt` lets one of any number of concurrent signups queue it.
   */
  async signUp(email: string): Promise<void> {
    const address = normaliseEmail(email);
    await inTransaction(this.signups.manager.connection, async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(EmailSignup)
        .values({
          email: address,
          token: newLinkToken(),
          fanId: await linkFan(manager, address, this.clock.now()),
        })
        .orIgnore()
        .execute();
      const signup = await manager.findOneBy(EmailSignup, { email: address });
      if (!signup || (signup.confirmedAt !== null && signup.unsubscribedAt === null)) return;
      const now = this.clock.now().getTime();
      const token = signup.token ?? newLinkToken();
      const claimed = await manager
        .createQueryBuilder()
        .update(EmailSignup)
        .set({ confirmationSentAt: now, token })
        .where('id = :id', { id: signup.id })
        .andWhere('(confirmationSentAt IS NULL OR confirmationSentAt <= :due)', {
          due: now - RESEND_AFTER_MS,
        })
        .execute();
      if (claimed.affected !== 1) return;
      await this.outbox.queueNewsletterConfirmation(manager, { ...signup, token }, now);
    });
  }

  /** Double opt-in: the confirm page's button. Confirming again after unsubscribing rejoins. */
  async confirm(token: string): Promise<boolean> {
    const signup = await this.signups.findOneBy({ token });
    if (!signup) return false;
    if (signup.confirmedAt !== null && signup.unsubscribedAt === null) return true;
    await this.signups.update(
      { id: signup.id },
      { confirmedAt: this.clock.now().getTime(), unsubscribedAt: null },
    );
    return true;
  }

  /** One-click unsubscribe; the first time is kept. */
  async unsubscribe(token: string): Promise<boolean> {
    const signup = await this.signups.findOneBy({ token });
    if (!signup) return false;
    if (signup.unsubscribedAt === null)
      await this.signups.update({ id: signup.id }, { unsubscribedAt: this.clock.now().getTime() });
    return true;
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
        confirmed: { where: "s.subscription = 'confirmed'" },
        unconfirmed: { where: "s.subscription = 'unconfirmed'" },
        unsubscribed: { where: "s.subscription = 'unsubscribed'" },
      },
      // The state, which the search index holds: unsubscribed exactly when unsubscribedAt is set.
      scope:
        withUnsubscribed || status === 'unsubscribed'
          ? undefined
          : { where: "s.subscription <> 'unsubscribed'" },
      searchColumns: ['email'],
      searchIndex: SIGNUP_SEARCH_INDEX.name,
      searchGrams: this.searchGrams,
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
    const ids = await selectedIds(this.listDefinition(), selection);
    return this.markContacted(ids, contacted);
  }

  private async markContacted(ids: number[], contacted: 'true' | 'false'): Promise<number> {
    return updateInBatches(ids, (batch) =>
      this.signups.update(
        { id: In(batch) },
        { contacted, contactedAt: contacted === 'true' ? this.clock.now() : null },
      ),
    );
  }
}

function subscriptionOf(row: EmailSignup): SignupSubscription {
  if (row.unsubscribedAt !== null) return 'unsubscribed';
  return row.confirmedAt !== null ? 'confirmed' : 'unconfirmed';
}
