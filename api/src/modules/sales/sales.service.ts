import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { SALES_MAX_DAYS, type SalesMemberships, type SalesReport } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { dateIn, nextDate, startOfDayIn } from '../../common/dates.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { TableVersions } from '../../database/table-versions.js';
import { CatalogService } from '../catalog/index.js';
import { MembershipsService } from '../memberships/index.js';
import { ShowsService } from '../shows/index.js';
import type { SalesQueryDto } from './dto/sales-query.dto.js';
import { SaleDay } from './sale-day.entity.js';
import { SALES_DAYS } from './sales-days.js';
import { keptFigures, type SalesPeriod } from './sales-figures.js';
import { monthsBetween, SalesTally } from './sales-report.js';

/**
 * Sales over a period of days in the artist's time zone, added up by the database from the
 * figures kept by day (`SalesDays`, `keptFigures`): a day is one in the artist's zone, worked out
 * when the sale is kept (SQLite has no time zones and MySQL's zone tables are often not loaded),
 * so a period and its months are ranges of days; a few hundred groups come back, folded here.
 */
@Injectable()
export class SalesService {
  constructor(
    @InjectRepository(SaleDay) private readonly days: Repository<SaleDay>,
    private readonly shows: ShowsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly catalog: CatalogService,
    private readonly memberships: MembershipsService,
    private readonly versions: TableVersions,
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
    const months = monthsBetween(from.slice(0, 7), to.slice(0, 7));
    const tally = new SalesTally(await this.catalog.list(), months);
    // A merch-table sale at a picked show counts in the month of the show's date, whenever it was
    // entered, and only if that date is in the period; one at a show deleted since counts when
    // it was made.
    const shown = await this.soldAtShows();
    const shows = shown.length ? await this.shows.findByIds(shown) : [];
    const showParts = new Map(
      shows.map((show) => [
        show.id,
        show.date >= from && show.date <= to ? months.indexOf(show.date.slice(0, 7)) : -1,
      ]),
    );
    const figures = await this.figures({
      from,
      to,
      partStarts: months.slice(1).map((month) => `${month}-01`),
      showParts,
    });
    const testOrdersLeftOut = tally.addFigures(figures);
    return {
      ...tally.report(
        { from, to, timeZone, testOrdersLeftOut },
        new Map(shows.map((show) => [show.id, show])),
      ),
      memberships: await this.membershipIncome(
        startOfDayIn(timeZone, from),
        startOfDayIn(timeZone, nextDate(to)),
        from,
        to,
      ),
    };
  }

  /**
   * The period's figures, kept until the kept days are written (a sale, a refund, a dispute: on
   * another instance within `SHARED_VERSIONS_READ_MS`): a year is some tens of thousands of kept
   * rows at half a million orders, which MariaDB adds up in about 100 ms, and the artist opens
   * the same report again and again between sales. The shows' parts are in the key, so a show
   * moved to another date is a report of its own.
   */
  private figures(period: SalesPeriod) {
    const key = `sales-figures:${JSON.stringify({ ...period, showParts: [...period.showParts] })}`;
    return this.versions.keepFigure([SALES_DAYS], key, () => keptFigures(this.days, period));
  }

  /** The shows any in-person sale names (by the kept days' index of shows). */
  private async soldAtShows(): Promise<number[]> {
    const rows = await this.days
      .createQueryBuilder('d')
      .select('DISTINCT d.showId', 'showId')
      .where('d.showId <> 0')
      .getRawMany<{ showId: number | string }>();
    return rows.map((row) => Number(row.showId));
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
