import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { SALES_MAX_DAYS, type SalesReport } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { dateIn, nextDate, startOfDayIn } from '../../common/dates.js';
import { EXPORT_BATCH } from '../../common/list.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { Order } from '../orders/order.entity.js';
import { Show } from '../shows/show.entity.js';
import type { SalesQueryDto } from './dto/sales-query.dto.js';
import { monthsBetween, SalesTally } from './sales-report.js';

/**
 * Sales over a period of days in the artist's time zone. The orders are read in batches of
 * `EXPORT_BATCH` by id and added up here: a month in the artist's zone cannot be computed in SQL
 * the same way on SQLite (no time zones) and MySQL (zone tables are often not loaded), and the
 * by-product figures live in the orders' line-item JSON.
 */
@Injectable()
export class SalesService {
  constructor(
    @InjectRepository(Order) private readonly orders: Repository<Order>,
    @InjectRepository(Show) private readonly shows: Repository<Show>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
  ) {}

  /** The period asked for: this calendar year by default. */
  period(query: SalesQueryDto): { from: string; to: string } {
    const year = this.clock.today().slice(0, 4);
    const from = query.from ?? `${year}-01-01`;
    const to = query.to ?? `${year}-12-31`;
    if (from > to) throw new BadRequestException('The period must start on or before its end.');
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
    if (days > SALES_MAX_DAYS) {
      throw new BadRequestException(`The period can be at most ${SALES_MAX_DAYS} days long.`);
    }
    return { from, to };
  }

  async report(query: SalesQueryDto): Promise<SalesReport> {
    const { from, to } = this.period(query);
    const timeZone = this.config.timeZone;
    const start = startOfDayIn(timeZone, from);
    const end = startOfDayIn(timeZone, nextDate(to));
    const tally = new SalesTally(
      await this.catalog.list(),
      monthsBetween(from.slice(0, 7), to.slice(0, 7)),
    );
    let after = 0;
    for (;;) {
      // Orders the test payment provider took moved no money, so they are no sales.
      const batch = await this.orders
        .createQueryBuilder('o')
        .select([
          'o.id',
          'o.total',
          'o.refundedAmount',
          'o.discountAmount',
          'o.paymentStatus',
          'o.salesChannel',
          'o.showId',
          'o.showLocation',
          'o.lineItems',
          'o.createdAt',
        ])
        .where('o.createdAt >= :start AND o.createdAt < :end', { start, end })
        .andWhere('o.testMode = :testMode', { testMode: 0 })
        .andWhere('o.id > :after', { after })
        .orderBy('o.id', 'ASC')
        .limit(EXPORT_BATCH)
        .getMany();
      for (const order of batch) {
        tally.add({ ...order, month: dateIn(timeZone, order.createdAt).slice(0, 7) });
      }
      if (batch.length < EXPORT_BATCH) break;
      after = batch[batch.length - 1].id;
    }
    const ids = tally.showIds();
    const shows = ids.length ? await this.shows.findBy({ id: In(ids) }) : [];
    return tally.report({ from, to, timeZone }, new Map(shows.map((show) => [show.id, show])));
  }
}
