import type { SalesFigures, SalesReport } from '@artist/contracts';
import type { CsvColumn } from '../../lists/csv.js';
import { dollars } from '../../common/order-format.js';

/** One line of the sales CSV: a figure of one breakdown. */
export interface SalesCsvRow {
  breakdown: 'total' | 'month' | 'product' | 'show' | 'channel';
  name: string;
  size?: string | null;
  showId?: number | null;
  date?: string | null;
  orders: number;
  items: number;
  /** Gross (what was charged) for every breakdown but products, where it is the lines' sales. */
  sales: number;
  refunded?: number;
  net?: number;
}

const money = (cents: number | undefined) => (cents === undefined ? '' : dollars(cents));

export const salesCsvColumns: CsvColumn<SalesCsvRow>[] = [
  { header: 'breakdown', value: (r) => r.breakdown },
  { header: 'name', value: (r) => r.name },
  { header: 'size', value: (r) => r.size },
  { header: 'showId', value: (r) => r.showId },
  { header: 'showDate', value: (r) => r.date },
  { header: 'orders', value: (r) => r.orders },
  { header: 'items', value: (r) => r.items },
  { header: 'sales', value: (r) => money(r.sales) },
  { header: 'refunded', value: (r) => money(r.refunded) },
  { header: 'net', value: (r) => money(r.net) },
];

const figures = (f: SalesFigures) => ({
  orders: f.orders,
  items: f.items,
  sales: f.grossCents,
  refunded: f.refundedCents,
  net: f.netCents,
});

/** The report's figures as rows, breakdown after breakdown, in the report's order. */
export function salesCsvRows(report: SalesReport): SalesCsvRow[] {
  return [
    { breakdown: 'total', name: `${report.from} to ${report.to}`, ...figures(report.totals) },
    ...report.byMonth.map((m) => ({ breakdown: 'month' as const, name: m.month, ...figures(m) })),
    ...report.byProduct.map((p) => ({
      breakdown: 'product' as const,
      name: p.product,
      size: p.size,
      orders: p.orders,
      items: p.items,
      sales: p.cents,
    })),
    ...report.byShow.map((s) => ({
      breakdown: 'show' as const,
      name: s.label,
      showId: s.showId,
      date: s.date,
      ...figures(s),
    })),
    ...report.byChannel.map((c) => ({
      breakdown: 'channel' as const,
      name: c.channel,
      ...figures(c),
    })),
  ];
}
