import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { SalesReport } from '@artist/contracts';
import { formatCents } from '../../components/format.js';
import { channelLabel, monthLabel, productLabel } from './salesFormat.js';

/** The site's brown, and a muted green beside it (both 4.5:1 on white). */
const COLORS = ['#8a4b14', '#3f6b45'];

const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;
const money = (value: unknown) => formatCents(Number(value));

export type SalesChartKind = 'month' | 'product' | 'show' | 'channel';

/**
 * The charts of the Sales view, in a module of their own so that the charting library is a chunk
 * that only this view downloads. Each chart repeats figures that a table beside it gives in text.
 */
export default function SalesChart({
  kind,
  report,
}: {
  kind: SalesChartKind;
  report: SalesReport;
}) {
  const height =
    kind === 'month' || kind === 'channel' ? 260 : Math.max(160, rowsOf(kind, report) * 36 + 40);
  return (
    <div data-testid={`sales-chart-${kind}`}>
      {/* A fixed height: the width follows the card. */}
      <ResponsiveContainer width="100%" height={height}>
        {chart(kind, report)}
      </ResponsiveContainer>
    </div>
  );
}

function rowsOf(kind: SalesChartKind, report: SalesReport): number {
  return kind === 'product' ? report.byProduct.length : report.byShow.length;
}

function chart(kind: SalesChartKind, report: SalesReport) {
  switch (kind) {
    case 'month':
      return (
        <BarChart
          data={report.byMonth.map((m) => ({ name: monthLabel(m.month), net: m.netCents }))}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" />
          <YAxis tickFormatter={dollars} width={72} />
          <Tooltip formatter={money} />
          <Bar dataKey="net" name="Net revenue" fill={COLORS[0]} isAnimationActive={false} />
        </BarChart>
      );
    case 'product':
      return (
        <BarChart
          layout="vertical"
          data={report.byProduct.map((p) => ({ name: productLabel(p), items: p.items }))}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="name" width={200} />
          <Tooltip />
          <Bar dataKey="items" name="Items sold" fill={COLORS[0]} isAnimationActive={false} />
        </BarChart>
      );
    case 'show':
      return (
        <BarChart
          layout="vertical"
          data={report.byShow.map((s) => ({ name: s.label, net: s.netCents }))}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={dollars} />
          <YAxis type="category" dataKey="name" width={200} />
          <Tooltip formatter={money} />
          <Bar dataKey="net" name="Net revenue" fill={COLORS[0]} isAnimationActive={false} />
        </BarChart>
      );
    case 'channel':
      return (
        <PieChart accessibilityLayer={false}>
          <Pie
            data={report.byChannel.map((c) => ({
              name: channelLabel(c.channel),
              value: c.netCents,
            }))}
            dataKey="value"
            nameKey="name"
            outerRadius={90}
            rootTabIndex={-1}
            isAnimationActive={false}
          >
            {report.byChannel.map((c, i) => (
              <Cell key={c.channel} fill={COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={money} />
          <Legend />
        </PieChart>
      );
  }
}
