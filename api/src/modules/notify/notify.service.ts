import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { NOTIFY_LIST_FILTERS, type NotifyMe as NotifyMeView } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
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
  ) {}

  /** A repeat of a request still pending adds no second row. */
  async create(input: NotifyMeDto): Promise<void> {
    const pending = await this.requests.existsBy({
      email: input.email,
      productName: input.productName,
      notified: 'false',
    });
    if (!pending) await this.requests.insert(input);
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
