import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { DataSource, In, MoreThan, type EntityManager } from 'typeorm';
import {
  DISCOUNT_EMAIL_NEEDED_MESSAGE,
  type DiscountCode,
  type DiscountCodeInput,
  type DiscountListFilter,
  type DiscountSort,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { DomainEvents } from '../../common/domain-events.js';
import type { ListDefinition } from '../../lists/list.js';
import { normaliseEmail } from '../../common/strings.js';
import { isDuplicateKeyError, Transactions } from '../../database/transaction.js';
import { mailboxKey } from '../email/index.js';
import { erasedMailboxKey } from './discounts.personal-data.js';
import { DiscountCodeRecord, DiscountHold } from './discount.entity.js';

export const DISCOUNT_NOT_FOUND_MESSAGE = 'Discount code not found.';
export const INVALID_CODE_MESSAGE = 'This code is not valid.';
export const NOT_YET_MESSAGE = 'This code is not active yet.';
export const EXPIRED_MESSAGE = 'This code has expired.';
export const USED_UP_MESSAGE = 'This code has been used up.';
export const NOT_FOR_THESE_ITEMS_MESSAGE = 'This code is not for any item in your cart.';
export const USED_BY_EMAIL_MESSAGE = 'This code has already been used with this email address.';
export const ONE_KIND_MESSAGE = 'Give either a percent off or an amount off, not both.';

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const minimumMessage = (cents: number) =>
  `This code is for orders of ${dollars(cents)} or more.`;

/** A cart as a code sees it: its lines' products and money. Cents. */
export interface DiscountCart {
  lines: { productId: string; unitPrice: number; quantity: number }[];
  subtotal: number;
}

/** A code applied to a cart: how much it takes off the items (never shipping). */
export interface AppliedDiscount {
  id: number;
  code: string;
  amountCents: number;
}

/**
 * Discount codes and their uses. A use is counted when an order is paid; while a checkout is open
 * its use is held (as stock is), so buyers paying at the same moment cannot take a code past its
 * limit: the held and paid uses of a code are counted, and a new one held, under a lock per code.
 * A hold stops counting when its session expires, or at once when it closes unpaid.
 */
@Injectable()
export class DiscountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly transactions: Transactions,
    events: DomainEvents,
  ) {
    // A paid checkout's use of its code is counted with its order.
    events.on('OrderPaid', async (manager, { order, heldBy }) => {
      if (heldBy !== null) await this.redeem(manager, heldBy, order.email);
      return [];
    });
  }

  listDefinition(): ListDefinition<
    DiscountCodeRecord,
    DiscountCode,
    DiscountListFilter,
    DiscountSort
  > {
    return {
      repository: this.dataSource.getRepository(DiscountCodeRecord),
      alias: 'discount',
      filters: {
        active: { where: 'discount.active = :yes' },
        inactive: { where: 'discount.active = :no' },
      },
      parameters: { yes: true, no: false },
      searchColumns: ['code'],
      sorts: {
        code: 'discount.code',
        uses: 'discount.uses',
        endsAt: 'discount.endsAt',
        createdAt: 'discount.createdAt',
      },
      defaultSort: '-createdAt',
      toRow: toDiscountCode,
    };
  }

  async create(input: DiscountCodeInput): Promise<DiscountCode> {
    const fields = fromInput(input);
    try {
      const result = await this.dataSource.getRepository(DiscountCodeRecord).insert(fields);
      return this.get(Number(result.identifiers[0].id));
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictException(duplicateMessage(input.code));
      throw error;
    }
  }

  async update(id: number, input: DiscountCodeInput): Promise<DiscountCode> {
    const repository = this.dataSource.getRepository(DiscountCodeRecord);
    if (!(await repository.findOneBy({ id })))
      throw new NotFoundException(DISCOUNT_NOT_FOUND_MESSAGE);
    try {
      await repository.update({ id }, fromInput(input));
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictException(duplicateMessage(input.code));
      throw error;
    }
    return this.get(id);
  }

  async get(id: number): Promise<DiscountCode> {
    const row = await this.dataSource.getRepository(DiscountCodeRecord).findOneBy({ id });
    if (!row) throw new NotFoundException(DISCOUNT_NOT_FOUND_MESSAGE);
    return toDiscountCode(row);
  }

  /**
   * What `code` takes off this cart, or 422 saying why not (unknown or switched off, not started,
   * expired, under its minimum, for none of these items, used up, used by this email). Reads
   * without holding anything: the check before checkout.
   */
  async check(code: string, cart: DiscountCart, email?: string): Promise<AppliedDiscount> {
    return this.evaluate(this.dataSource.manager, code, cart, email);
  }

  /**
   * Applies `code` to a cart being checked out and holds one use of it under `key` until
   * `expiresAt`, all under the code's lock, so concurrent checkouts cannot hold more uses than
   * are left.
   */
  async hold(
    key: string,
    code: string,
    cart: DiscountCart,
    email: string | undefined,
    expiresAt: number,
  ): Promise<AppliedDiscount> {
    const found = await this.find(this.dataSource.manager, code);
    return this.transactions.withNamedLock(`discount:${found.id}`, (locked) =>
      this.transactions.run(locked, async (manager) => {
        const applied = await this.evaluate(manager, code, cart, email);
        await manager.insert(DiscountHold, {
          sessionId: key,
          discountId: applied.id,
          email: email ? normaliseEmail(email) : null,
          emailKey: email ? mailboxKey(email) : null,
          state: 'held',
          expiresAt,
        });
        return applied;
      }),
    );
  }

  /** The provider's session id replaces the key the hold was made under. */
  async attach(key: string, sessionId: string): Promise<void> {
    await this.dataSource
      .getRepository(DiscountHold)
      .update({ sessionId: key, state: 'held' }, { sessionId });
  }

  /** A session closed unpaid: its use no longer counts. */
  async release(
    sessionId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.update(DiscountHold, { sessionId, state: 'held' }, { state: 'released' });
  }

  /**
   * A paid session's use is counted, once, in the transaction that makes its order; the buyer's
   * email, and its mailbox, are kept with it for a code that may be used once per email.
   */
  private async redeem(manager: EntityManager, sessionId: string, email: string): Promise<void> {
    const hold = await manager.findOneBy(DiscountHold, { sessionId });
    if (!hold || hold.state === 'used') return;
    const claimed = await manager.update(
      DiscountHold,
      { sessionId, state: hold.state },
      { state: 'used', email: normaliseEmail(email), emailKey: mailboxKey(email) },
    );
    if (claimed.affected !== 1) return;
    await manager
      .createQueryBuilder()
      .update(DiscountCodeRecord)
      .set({ uses: () => 'uses + 1' })
      .where('id = :id', { id: hold.discountId })
      .execute();
  }

  private async find(manager: EntityManager, code: string): Promise<DiscountCodeRecord> {
    const found = await manager.findOneBy(DiscountCodeRecord, { code: code.trim().toUpperCase() });
    if (!found || !found.active) throw new UnprocessableEntityException(INVALID_CODE_MESSAGE);
    return found;
  }

  private async evaluate(
    manager: EntityManager,
    code: string,
    cart: DiscountCart,
    email?: string,
  ): Promise<AppliedDiscount> {
    const found = await this.find(manager, code);
    const now = this.clock.now();
    if (found.startsAt && found.startsAt > now)
      throw new UnprocessableEntityException(NOT_YET_MESSAGE);
    if (found.endsAt && found.endsAt <= now)
      throw new UnprocessableEntityException(EXPIRED_MESSAGE);
    if (found.minSubtotalCents !== null && cart.subtotal < found.minSubtotalCents) {
      throw new UnprocessableEntityException(minimumMessage(found.minSubtotalCents));
    }
    const products = found.productIds ? (JSON.parse(found.productIds) as string[]) : null;
    const eligible = cart.lines
      .filter((line) => !products || products.includes(line.productId))
      .reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    if (eligible === 0) throw new UnprocessableEntityException(NOT_FOR_THESE_ITEMS_MESSAGE);
    const live = {
      discountId: found.id,
      state: 'held' as const,
      expiresAt: MoreThan(now.getTime()),
    };
    if (found.maxUses !== null) {
      const held = await manager.countBy(DiscountHold, live);
      if (found.uses + held >= found.maxUses)
        throw new UnprocessableEntityException(USED_UP_MESSAGE);
    }
    if (found.oncePerEmail) {
      if (!email) throw new UnprocessableEntityException(DISCOUNT_EMAIL_NEEDED_MESSAGE);
      // Compared by mailbox: `fan+1@` and `f.an@gmail.com` are the `fan@` who used it; a use
      // whose buyer was erased is kept under the mailbox's digest, and still counts.
      const mine = In([mailboxKey(email), erasedMailboxKey(email)]);
      const before = await manager.countBy(DiscountHold, [
        { discountId: found.id, emailKey: mine, state: 'used' },
        { ...live, emailKey: mine },
      ]);
      if (before > 0) throw new UnprocessableEntityException(USED_BY_EMAIL_MESSAGE);
    }
    const amountCents =
      found.percentOff !== null
        ? Math.round((eligible * found.percentOff) / 100)
        : Math.min(found.amountOffCents ?? 0, eligible);
    return { id: found.id, code: found.code, amountCents };
  }
}

const duplicateMessage = (code: string) => `The code ${code} already exists.`;

function fromInput(input: DiscountCodeInput): Partial<DiscountCodeRecord> {
  const percent = input.percentOff ?? null;
  const amount = input.amountOffCents ?? null;
  if ((percent === null) === (amount === null)) throw new BadRequestException(ONE_KIND_MESSAGE);
  const startsAt = input.startsAt ? new Date(input.startsAt) : null;
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (startsAt && endsAt && endsAt <= startsAt) {
    throw new BadRequestException('The end must come after the start.');
  }
  return {
    code: input.code,
    percentOff: percent,
    amountOffCents: amount,
    minSubtotalCents: input.minSubtotalCents ?? null,
    startsAt,
    endsAt,
    maxUses: input.maxUses ?? null,
    oncePerEmail: input.oncePerEmail,
    productIds: input.productIds ? JSON.stringify([...new Set(input.productIds)]) : null,
    active: input.active,
  };
}

export function toDiscountCode(row: DiscountCodeRecord): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: row.startsAt ? row.startsAt.toISOString() : null,
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    maxUses: row.maxUses,
    oncePerEmail: Boolean(row.oncePerEmail),
    productIds: row.productIds ? (JSON.parse(row.productIds) as string[]) : null,
    active: Boolean(row.active),
    uses: row.uses,
  };
}
