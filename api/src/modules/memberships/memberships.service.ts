import { randomBytes, randomUUID } from 'node:crypto';
import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ALREADY_MEMBER_MESSAGE,
  CHECKOUT_FAILED_MESSAGE,
  MEMBERSHIP_STATUSES,
  PAYMENTS_NOT_SET_UP_MESSAGE,
  type Member,
  type MemberListFilter,
  type MemberSort,
  type MembersSummary,
  NO_MEMBERSHIP_MESSAGE,
  type AccountMembership,
  type MembershipCheckoutRequest,
  type MembershipInterval,
  type MembershipPerks,
  type MembershipStatus,
  type MembershipTier,
  type MembershipTierInput,
} from '@artist/contracts';
import { DataSource, In, LessThan, type EntityManager } from 'typeorm';
import {
  BillingEvents,
  type BillingCheckout,
  type BillingEvent,
  type BillingInvoice,
  type BillingSubscription,
} from '../../common/billing-events.js';
import { Clock } from '../../common/clock.js';
import { DomainEvents } from '../../common/domain-events.js';
import { normaliseEmail } from '../../common/strings.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { isDuplicateKeyError, Transactions } from '../../database/transaction.js';
import { filtersByValue, type ListDefinition } from '../../lists/list.js';
import { PaymentProvider, PaymentProviderError, PaymentsNotSetUpError } from '../checkout/index.js';
import { OutboxService } from '../email/index.js';
import { cardDeclinedEmail } from './emails/card-declined.email.js';
import { MembershipCheckout } from './membership-checkout.entity.js';
import { MembershipEvent } from './membership-event.entity.js';
import { MembershipPayment } from './membership-payment.entity.js';
import { MembershipTierRecord } from './membership-tier.entity.js';
import { Membership } from './membership.entity.js';

export const TIER_NOT_FOUND_MESSAGE = 'Membership tier not found.';
export const TIER_CLOSED_MESSAGE = 'This membership tier is not open to new members.';
export const NO_YEARLY_PRICE_MESSAGE = 'This membership tier is not offered by the year.';
export const EMAIL_NEEDED_MESSAGE = 'Please enter your email address to join.';
export const CARD_LINK_NOT_FOUND_MESSAGE =
  'This link is not valid: it may have been mistyped, or the membership has been erased.';
export const CARD_LINK_ENDED_MESSAGE = 'This membership has ended: there is no card to update.';
export const CHECKOUT_UNDER_WAY_MESSAGE =
  'A membership checkout for this email address is already being opened: use the payment page it opens.';

/** A hold on an address's checkout older than this was left by a stopped server: it lapses. */
const CHECKOUT_HOLD_MS = 60_000;

/** Where the "update your card" link of a declined renewal leads (then on to Stripe's portal). */
export const CARD_LINK_PATH = '/api/memberships/card';

/** A membership that holds a subscription Stripe may still charge: its perks stay. */
export const CURRENT_STATUSES: MembershipStatus[] = ['active', 'past_due'];

/** A membership as `withTiers` reads it, with its tier's name and perks. */
interface MembershipWithTier {
  row: Membership;
  tierName: string | null;
  perks: MembershipPerks;
}

/** What a fan without a current membership gets. */
const NO_PERKS: MembershipPerks = { allDownloads: false, earlyAccessDays: 0, presale: false };

const DAY_MS = 24 * 60 * 60_000;

/** Stripe's subscription status as a membership's; null for one that says nothing new. */
export function membershipStatusOf(stripeStatus: string): MembershipStatus | null {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    case 'incomplete':
      return 'incomplete';
    default:
      return null;
  }
}

const intervalOf = (value: string | null): MembershipInterval | null =>
  value === 'month' || value === 'year' ? value : null;

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

export function toTier(row: MembershipTierRecord): MembershipTier {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    monthlyPriceCents: row.monthlyPriceCents,
    yearlyPriceCents: row.yearlyPriceCents,
    perks: JSON.parse(row.perks) as MembershipPerks,
    open: Boolean(row.open),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The monthly recurring revenue of current members (active or past due), in cents: a yearly
 * member counts one twelfth of her price. Rounded once, at the end.
 */
export function mrrCents(
  members: { interval: string | null; priceCents: number | null }[],
): number {
  let cents = 0;
  for (const { interval, priceCents } of members) {
    if (priceCents === null) continue;
    cents += interval === 'year' ? priceCents / 12 : priceCents;
  }
  return Math.round(cents);
}

/**
 * Tiers, joining through Stripe Checkout in subscription mode, and the memberships Stripe
 * Billing's events make (`BillingEvents`, which the checkout module's webhook hands them to).
 */
@Injectable()
export class MembershipsService extends BillingEvents {
  private readonly logger = new Logger('Memberships');

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly provider: PaymentProvider,
    private readonly outbox: OutboxService,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  // ---- Tiers ----

  async createTier(input: MembershipTierInput): Promise<MembershipTier> {
    const repository = this.dataSource.getRepository(MembershipTierRecord);
    const result = await repository.insert({
      name: input.name,
      description: input.description,
      monthlyPriceCents: input.monthlyPriceCents,
      yearlyPriceCents: input.yearlyPriceCents ?? null,
      perks: JSON.stringify(perksOf(input.perks)),
      open: true,
      createdAt: this.clock.now(),
    });
    return this.tier(Number(result.identifiers[0].id));
  }

  /**
   * Changes a tier's text, perks and prices for new members; a member keeps the price she
   * joined at (it is hers, on her membership and her Stripe subscription).
   */
  async updateTier(id: number, input: MembershipTierInput): Promise<MembershipTier> {
    await this.tierRecord(id);
    await this.dataSource.getRepository(MembershipTierRecord).update(
      { id },
      {
        name: input.name,
        description: input.description,
        monthlyPriceCents: input.monthlyPriceCents,
        yearlyPriceCents: input.yearlyPriceCents ?? null,
        perks: JSON.stringify(perksOf(input.perks)),
      },
    );
    return this.tier(id);
  }

  /** Closes a tier to new members; its members stay members. */
  async closeTier(id: number): Promise<MembershipTier> {
    await this.tierRecord(id);
    await this.dataSource.getRepository(MembershipTierRecord).update({ id }, { open: false });
    return this.tier(id);
  }

  async tier(id: number): Promise<MembershipTier> {
    return toTier(await this.tierRecord(id));
  }

  /** Every tier, open ones first (the admin's editor), or the open ones only (the public list). */
  async tiers({ openOnly }: { openOnly: boolean }): Promise<MembershipTier[]> {
    const rows = await this.dataSource.getRepository(MembershipTierRecord).find({
      where: openOnly ? { open: true } : {},
      order: { open: 'DESC', monthlyPriceCents: 'ASC', id: 'ASC' },
    });
    return rows.map(toTier);
  }

  private async tierRecord(id: number): Promise<MembershipTierRecord> {
    const row = await this.dataSource.getRepository(MembershipTierRecord).findOneBy({ id });
    if (!row) throw new NotFoundException(TIER_NOT_FOUND_MESSAGE);
    return row;
  }

  // ---- Joining ----

  /**
   * POST /api/memberships/checkout: a Stripe Checkout session in subscription mode, for the
   * signed-in fan's address (`fanEmail`) or, without a fan session, the one the body names,
   * returning to the site she came from (`siteUrl`, where her session's cookie is). Of two joins
   * of one address at once, one opens a session and the other answers 409.
   */
  async checkout(
    input: MembershipCheckoutRequest,
    fanEmail: string | null = null,
    siteUrl: string = this.config.publicUrl,
  ): Promise<{ url: string }> {
    const tier = await this.dataSource
      .getRepository(MembershipTierRecord)
      .findOneBy({ id: input.tierId });
    if (!tier) throw new NotFoundException(TIER_NOT_FOUND_MESSAGE);
    if (!tier.open) throw new BadRequestException(TIER_CLOSED_MESSAGE);
    const amountCents = input.interval === 'year' ? tier.yearlyPriceCents : tier.monthlyPriceCents;
    if (amountCents === null) throw new BadRequestException(NO_YEARLY_PRICE_MESSAGE);
    const email = fanEmail ?? input.email;
    if (!email) throw new BadRequestException(EMAIL_NEEDED_MESSAGE);
    const address = normaliseEmail(email);
    await this.holdCheckout(address);
    try {
      if (await this.isCurrentMember(address)) throw new ConflictException(ALREADY_MEMBER_MESSAGE);
      return await this.openCheckout(tier, input.interval, amountCents, address, siteUrl);
    } finally {
      await this.dataSource.getRepository(MembershipCheckout).delete({ email: address });
    }
  }

  /** Holds the address's checkout while its session is made: 409 when another holds it. */
  private async holdCheckout(email: string): Promise<void> {
    const repository = this.dataSource.getRepository(MembershipCheckout);
    const now = this.clock.now();
    await repository.delete({
      email,
      startedAt: LessThan(new Date(now.getTime() - CHECKOUT_HOLD_MS)),
    });
    try {
      await repository.insert({ email, startedAt: now });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictException(CHECKOUT_UNDER_WAY_MESSAGE);
      throw error;
    }
  }

  private async openCheckout(
    tier: MembershipTierRecord,
    interval: MembershipInterval,
    amountCents: number,
    address: string,
    siteUrl: string,
  ): Promise<{ url: string }> {
    const metadata = { tierId: String(tier.id), interval };
    try {
      const created = await this.provider.createSubscriptionSession({
        name: tier.name,
        amountCents,
        interval,
        email: address,
        metadata,
        // Back to her account, which shows the membership once Stripe's events have made it.
        successUrl: `${siteUrl}/account?membership=joined`,
        cancelUrl: `${siteUrl}/#membership`,
        idempotencyKey: randomUUID(),
      });
      return { url: created.url };
    } catch (error) {
      if (error instanceof PaymentsNotSetUpError) {
        throw new ServiceUnavailableException(PAYMENTS_NOT_SET_UP_MESSAGE);
      }
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.error(error);
      throw new BadGatewayException(CHECKOUT_FAILED_MESSAGE);
    }
  }

  /**
   * The one read of memberships with their tiers: of one address or one tier (or all), in
   * `statuses`, newest first, each with its tier's name and perks. Who is a member, what she
   * gets and what her account shows all come from it.
   */
  private async withTiers(
    where: { email?: string; tierId?: number },
    statuses: readonly string[],
  ): Promise<MembershipWithTier[]> {
    const rows = await this.dataSource.getRepository(Membership).find({
      where: {
        status: In([...statuses]),
        ...(where.email !== undefined ? { email: normaliseEmail(where.email) } : {}),
        ...(where.tierId !== undefined ? { tierId: where.tierId } : {}),
      },
      order: { id: 'DESC' },
    });
    const ids = [...new Set(rows.flatMap((row) => (row.tierId === null ? [] : [row.tierId])))];
    const tiers = ids.length
      ? await this.dataSource.getRepository(MembershipTierRecord).findBy({ id: In(ids) })
      : [];
    const byId = new Map(tiers.map((tier) => [tier.id, tier]));
    return rows.map((row) => {
      const tier = row.tierId === null ? undefined : byId.get(row.tierId);
      return {
        row,
        tierName: tier?.name ?? null,
        perks: tier ? (JSON.parse(tier.perks) as MembershipPerks) : NO_PERKS,
      };
    });
  }

  /**
   * The current memberships (active or past due: Stripe still charges them, so their perks stay)
   * with their tiers' perks: of one address, one tier, or everyone.
   */
  private currentMemberships(
    where: { email?: string; tierId?: number } = {},
  ): Promise<MembershipWithTier[]> {
    return this.withTiers(where, CURRENT_STATUSES);
  }

  /** Whether the address holds a membership Stripe still charges (active or past due). */
  async isCurrentMember(email: string): Promise<boolean> {
    return (await this.currentMemberships({ email })).length > 0;
  }

  /**
   * The addresses of current members, of one tier when given, and of tiers with the presale
   * perk only when `presale` is set.
   */
  async currentMemberEmails(
    tierId: number | null,
    { presale = false }: { presale?: boolean } = {},
  ): Promise<Set<string>> {
    const rows = await this.currentMemberships(tierId === null ? {} : { tierId });
    return new Set(
      rows.flatMap(({ row, perks }) =>
        row.email && (!presale || perks.presale) ? [row.email] : [],
      ),
    );
  }

  async tierExists(id: number): Promise<boolean> {
    return (await this.dataSource.getRepository(MembershipTierRecord).countBy({ id })) > 0;
  }

  /**
   * The "update your card" link: a fresh Stripe billing portal session for the membership the
   * token names (portal sessions are short-lived, so the email carries this link instead).
   */
  async cardPortal(token: string): Promise<string> {
    const row = await this.dataSource.getRepository(Membership).findOneBy({ cardToken: token });
    if (!row || !row.customerId) throw new NotFoundException(CARD_LINK_NOT_FOUND_MESSAGE);
    if (row.status === 'ended') throw new NotFoundException(CARD_LINK_ENDED_MESSAGE);
    return this.portal(row.customerId);
  }

  /**
   * The membership a fan's account shows: the newest of her address that has not ended (or,
   * without one, none), with its tier's name and perks.
   */
  async membershipOf(email: string): Promise<AccountMembership | null> {
    const latest = await this.latestOf(email);
    if (!latest) return null;
    const member = toMember(latest.row, latest.tierName);
    return {
      tierName: member.tierName,
      interval: member.interval,
      status: member.status,
      perks: latest.perks,
      renewsAt: member.status === 'active' && !member.endsAt ? member.renewsAt : null,
      endsAt: member.endsAt,
    };
  }

  /**
   * What her current memberships (active or past due) give her together: a perk any of their
   * tiers has. None without a current membership.
   */
  async perksOf(email: string): Promise<MembershipPerks> {
    return (await this.currentMemberships({ email }))
      .map(({ perks }) => perks)
      .reduce(
        (all, perks) => ({
          allDownloads: all.allDownloads || perks.allDownloads,
          earlyAccessDays: Math.max(all.earlyAccessDays, perks.earlyAccessDays),
          presale: all.presale || perks.presale,
        }),
        NO_PERKS,
      );
  }

  /**
   * A Stripe billing portal session for her membership (card, cancellation), back to her
   * account: 404 with a sentence when she has none Stripe still charges.
   */
  async accountPortal(email: string, siteUrl: string = this.config.publicUrl): Promise<string> {
    const customerId = (await this.latestOf(email))?.row.customerId;
    if (!customerId) throw new NotFoundException(NO_MEMBERSHIP_MESSAGE);
    return this.portal(customerId, siteUrl);
  }

  /** Her newest membership that has not ended (one waiting for its first payment included). */
  private async latestOf(email: string): Promise<MembershipWithTier | null> {
    return (await this.withTiers({ email }, [...CURRENT_STATUSES, 'incomplete']))[0] ?? null;
  }

  /** A billing portal session of the customer, whose way back is her account on `siteUrl`. */
  private async portal(
    customerId: string,
    siteUrl: string = this.config.publicUrl,
  ): Promise<string> {
    try {
      const back = `${siteUrl}/account`;
      return (await this.provider.createPortalSession(customerId, back)).url;
    } catch (error) {
      if (error instanceof PaymentsNotSetUpError) {
        throw new ServiceUnavailableException(PAYMENTS_NOT_SET_UP_MESSAGE);
      }
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.error(error);
      throw new BadGatewayException('Could not open the billing portal: please try again.');
    }
  }

  // ---- Stripe Billing's events ----

  /**
   * One Stripe event, once per event id, in one transaction. Each event completes the one row
   * of its subscription, made by whichever event comes first; state (status, period, price) is
   * taken from the newest event by Stripe's `created`, and `ended` is final.
   */
  async handle(event: BillingEvent): Promise<void> {
    await this.transactions.run(async (manager) => {
      try {
        await manager.insert(MembershipEvent, {
          eventId: event.id,
          type: event.type,
          receivedAt: this.clock.now(),
        });
      } catch (error) {
        if (isDuplicateKeyError(error)) return;
        throw error;
      }
      if (event.checkout) await this.applyCheckout(manager, event.checkout, event.created);
      else if (event.subscription) {
        await this.applySubscription(manager, event.subscription, event.created);
      } else if (event.invoice && event.type === 'invoice.paid') {
        await this.recordPayment(manager, event.invoice, event.created);
      } else if (event.invoice && event.type === 'invoice.payment_failed') {
        await this.applyDeclined(manager, event.invoice, event.created);
      }
    });
  }

  /** The row of a subscription, made bare if no event has made it yet, and locked. */
  private async rowOf(manager: EntityManager, subscriptionId: string): Promise<Membership> {
    try {
      await manager.insert(Membership, {
        subscriptionId,
        status: 'incomplete',
        fanId: null,
        email: null,
        stateAt: 0,
        cancelAtPeriodEnd: false,
        createdAt: this.clock.now(),
      });
    } catch (error) {
      // Another event made it first; on MySQL and SQLite only this statement is undone.
      if (!isDuplicateKeyError(error)) throw error;
    }
    const qb = manager
      .createQueryBuilder(Membership, 'm')
      .where('m.subscriptionId = :subscriptionId', { subscriptionId });
    if (manager.connection.options.type !== 'better-sqlite3') qb.setLock('pessimistic_write');
    return (await qb.getOne())!;
  }

  private async applyCheckout(
    manager: EntityManager,
    checkout: BillingCheckout,
    created: number,
  ): Promise<void> {
    if (!checkout.subscriptionId) return;
    const row = await this.rowOf(manager, checkout.subscriptionId);
    row.checkoutSessionId = checkout.id;
    row.customerId ??= checkout.customerId;
    row.tierId ??= checkout.tierId;
    row.interval ??= intervalOf(checkout.interval);
    row.priceCents ??= checkout.amountTotal;
    if (checkout.email && !row.email) row.email = normaliseEmail(checkout.email);
    // A paid subscription checkout: the membership starts, unless news of it says otherwise.
    if (row.status === 'incomplete') {
      row.status = 'active';
      row.stateAt = Math.max(row.stateAt, created);
    }
    row.startedAt ??= fromSeconds(created);
    if (row.email && row.fanId === null) {
      row.fanId = await this.events.fanOf(manager, row.email, this.clock.now());
    }
    await saveRow(manager, row);
  }

  private async applySubscription(
    manager: EntityManager,
    sub: BillingSubscription,
    created: number,
  ): Promise<void> {
    const row = await this.rowOf(manager, sub.id);
    row.customerId ??= sub.customerId;
    row.tierId ??= sub.tierId;
    const status = membershipStatusOf(sub.status);
    // Older news than the row's, or news of a membership that has ended: nothing to change.
    if (created >= row.stateAt && row.status !== 'ended') {
      if (status) row.status = status;
      if (sub.currentPeriodEnd !== null) row.currentPeriodEnd = fromSeconds(sub.currentPeriodEnd);
      row.cancelAtPeriodEnd = sub.cancelAtPeriodEnd;
      if (sub.amountCents !== null) row.priceCents = sub.amountCents;
      row.interval = intervalOf(sub.interval) ?? row.interval;
      row.stateAt = created;
      if (row.status === 'ended') row.endedAt = fromSeconds(sub.endedAt ?? created);
      if (row.status === 'active' || row.status === 'past_due') {
        row.startedAt ??= fromSeconds(created);
      }
    }
    await saveRow(manager, row);
  }

  /** A paid invoice: membership income, once per invoice. */
  private async recordPayment(
    manager: EntityManager,
    invoice: BillingInvoice,
    created: number,
  ): Promise<void> {
    if (!invoice.subscriptionId) return;
    const row = await manager.findOneBy(Membership, { subscriptionId: invoice.subscriptionId });
    try {
      await manager.insert(MembershipPayment, {
        invoiceId: invoice.id,
        subscriptionId: invoice.subscriptionId,
        tierId: row?.tierId ?? null,
        amountCents: invoice.amountPaid,
        paidAt: fromSeconds(invoice.paidAt ?? created),
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /**
   * A declined renewal: the membership is past due (its perks stay while Stripe retries), and
   * the member gets one "Your card was declined" email per invoice, whatever the retries.
   */
  private async applyDeclined(
    manager: EntityManager,
    invoice: BillingInvoice,
    created: number,
  ): Promise<void> {
    if (!invoice.subscriptionId) return;
    const row = await this.rowOf(manager, invoice.subscriptionId);
    row.customerId ??= invoice.customerId;
    if (created >= row.stateAt && row.status === 'active') {
      row.status = 'past_due';
      row.stateAt = created;
    }
    const email = row.email ?? (invoice.email ? normaliseEmail(invoice.email) : null);
    const toEmail = row.status === 'past_due' && row.declinedInvoiceId !== invoice.id && email;
    if (toEmail) {
      row.declinedInvoiceId = invoice.id;
      row.cardToken ??= randomBytes(32).toString('base64url');
    }
    await saveRow(manager, row);
    if (toEmail) {
      const tier = row.tierId
        ? await manager.findOneBy(MembershipTierRecord, { id: row.tierId })
        : null;
      await this.outbox.queue(
        manager,
        cardDeclinedEmail(this.config, {
          membershipId: row.id,
          invoiceId: invoice.id,
          email,
          tierName: tier?.name ?? null,
          updateUrl: `${this.config.publicUrl}${CARD_LINK_PATH}?token=${row.cardToken}`,
        }),
      );
    }
  }

  // ---- What the artist sees ----

  /** GET /api/admin/members/summary. */
  async summary(): Promise<MembersSummary> {
    const repository = this.dataSource.getRepository(Membership);
    const current = await repository.find({
      select: { status: true, interval: true, priceCents: true },
      where: { status: In(CURRENT_STATUSES) },
    });
    const since = new Date(this.clock.now().getTime() - 30 * DAY_MS);
    const count = (column: 'startedAt' | 'endedAt') =>
      repository.createQueryBuilder('m').where(`m.${column} >= :since`, { since }).getCount();
    return {
      active: current.filter((m) => m.status === 'active').length,
      pastDue: current.filter((m) => m.status === 'past_due').length,
      mrrCents: mrrCents(current),
      joined30d: await count('startedAt'),
      ended30d: await count('endedAt'),
    };
  }

  /** Membership income between two moments (paid invoices), for the Sales view. */
  async income(
    from: Date,
    to: Date,
  ): Promise<{ paidAt: Date; amountCents: number; tierId: number | null }[]> {
    return this.dataSource
      .getRepository(MembershipPayment)
      .createQueryBuilder('p')
      .where('p.paidAt >= :from AND p.paidAt < :to', { from, to })
      .orderBy('p.paidAt', 'ASC')
      .getMany();
  }

  /** GET /api/admin/members. */
  listDefinition(): ListDefinition<Membership, Member, MemberListFilter, MemberSort> {
    return this.listDefinitionOf({});
  }

  /** GET /api/admin/members?tierId=…: the members of one tier. */
  listDefinitionOf(query: {
    tierId?: string;
  }): ListDefinition<Membership, Member, MemberListFilter, MemberSort> {
    const tierId = query.tierId ? Number(query.tierId) : null;
    return {
      repository: this.dataSource.getRepository(Membership),
      alias: 'm',
      filters: filtersByValue('m.status', MEMBERSHIP_STATUSES),
      reads: ['membership_tiers'],
      ...(tierId !== null ? { scope: { where: 'm.tierId = :tierId', params: { tierId } } } : {}),
      searchColumns: ['email'],
      sorts: {
        email: 'm.email',
        since: 'm.startedAt',
        renewsAt: 'm.currentPeriodEnd',
        priceCents: 'm.priceCents',
        status: 'm.status',
      },
      defaultSort: '-since',
      toRow: (row) => toMember(row, null),
      hydrate: async (rows) => {
        const ids = [...new Set(rows.map((r) => r.tierId).filter((id) => id !== null))];
        const tiers = ids.length
          ? await this.dataSource.getRepository(MembershipTierRecord).findBy({ id: In(ids) })
          : [];
        const names = new Map(tiers.map((t) => [t.id, t.name]));
        return rows.map((row) =>
          toMember(row, row.tierId ? (names.get(row.tierId) ?? null) : null),
        );
      },
    };
  }
}

/** Writes the row's fields back (an UPDATE by id, inside the caller's transaction). */
async function saveRow(manager: EntityManager, row: Membership): Promise<void> {
  const { id, ...fields } = row;
  await manager.update(Membership, { id }, fields);
}

function perksOf(perks: MembershipPerks): MembershipPerks {
  return {
    allDownloads: perks.allDownloads,
    earlyAccessDays: perks.earlyAccessDays,
    presale: perks.presale,
  };
}

export function toMember(row: Membership, tierName: string | null): Member {
  const status = row.status as MembershipStatus;
  const ends =
    status === 'ended' ? row.endedAt : row.cancelAtPeriodEnd ? row.currentPeriodEnd : null;
  return {
    id: row.id,
    email: row.email,
    tierId: row.tierId,
    tierName,
    interval: intervalOf(row.interval),
    priceCents: row.priceCents,
    status,
    since: row.startedAt?.toISOString() ?? null,
    renewsAt: row.currentPeriodEnd?.toISOString() ?? null,
    endsAt: ends?.toISOString() ?? null,
    cancelAtPeriodEnd: Boolean(row.cancelAtPeriodEnd),
  };
}
