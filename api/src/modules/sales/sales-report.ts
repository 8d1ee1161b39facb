import type {
  Product,
  SalesChannel,
  SalesDigital,
  SalesFigures,
  SalesProduct,
  SalesReport,
  SalesShow,
} from '@artist/contracts';
import type { LineGroup, OrderGroup, SalesFigures as Groups } from './sales-figures.js';

/** What the report reads of a show a sale names. */
export interface SaleShow {
  id: number;
  venue: string;
  city: string;
  date: string;
}

const empty = (): SalesFigures => ({
  orders: 0,
  items: 0,
  grossCents: 0,
  refundedCents: 0,
  netCents: 0,
});

/** Every YYYY-MM from one month to another, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number);
  const [lastYear, lastMonth] = last.split('-').map(Number);
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/**
 * Adds up the period's groups of orders (`keptFigures`) into the breakdowns.
 * Revenue is net: what an order was charged less what was refunded (all of it for a `refunded`
 * order). A fully refunded order counts for no order and no item; a disputed one counts in full,
 * and its net also goes to `disputedCents`. Test orders moved no money: they are only counted.
 */
export class SalesTally {
  private readonly totals = {
    ...empty(),
    disputedCents: 0,
    discountCents: 0,
    discountedOrders: 0,
    recoveredCents: 0,
    recoveredOrders: 0,
    taxCents: 0,
  };
  private readonly months: [string, SalesFigures][];
  private readonly products = new Map<string, SalesProduct>();
  private readonly shows = new Map<
    string,
    SalesFigures & { showId: number | null; label: string }
  >();
  private readonly digital: SalesDigital = { orders: 0, items: 0, cents: 0, aboveMinimumCents: 0 };
  private readonly channels = new Map<SalesChannel, SalesFigures>([
    ['online', empty()],
    ['in-person', empty()],
  ]);

  /** A name-your-price release's minimum, by product id, from the catalogue. */
  private readonly minimums: Map<string, number>;

  constructor(
    private readonly catalogue: readonly Pick<
      Product,
      'id' | 'name' | 'sizes' | 'minPriceCents' | 'pricing'
    >[],
    monthsOfPeriod: string[],
  ) {
    this.months = monthsOfPeriod.map((month) => [month, empty()]);
    this.minimums = new Map(
      catalogue
        .filter((p) => p.pricing === 'name-your-price')
        .map((p) => [p.id, p.minPriceCents ?? 0]),
    );
  }

  /** Adds the period's figures; answers how many test orders were left out. */
  addFigures({ orders, lines, digital }: Groups): number {
    let testOrders = 0;
    for (const group of orders) {
      if (group.part < 0) continue;
      if (group.testMode) testOrders += group.orders;
      else this.addOrders(group);
    }
    for (const group of lines) if (group.part >= 0 && !group.testMode) this.addLines(group);
    this.digital.orders += digital.orders;
    for (const { productId, unitPriceCents, quantity } of digital.byPrice) {
      this.digital.items += quantity;
      this.digital.cents += quantity * unitPriceCents;
      const minimum = productId === null ? undefined : this.minimums.get(productId);
      if (minimum !== undefined)
        this.digital.aboveMinimumCents += quantity * Math.max(0, unitPriceCents - minimum);
    }
    return testOrders;
  }

  /** The breakdowns an order group counts in: totals, its month, its channel, its show. */
  private figuresOf(group: Pick<OrderGroup, 'part' | 'salesChannel' | 'showId' | 'showLocation'>) {
    const channel: SalesChannel = group.salesChannel === 'in-person' ? 'in-person' : 'online';
    const figures: SalesFigures[] = [this.totals, this.channels.get(channel)!];
    const month = this.months[group.part];
    if (month) figures.push(month[1]);
    if (channel === 'in-person') figures.push(this.showOf(group));
    return figures;
  }

  private addOrders(group: OrderGroup): void {
    const sold = group.paymentStatus !== 'refunded';
    const net = group.totalCents - group.refundedCents;
    for (const figures of this.figuresOf(group)) {
      figures.grossCents += group.totalCents;
      figures.refundedCents += group.refundedCents;
      figures.netCents += net;
      if (sold) figures.orders += group.orders;
    }
    if (group.paymentStatus === 'disputed') this.totals.disputedCents += net;
    this.totals.discountCents += group.discountCents;
    this.totals.discountedOrders += group.discountedOrders;
    if (sold) this.totals.taxCents += group.taxCents;
    if (group.recovered) {
      this.totals.recoveredCents += net;
      if (sold) this.totals.recoveredOrders += group.orders;
    }
  }

  /** A sold group's lines: its items, and each product and size's figures. */
  private addLines(group: LineGroup): void {
    if (group.paymentStatus === 'refunded') return;
    for (const figures of this.figuresOf(group)) figures.items += group.quantity;
    const { productName: product, size } = group;
    const key = `${product}\u0000${size ?? ''}`;
    let figures = this.products.get(key);
    if (!figures) {
      figures = { product, size, orders: 0, items: 0, cents: 0 };
      this.products.set(key, figures);
    }
    figures.items += group.quantity;
    figures.cents += group.cents;
    figures.orders += group.orders;
  }

  private showOf(row: Pick<OrderGroup, 'showId' | 'showLocation'>) {
    const location = row.showLocation?.trim() || null;
    const key = row.showId !== null ? `show:${row.showId}` : `at:${location ?? ''}`;
    let figures = this.shows.get(key);
    if (!figures) {
      figures = { ...empty(), showId: row.showId, label: location ?? 'No location' };
      this.shows.set(key, figures);
    }
    return figures;
  }

  /** Show ids the breakdown by show names, for looking the shows up. */
  showIds(): number[] {
    return [...this.shows.values()].flatMap((s) => (s.showId === null ? [] : [s.showId]));
  }

  report(
    period: Pick<SalesReport, 'from' | 'to' | 'timeZone' | 'testOrdersLeftOut'>,
    showsById: Map<number, SaleShow>,
  ): Omit<SalesReport, 'memberships'> {
    const sizeOrder = (p: SalesProduct) =>
      this.catalogue.find((c) => c.name === p.product)?.sizes?.indexOf(p.size as never) ?? -1;
    const byShow: SalesShow[] = [...this.shows.values()].map((figures) => {
      const show = figures.showId === null ? undefined : showsById.get(figures.showId);
      return {
        ...figures,
        label: show ? `${show.venue}, ${show.city}` : figures.label,
        date: show?.date ?? null,
      };
    });
    byShow.sort(
      (a, b) =>
        (b.date ?? '').localeCompare(a.date ?? '') ||
        b.netCents - a.netCents ||
        a.label.localeCompare(b.label),
    );
    return {
      ...period,
      totals: this.totals,
      byMonth: this.months.map(([month, figures]) => ({ month, ...figures })),
      byProduct: [...this.products.values()].sort(
        (a, b) =>
          a.product.localeCompare(b.product) ||
          sizeOrder(a) - sizeOrder(b) ||
          (a.size ?? '').localeCompare(b.size ?? ''),
      ),
      byShow,
      byChannel: [...this.channels].map(([channel, figures]) => ({ channel, ...figures })),
      digital: this.digital,
    };
  }
}
