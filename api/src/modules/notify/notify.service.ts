import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, type Repository } from 'typeorm';
import { NOTIFY_LIST_FILTERS, type NotifyMe as NotifyMeView } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { withNamedLock } from '../../database/transaction.js';
import { whereSearch } from '../../common/list-query.js';
import type { NotifyMeDto } from './dto/notify-me.dto.js';
import { NotifyMe } from './notify-me.entity.js';

export const NOTIFY_FILTERS = NOTIFY_LIST_FILTERS;
export type NotifyFilter = (typeof NOTIFY_FILTERS)[number] | 'all';

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

  async list(filter: NotifyFilter = 'all', search = ''): Promise<NotifyMeView[]> {
    const qb = this.requests.createQueryBuilder('n');
    if (filter !== 'all') {
      qb.where('n.notified = :notified', { notified: filter === 'notified' ? 'true' : 'false' });
    }
    whereSearch(qb, ['email', 'productName'], search);
    const rows = await qb.orderBy('n.createdAt', 'DESC').addOrderBy('n.id', 'DESC').getMany();
    return rows.map((row) => ({
      ...row,
      notifiedAt: row.notifiedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Sets the flag and its time (cleared when set back to false); answers how many rows. */
  async bulkUpdate(ids: number[], notified: 'true' | 'false'): Promise<number> {
    const result = await this.requests.update(
      { id: In([...new Set(ids)]) },
      { notified, notifiedAt: notified === 'true' ? this.clock.now() : null },
    );
    return result.affected ?? 0;
  }
}
