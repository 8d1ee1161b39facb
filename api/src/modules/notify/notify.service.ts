import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type Repository } from 'typeorm';
import {
  NOTIFY_BULK_LIMIT,
  type ListSelection,
  type NotifyListFilter,
  type NotifyMe as NotifyMeView,
  type NotifySort,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { withNamedLock } from '../../database/transaction.js';
import { selectedIds, updateInBatches, type ListDefinition } from '../../common/list.js';
import { NOTIFY_BULK_MESSAGE } from './dto/bulk-notify.dto.js';
import type { NotifyMeDto } from './dto/notify-me.dto.js';
import { NotifyMe } from './notify-me.entity.js';

@Injectable()
export class NotifyService {
  constructor(
    @InjectRepository(NotifyMe) private readonly requests: Repository<NotifyMe>,
    private readonly clock: Clock,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * A repeat of a request still pending adds no second row, even when repeats arrive at once:
   * the check and the insert run under a lock named after the address and product.
   */
  async create(input: NotifyMeDto): Promise<void> {
    await withNamedLock(
      this.dataSource,
      `notify-me:${input.email}:${input.productName}`,
      async (manager) => {
        const requests = manager.getRepository(NotifyMe);
        const pending = await requests.existsBy({
          email: input.email,
          productName: input.productName,
          notified: 'false',
        });
        if (!pending) await requests.insert(input);
      },
    );
  }

  /** The admin's list of requests, newest first by default. */
  listDefinition(): ListDefinition<NotifyMe, NotifyMeView, NotifyListFilter, NotifySort> {
    return {
      repository: this.requests,
      alias: 'n',
      filters: {
        pending: { where: "n.notified = 'false'" },
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
        ...row,
        notifiedAt: row.notifiedAt?.toISOString() ?? null,
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
    const ids = await selectedIds(this.listDefinition(), selection, {
      max: NOTIFY_BULK_LIMIT,
      tooMany: NOTIFY_BULK_MESSAGE,
    });
    return updateInBatches(ids, (batch) =>
      this.requests.update(
        { id: In(batch) },
        { notified, notifiedAt: notified === 'true' ? this.clock.now() : null },
      ),
    );
  }
}
