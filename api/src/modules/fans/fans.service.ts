import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import {
  FAN_EXPORT_SECTIONS,
  type FanExportSection,
  type Fan as FanView,
  type FanErasure,
  type FanExport,
  type FanHistory,
  type FanListFilter,
  type FanNewsletterState,
  type FanSort,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { DomainEvents } from '../../common/domain-events.js';
import { PersonalDataRegistry } from '../../common/personal-data.js';
import type { ListDefinition } from '../../lists/list.js';
import { SearchIndex, type IndexedSearch } from '../../lists/search-index.js';
import { Transactions } from '../../database/transaction.js';
import { ContactService } from '../contact/index.js';
import { NewsletterService } from '../newsletter/index.js';
import { NotifyService } from '../notify/index.js';
import { OrdersService, toView as orderView } from '../orders/index.js';
import { FAN_SEARCH_INDEX } from '../../database/migrations/1767940000000-LeadFanSearchIndexById.js';
import { Fan } from './fan.entity.js';
import { linkFan } from './fan-link.js';

/** The fans list's search and its index: the fan's address. */
export const FANS_SEARCH: IndexedSearch = { table: 'fans', columns: ['email'] };

/** The fans list, a fan's history, and the privacy requests: export and erasure. */
@Injectable()
export class FansService {
  constructor(
    @InjectRepository(Fan) private readonly fans: Repository<Fan>,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly newsletter: NewsletterService,
    private readonly notify: NotifyService,
    private readonly contact: ContactService,
    private readonly orders: OrdersService,
    private readonly personalData: PersonalDataRegistry,
    private readonly transactions: Transactions,
    private readonly searchIndex: SearchIndex,
    private readonly events: DomainEvents,
  ) {
    searchIndex.keep(FANS_SEARCH);
    // Every record naming an address names its fan, linked in the record's own transaction.
    events.on('AddressSeen', (manager, { email, seenAt }) => linkFan(manager, email, seenAt));
  }

  /**
   * One row per fan. The filters and the sorts by orders and spending read the figures kept on
   * the fan's row (see `Fan`), each through its index; the list's counts are kept until a write
   * to the fans or their records, which changes the figures with them.
   */
  listDefinition(): ListDefinition<Fan, FanView, FanListFilter, FanSort> {
    return {
      repository: this.fans,
      alias: 'f',
      reads: ['orders', 'email_signups', 'notify_me', 'contact_messages'],
      filters: {
        customers: { where: 'f.orderCount > 0' },
        subscribers: { where: 'f.confirmedSignups > 0' },
        waiting: { where: 'f.waitingRequests > 0' },
        writers: { where: 'f.messageCount > 0' },
      },
      searchColumns: [...FANS_SEARCH.columns],
      searchIndex: FAN_SEARCH_INDEX.name,
      textIndex: this.searchIndex,
      sorts: {
        email: 'f.email',
        firstSeenAt: 'f.firstSeenAt',
        totalSpent: 'f.totalSpent',
        orders: 'f.orderCount',
      },
      uniqueSorts: ['email'],
      defaultSort: '-firstSeenAt',
      toRow: (fan) => this.row(fan, new Map()),
      hydrate: (fans) => this.rows(fans),
    };
  }

  /** GET /api/admin/fans/:id: the fan and all of their records. */
  async history(id: number): Promise<FanHistory> {
    const manager = this.dataSource.manager;
    const fan = await this.find(manager, id);
    // The fan's own records, newest first.
    const [orders, signups, notifyMe, messages] = await Promise.all([
      this.orders.recordsOf(manager, fan),
      this.newsletter.recordsOf(manager, fan),
      this.notify.recordsOf(manager, fan),
      this.contact.recordsOf(manager, fan),
    ]);
    const [row] = await this.rows([fan]);
    const signupRow = this.newsletter.listDefinition().toRow;
    const notifyRow = this.notify.listDefinition().toRow;
    const messageRow = this.contact.listDefinition().toRow;
    return {
      fan: row!,
      orders: orders.map(orderView),
      signups: signups.map(signupRow),
      notifyMe: notifyMe.map(notifyRow),
      messages: messages.map(messageRow),
    };
  }

  /** GET /api/admin/fans/:id/export: every stored row about the fan, as stored. */
  async export(id: number): Promise<FanExport> {
    return this.transactions.run(async (manager) => {
      const fan = await this.find(manager, id);
      const found = await this.personalData.find(manager, fan);
      const sections = Object.assign({}, ...found.map((rows) => rows.sections)) as Partial<
        Record<FanExportSection, object[]>
      >;
      const exported: Record<string, unknown> = {
        exportedAt: this.clock.now().toISOString(),
        fan: { ...fan },
      };
      for (const name of FAN_EXPORT_SECTIONS) {
        const rows = sections[name];
        if (!rows) throw new Error(`No PersonalData gives the export's ${name}.`);
        exported[name] = rows.map((r) => ({ ...r }));
      }
      return exported as unknown as FanExport;
    });
  }

  /**
   * DELETE /api/admin/fans/:id: each module erases its rows about the fan (see its
   * `PersonalData`), then the fan goes. One transaction, so a failure leaves everything as it was.
   */
  async erase(id: number): Promise<FanErasure> {
    return this.transactions.run(async (manager) => {
      const fan = await this.find(manager, id);
      const found = await this.personalData.find(manager, fan);
      const answer: Partial<FanErasure> = {};
      for (const rows of found) Object.assign(answer, await rows.erase(manager));
      await manager.delete(Fan, { id: fan.id });
      await this.events.publish(manager, 'FanErased', { fanId: fan.id, email: fan.email });
      return answer as FanErasure;
    });
  }

  private async find(manager: EntityManager, id: number): Promise<Fan> {
    const fan = await manager.findOneBy(Fan, { id });
    if (!fan) throw new NotFoundException('Fan not found.');
    return fan;
  }

  /** The list rows of some fans, in their order, with their newsletter state. */
  private async rows(fans: Fan[]): Promise<FanView[]> {
    if (fans.length === 0) return [];
    const signups = await this.newsletter.signupsOfFans(fans.map((f) => f.id));
    const signupRow = this.newsletter.listDefinition().toRow;
    const newsletter = new Map<number, FanNewsletterState>();
    for (const s of signups) newsletter.set(Number(s.fanId), signupRow(s).subscription);
    return fans.map((fan) => this.row(fan, newsletter));
  }

  private row(fan: Fan, newsletter: Map<number, FanNewsletterState>): FanView {
    return {
      id: fan.id,
      email: fan.email,
      firstSeenAt: fan.firstSeenAt.toISOString(),
      orders: Number(fan.orderCount),
      totalSpent: Number(fan.totalSpent),
      newsletter: newsletter.get(fan.id) ?? 'none',
      pendingNotify: Number(fan.waitingRequests),
      messages: Number(fan.messageCount),
    };
  }
}
