import { BadRequestException, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../../common/domain-events.js';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import {
  NOTIFY_BULK_LIMIT,
  NOTIFY_PRODUCT_NAMES,
  type ListSelection,
  type NotifySendResponse,
  type NotifyListFilter,
  type NotifyMe as NotifyMeView,
  type NotifySort,
  type Size,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { recordsOfPerson, type PersonalDataSubject } from '../../common/personal-data.js';
import { Transactions } from '../../database/transaction.js';
import { selectedIds, updateSelected, type ListDefinition } from '../../lists/list.js';
import { CatalogService, InventoryService } from '../catalog/index.js';
import { newLinkToken, type LinkOutcome } from '../../common/link-pages.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { OutboxService } from '../email/index.js';
import { backInStockEmail } from './emails/back-in-stock.email.js';
import { notifyConfirmEmail } from './emails/notify-confirm.email.js';
import { NOTIFY_BULK_MESSAGE } from './dto/bulk-notify.dto.js';
import { INVALID_PRODUCT_MESSAGE, type NotifyMeDto } from './dto/notify-me.dto.js';
import { NotifyMe } from './notify-me.entity.js';

/** A confirm link works this long, once. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;

@Injectable()
export class NotifyService implements OnModuleInit {
  constructor(
    @InjectRepository(NotifyMe) private readonly requests: Repository<NotifyMe>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly inventory: InventoryService,
    private readonly catalog: CatalogService,
    private readonly outbox: OutboxService,
    private readonly transactions: Transactions,
  ) {}

  /** A product coming back in stock answers its pending requests in the same transaction. */
  onModuleInit(): void {
    this.events.on('StockRestored', (manager, { productId, productName, sizes }) =>
      this.announceBackInStock(manager, { id: productId, name: productName }, sizes),
    );
  }

  /**
   * A request names a product of the catalogue (any the shop shows Notify Me for) or one of the
   * names the shop has always taken. A repeat of a request still pending adds no second row, even
   * when repeats arrive at once: the check and the insert run under a lock named after the address
   * and product. A request from an address that unsubscribed from back-in-stock emails (of any
   * product) is stored but emailed only once confirmed: it is sent a confirmation email instead.
   */
  async create(input: NotifyMeDto): Promise<void> {
    const product = await this.catalog.shopProductIdNamed(input.productName);
    if (!product && !(NOTIFY_PRODUCT_NAMES as readonly string[]).includes(input.productName))
      throw new BadRequestException({
        message: INVALID_PRODUCT_MESSAGE,
        errors: [{ field: 'productName', messages: [INVALID_PRODUCT_MESSAGE] }],
      });
    const size = input.size ?? null;
    if (size !== null) {
      const sizes = product ? await this.inventory.sizesOf(product.id) : [];
      if (!sizes.includes(size)) {
        const message = sizes.length
          ? `The ${input.productName} comes in ${sizes.join(', ')}; not ${size}.`
          : `The ${input.productName} does not come in sizes.`;
        throw new BadRequestException({
          message,
          errors: [{ field: 'size', messages: [message] }],
        });
      }
    }
    await this.transactions.withNamedLock(
      `notify-me:${input.email}:${input.productName}:${size ?? ''}`,
      (locked) =>
        this.transactions.run(locked, async (manager) => {
          const requests = manager.getRepository(NotifyMe);
          const pending = await requests.findOneBy({
            email: input.email,
            productName: input.productName,
            size: size ?? IsNull(),
            notified: 'false',
          });
          if (pending) return this.renewConfirmation(manager, pending);
          const fanId = await this.events.fanOf(manager, input.email, this.clock.now());
          const optIn = await requests.existsBy({
            email: input.email,
            unsubscribedAt: Not(IsNull()),
          });
          const { identifiers } = await requests.insert({
            email: input.email,
            productName: input.productName,
            size,
            productId: product?.id ?? null,
            fanId,
            confirmedAt: optIn ? null : this.clock.now(),
            token: optIn ? newLinkToken() : null,
          });
          if (optIn)
            await this.sendConfirmation(
              manager,
              await requests.findOneByOrFail({ id: (identifiers[0] as { id: number }).id }),
            );
        }),
    );
  }

  /**
   * The double opt-in email of a request that needs one, with a new one-time confirm token;
   * nothing when the mailbox has had its emails for the day (a repeat of the request tries again).
   */
  private async sendConfirmation(manager: EntityManager, row: NotifyMe): Promise<void> {
    const now = this.clock.now();
    const confirmToken = newLinkToken();
    const queued = await this.outbox.queue(
      manager,
      notifyConfirmEmail(
        this.config.publicUrl,
        {
          id: row.id,
          email: row.email,
          productName: row.productName,
          confirmToken,
          unsubscribeToken: row.token!,
        },
        now.getTime(),
      ),
    );
    if (queued)
      await manager.update(
        NotifyMe,
        { id: row.id },
        { confirmToken, confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS) },
      );
  }

  /** A repeated request that still awaits confirmation, and whose link expired, is sent a new one. */
  private async renewConfirmation(manager: EntityManager, row: NotifyMe): Promise<void> {
    if (row.confirmedAt !== null || row.unsubscribedAt !== null || row.token === null) return;
    const expiresAt = row.confirmTokenExpiresAt?.getTime() ?? 0;
    if (expiresAt <= this.clock.now().getTime()) await this.sendConfirmation(manager, row);
  }

  /** The state of a confirm link, for its page. */
  async confirmLinkState(token: string): Promise<LinkOutcome | 'valid'> {
    const row = await this.requests.findOneBy({ confirmToken: token });
    if (!row) return 'unknown';
    if (row.confirmedAt !== null) return 'used';
    const expiresAt = row.confirmTokenExpiresAt?.getTime() ?? 0;
    if (row.unsubscribedAt !== null || expiresAt <= this.clock.now().getTime()) return 'expired';
    return 'valid';
  }

  /** The confirm page's button: the request will be emailed when the product is back. Once. */
  async confirm(token: string): Promise<LinkOutcome> {
    const state = await this.confirmLinkState(token);
    if (state !== 'valid') return state;
    const done = await this.requests
      .createQueryBuilder()
      .update(NotifyMe)
      .set({ confirmedAt: this.clock.now() })
      .where('confirmToken = :token AND confirmedAt IS NULL AND unsubscribedAt IS NULL', { token })
      .execute();
    return done.affected === 1 ? 'done' : 'used';
  }

  /** The admin's list of requests, newest first by default. */
  listDefinition(): ListDefinition<NotifyMe, NotifyMeView, NotifyListFilter, NotifySort> {
    return {
      repository: this.requests,
      alias: 'n',
      filters: {
        pending: { where: "n.notified = 'false' AND n.confirmedAt IS NOT NULL" },
        unconfirmed: { where: "n.notified = 'false' AND n.confirmedAt IS NULL" },
        notified: { where: "n.notified = 'true'" },
      },
      searchColumns: ['email', 'productName'],
      sorts: {
        createdAt: 'n.createdAt',
        email: 'n.email',
        productName: 'n.productName',
        notified: 'n.notified',
      },
      defaultSort: '-createdAt',
      toRow: (row) => ({
        id: row.id,
        email: row.email,
        productName: row.productName,
        size: (row.size as Size | null) ?? null,
        notified: row.notified,
        notifiedAt: row.notifiedAt?.toISOString() ?? null,
        unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
        confirmedAt: row.confirmedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      }),
    };
  }

  /**
   * Sets the flag and its time (cleared when set back to false) on the chosen requests, or on
   * every request a filter matches (at most NOTIFY_BULK_LIMIT); answers how many rows.
   */
  async bulkUpdate(
    selection: ListSelection<NotifyListFilter>,
    notified: 'true' | 'false',
  ): Promise<number> {
    return updateSelected(
      this.listDefinition(),
      selection,
      { notified, notifiedAt: notified === 'true' ? this.clock.now() : null },
      { max: NOTIFY_BULK_LIMIT, tooMany: NOTIFY_BULK_MESSAGE },
    );
  }

  /**
   * POST /api/admin/notify-me/send: the back-in-stock email to the chosen requests (or those a
   * filter matches, at most NOTIFY_BULK_LIMIT), each marked notified. Requests already notified
   * or unsubscribed from the product's alerts are skipped.
   */
  async send(selection: ListSelection<NotifyListFilter>): Promise<NotifySendResponse> {
    const ids = await selectedIds(this.listDefinition(), selection, {
      max: NOTIFY_BULK_LIMIT,
      tooMany: NOTIFY_BULK_MESSAGE,
    });
    return this.transactions.run(async (manager) => {
      const rows = ids.length ? await manager.findBy(NotifyMe, { id: In(ids) }) : [];
      const due = rows.filter(
        (r) => r.notified === 'false' && r.unsubscribedAt === null && r.confirmedAt !== null,
      );
      const products = await this.catalog.productsByIds(manager, [
        ...new Set(due.map((r) => r.productId).filter((id) => id !== null)),
      ]);
      const names = new Map(products.map((p) => [p.id, p.name]));
      let queued = 0;
      for (const row of due) {
        const name = (row.productId && names.get(row.productId)) || row.productName;
        if (await this.alert(manager, row, name, row.size ? [row.size] : [])) queued++;
      }
      return { queued, skipped: ids.length - queued };
    });
  }

  /**
   * The pending requests for a product of which `sizes` just came back (null: a product without
   * sizes) each get one email, and are marked notified: those for one of those sizes and those
   * for the product as a whole, never those for another size. Called inside the transaction that
   * restocked it. The email names the size asked for, or the sizes back.
   */
  private async announceBackInStock(
    manager: EntityManager,
    product: { id: string; name: string },
    sizes: (Size | null)[],
  ): Promise<void> {
    const back = sizes.filter((size): size is Size => size !== null);
    const qb = manager
      .getRepository(NotifyMe)
      .createQueryBuilder('n')
      .where("n.notified = 'false' AND n.unsubscribedAt IS NULL AND n.confirmedAt IS NOT NULL")
      .andWhere('(n.productId = :id OR (n.productId IS NULL AND n.productName = :name))', {
        id: product.id,
        name: product.name,
      });
    if (back.length) qb.andWhere('(n.size IS NULL OR n.size IN (:...back))', { back });
    else qb.andWhere('n.size IS NULL');
    const pending = await qb.orderBy('n.id').getMany();
    for (const row of pending)
      await this.alert(manager, row, product.name, row.size ? [row.size] : back);
  }

  /**
   * Queues one request's email and marks it notified; false when it was already queued or its
   * mailbox has had its emails for the day (it stays pending for a later restock or send).
   */
  private async alert(manager: EntityManager, row: NotifyMe, productName: string, sizes: string[]) {
    const token = row.token ?? newLinkToken();
    const queued = await this.outbox.queue(
      manager,
      backInStockEmail(this.config.publicUrl, {
        id: row.id,
        email: row.email,
        productName,
        token,
        sizes,
      }),
    );
    if (queued)
      await manager.update(
        NotifyMe,
        { id: row.id },
        { token, notified: 'true', notifiedAt: this.clock.now() },
      );
    return queued;
  }

  /**
   * One-click unsubscribe from a product's alerts: every request of that address for that
   * product stops getting them. False for a token no request holds.
   */
  async unsubscribe(token: string): Promise<boolean> {
    const row = await this.requests.findOneBy({ token });
    if (!row) return false;
    const same = this.requests
      .createQueryBuilder()
      .update(NotifyMe)
      .set({ unsubscribedAt: this.clock.now() })
      .where('email = :email AND unsubscribedAt IS NULL', { email: row.email });
    if (row.productId) same.andWhere('productId = :id', { id: row.productId });
    else same.andWhere('productName = :name', { name: row.productName });
    await same.execute();
    return true;
  }

  /**
   * The person's requests still waiting for their product (not yet alerted, not unsubscribed),
   * newest first: her account lists them.
   */
  async waitingOf(person: PersonalDataSubject): Promise<NotifyMe[]> {
    const rows = await recordsOfPerson(this.requests.manager, NotifyMe, 'n', person);
    return rows.filter((row) => row.notified !== 'true' && row.unsubscribedAt === null);
  }

  /**
   * Her account's cancel of one waiting request: it gets no alert. False when no waiting
   * request of hers has this id.
   */
  async cancel(person: PersonalDataSubject, id: number): Promise<boolean> {
    const waiting = await this.waitingOf(person);
    if (!waiting.some((row) => row.id === id)) return false;
    await this.requests.update({ id }, { unsubscribedAt: this.clock.now() });
    return true;
  }

  /** The person's requests, newest first (see `recordsOfPerson`), for their history. */
  recordsOf(manager: EntityManager, person: PersonalDataSubject): Promise<NotifyMe[]> {
    return recordsOfPerson(manager, NotifyMe, 'n', person);
  }
}
