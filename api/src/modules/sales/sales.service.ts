import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { SALES_MAX_DAYS, type SalesMemberships, type SalesReport } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { dateIn, nextDate, startOfDayIn } from '../../common/dates.js';
import { EXPORT_BATCH } from '../../lists/list.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { CatalogService } from '../catalog/catalog.service.js';
import { MembershipsService } from '../memberships/memberships.service.js';
import { OrdersService, type SoldOrder } from '../orders/orders.service.js';
import { ShowsService } from '../shows/shows.service.js';
import type { SalesQueryDto } from './dto/sales-query.dto.js';
import { monthsBetween, SalesTally } from './sales-report.js';

/**
 * Sales over a period of days in the artist's time zone. The orders are read in batches of
 * `EXPORT_BATCH` by id and added up here: a month in the artist's zone cannot be computed in SQL
 * the same way on SQLite (no time zones) and MySQL (zone tables are often not loaded); each
 * batch's lines come from `order_lines` by the orders' ids.
 */
@Injectable()
export class SalesService {
  constructor(
    private readonly orders: OrdersService,
    private readonly shows: ShowsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    private readonly memberships: MembershipsService,
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
    // A merch-table sale at a picked show counts on the show's date, whenever it was entered:
    // the period's orders are those made in it, and those at the shows it holds.
    const showDates = new Map<number, string>();
    for (const show of await this.shows.datesBetween(from, to)) {
      showDates.set(show.id, show.date);
    }
    const periodShows = [...showDates.keys()];
    /** The day an order counts on; a show outside the period is looked up when first met. */
    const dayOf = async (order: SoldOrder): Promise<string> => {
      if (order.salesChannel !== 'in-person' || order.showId === null) {
        return dateIn(timeZone, order.createdAt);
      }
      if (!showDates.has(order.showId)) {
        // A deleted show's sales keep the day they were made.
        showDates.set(order.showId, (await this.shows.dateOf(order.showId)) ?? '');
      }
      return showDates.get(order.showId) || dateIn(timeZone, order.createdAt);
    };
    let testOrdersLeftOut = 0;
    let after = 0;
    for (;;) {
      const batch = await this.orders.salesBatch(
        { start, end, showIds: periodShows },
        after,
        EXPORT_BATCH,
      );
      for (const order of batch) {
        const day = await dayOf(order);
        if (day < from || day > to) continue;
        // Orders the test payment provider took moved no money, so they are no sales.
        if (order.testMode) testOrdersLeftOut += 1;
        else tally.add({ ...order, month: day.slice(0, 7) });
      }
      if (batch.length < EXPORT_BATCH) break;
      after = batch[batch.length - 1].id;
    }
    const ids = tally.showIds();
    const shows = ids.length ? await this.shows.findByIds(ids) : [];
    return {
      ...tally.report(
        { from, to, timeZone, testOrdersLeftOut },
        new Map(shows.map((show) => [show.id, show])),
      ),
      memberships: await this.membershipIncome(start, end, from, to),
    };
  }

  /** The period's paid membership invoices, by month in the artist's time zone. */
  private async membershipIncome(
    start: Date,
    end: Date,
    from: string,
    to: string,
  ): Promise<SalesMemberships> {
    const byMonth = new Map(
      monthsBetween(from.slice(0, 7), to.slice(0, 7)).map((month) => [
        month,
        { month, payments: 0, cents: 0 },
      ]),
    );
    let payments = 0;
    let cents = 0;
    for (const payment of await this.memberships.income(start, end)) {
      const month = byMonth.get(dateIn(this.config.timeZone, payment.paidAt).slice(0, 7));
      if (!month) continue;
      month.payments += 1;
      month.cents += payment.amountCents;
      payments += 1;
      cents += payment.amountCents;
    }
    return { payments, cents, byMonth: [...byMonth.values()] };
  }
}
