import type {
  Product,
  SalesChannel,
  SalesDigital,
  SalesFigures,
  SalesProduct,
  SalesReport,
  SalesShow,
} from '@artist/contracts';

/** What the report reads of an order. */
export interface SaleRow {
  total: number;
  refundedAmount: number;
  /** Taken off by a discount code, cents. */
  discountAmount: number;
  /** Paid through an abandoned checkout's recovery link. */
  recovered?: boolean;
  /** Sales tax paid, cents. */
  taxAmount?: number;
  paymentStatus: string;
  salesChannel: string;
  showId: number | null;
  showLocation: string | null;
  lines: SoldLine[];
  /** YYYY-MM of the order in the artist's time zone. */
  month: string;
}

/** What the report reads of an order's line. */
export interface SoldLine {
  productId: string | null;
  productName: string;
  size: string | null;
  kind: string;
  quantity: number;
  unitPriceCents: number;
}

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
 * Adds up orders into the four breakdowns. Revenue is net: what an order was charged less what
 * was refunded (all of it for a `refunded` order). A fully refunded order counts for no order and
 * no item; a disputed one counts in full, and its net also goes to `disputedCents`.
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
  private readonly months = new Map<string, SalesFigures>();
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
    for (const month of monthsOfPeriod) this.months.set(month, empty());
    this.minimums = new Map(
      catalogue
        .filter((p) => p.pricing === 'name-your-price')
        .map((p) => [p.id, p.minPriceCents ?? 0]),
    );
  }

  add(row: SaleRow): void {
    const refunded =
      row.paymentStatus === 'refunded' ? row.total : Math.min(row.refundedAmount, row.total);
    const sold = row.paymentStatus !== 'refunded';
    const items = row.lines;
    const quantity = sold ? items.reduce((sum, item) => sum + item.quantity, 0) : 0;
    const count = (figures: SalesFigures) => {
      figures.grossCents += row.total;
      figures.refundedCents += refunded;
      figures.netCents += row.total - refunded;
      if (sold) figures.orders += 1;
      figures.items += quantity;
    };
    count(this.totals);
    if (row.paymentStatus === 'disputed') this.totals.disputedCents += row.total - refunded;
    if (row.discountAmount > 0) {
      this.totals.discountCents += row.discountAmount;
      this.totals.discountedOrders += 1;
    }
    if (sold) this.totals.taxCents += row.taxAmount ?? 0;
    if (row.recovered) {
      this.totals.recoveredCents += row.total - refunded;
      if (sold) this.totals.recoveredOrders += 1;
    }
    const month = this.months.get(row.month);
    if (month) count(month);
    const channel: SalesChannel = row.salesChannel === 'in-person' ? 'in-person' : 'online';
    count(this.channels.get(channel)!);
    if (channel === 'in-person') count(this.showOf(row));
    if (sold) this.addProducts(items);
    if (sold) this.addDigital(items);
  }

  /** A sold order's release lines: their copies and cents, and what was paid above minimums. */
  private addDigital(items: SoldLine[]): void {
    const releases = items.filter((item) => item.kind === 'digital');
    if (releases.length === 0) return;
    this.digital.orders += 1;
    for (const item of releases) {
      this.digital.items += item.quantity;
      this.digital.cents += item.quantity * item.unitPriceCents;
      const minimum = item.productId === null ? undefined : this.minimums.get(item.productId);
      if (minimum !== undefined)
        this.digital.aboveMinimumCents +=
          item.quantity * Math.max(0, item.unitPriceCents - minimum);
    }
  }

  private showOf(row: SaleRow) {
    const location = row.showLocation?.trim() || null;
    const key = row.showId !== null ? `show:${row.showId}` : `at:${location ?? ''}`;
    let figures = this.shows.get(key);
    if (!figures) {
      figures = { ...empty(), showId: row.showId, label: location ?? 'No location' };
      this.shows.set(key, figures);
    }
    return figures;
  }

  private addProducts(items: SoldLine[]): void {
    const seen = new Set<string>();
    for (const item of items) {
      const { productName: product, size } = item;
      const key = `${product}\u0000${size ?? ''}`;
      let figures = this.products.get(key);
      if (!figures) {
        figures = { product, size, orders: 0, items: 0, cents: 0 };
        this.products.set(key, figures);
      }
      figures.items += item.quantity;
      figures.cents += item.quantity * item.unitPriceCents;
      if (!seen.has(key)) figures.orders += 1;
      seen.add(key);
    }
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
      byMonth: [...this.months].map(([month, figures]) => ({ month, ...figures })),
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
