import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Input, Spin, Table, Typography } from 'antd';
import {
  type SalesFigures,
  type SalesQuery,
  type SalesReport,
  serverMessage,
} from '@artist/contracts';
import { formatCents, formatDay } from '../../components/format.js';
import { usePhone } from '../../components/usePhone.js';
import { useToast } from '../../components/useToast.js';
import { today, useDownload } from '../table/downloadCsv.js';
import type { SalesChartKind } from './SalesChart.js';
import { salesQuery, useGetSalesQuery } from './salesApi.js';
import { channelLabel, monthLabel, productLabel } from './salesFormat.js';

// The charting library is only downloaded when this view opens.
const SalesChart = lazy(() => import(/* webpackChunkName: "sales-charts" */ './SalesChart.js'));

const PERIOD_ORDER = 'The period must start on or before its end.';

const allFigureColumns = [
  { title: 'Orders', dataIndex: 'orders', key: 'orders', align: 'right' as const },
  { title: 'Items', dataIndex: 'items', key: 'items', align: 'right' as const },
  {
    title: 'Gross',
    dataIndex: 'grossCents',
    key: 'gross',
    align: 'right' as const,
    render: formatCents,
  },
  {
    title: 'Refunded',
    dataIndex: 'refundedCents',
    key: 'refunded',
    align: 'right' as const,
    render: formatCents,
  },
  {
    title: 'Net',
    dataIndex: 'netCents',
    key: 'net',
    align: 'right' as const,
    render: formatCents,
  },
];

/**
 * A phone's width holds the label, Orders and Net without scrolling sideways; items, gross and
 * refunded stay in the totals above the tables.
 */
const phoneFigureColumns = allFigureColumns.filter((c) => c.key === 'orders' || c.key === 'net');

/**
 * Sales: revenue by month, by product and size, by show, and online against the merch table,
 * over a period (this year in the artist's time zone until another is picked). Each chart has a
 * table with its figures, so every number can be read without the picture.
 */
export function SalesTab() {
  const [period, setPeriod] = useState<SalesQuery>({});
  const [exporting, setExporting] = useState(false);
  const download = useDownload();
  const toast = useToast();
  const wrongOrder = !!period.from && !!period.to && period.from > period.to;
  const { data, isFetching, isError, error } = useGetSalesQuery(period, { skip: wrongOrder });

  const from = period.from ?? data?.from ?? '';
  const to = period.to ?? data?.to ?? '';
  const change = (field: 'from' | 'to', value: string) => {
    // A half-typed date is empty in a date field: keep the last whole one.
    if (value) setPeriod({ from, to, [field]: value });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const filename = await download(
        `/admin/sales/export${salesQuery({ from, to })}`,
        `sales-${today()}.csv`,
      );
      toast.success('Exported to CSV', filename);
    } catch (err) {
      toast.error('Failed to export sales', err);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="end" justify="space-between">
        <Flex gap={12} wrap align="end">
          <label>
            <Typography.Text>From</Typography.Text>
            <Input type="date" value={from} onChange={(e) => change('from', e.target.value)} />
          </label>
          <label>
            <Typography.Text>To</Typography.Text>
            <Input type="date" value={to} onChange={(e) => change('to', e.target.value)} />
          </label>
          <Button onClick={() => setPeriod({})}>This year</Button>
        </Flex>
        <Button type="primary" onClick={onExport} loading={exporting} disabled={wrongOrder}>
          Download CSV
        </Button>
      </Flex>
      {wrongOrder && <Alert type="error" showIcon title={PERIOD_ORDER} />}
      {isError && !wrongOrder && (
        // The server's sentence when it gave one (a period too long), never the last period's figures.
        <Alert type="error" showIcon title={serverMessage(error) ?? 'Unable to load sales.'} />
      )}
      <Spin spinning={isFetching}>
        {data && !wrongOrder && !isError ? (
          <Report report={data} />
        ) : (
          <div style={{ minHeight: 200 }} />
        )}
      </Spin>
    </Flex>
  );
}

function Report({ report }: { report: SalesReport }) {
  const { totals } = report;
  const figureColumns = usePhone() ? phoneFigureColumns : allFigureColumns;
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Typography.Paragraph style={{ margin: 0 }} data-testid="sales-totals">
          <strong>Net revenue {formatCents(totals.netCents)}</strong> from {totals.orders}{' '}
          {totals.orders === 1 ? 'order' : 'orders'} and {totals.items}{' '}
          {totals.items === 1 ? 'item' : 'items'}, {formatDay(report.from)} to{' '}
          {formatDay(report.to)} ({report.timeZone} time). Charged {formatCents(totals.grossCents)},
          refunded {formatCents(totals.refundedCents)}
          {totals.disputedCents > 0 ? `, disputed ${formatCents(totals.disputedCents)}` : ''}
          {totals.discountCents > 0
            ? `; discount codes took ${formatCents(totals.discountCents)} off ${totals.discountedOrders} ${totals.discountedOrders === 1 ? 'order' : 'orders'}`
            : ''}
          {totals.recoveredOrders > 0
            ? `; ${formatCents(totals.recoveredCents)} came from ${totals.recoveredOrders} ${totals.recoveredOrders === 1 ? 'checkout' : 'checkouts'} recovered by a reminder`
            : ''}
          {totals.taxCents > 0
            ? `; sales tax of ${formatCents(totals.taxCents)} is in these figures and is owed to the tax authorities, not revenue`
            : ''}
          .
        </Typography.Paragraph>
        {report.digital.orders > 0 && (
          <Typography.Paragraph style={{ margin: '8px 0 0' }} data-testid="sales-digital">
            Releases: {formatCents(report.digital.cents)} from {report.digital.items}{' '}
            {report.digital.items === 1 ? 'download' : 'downloads'} sold, of which fans paid{' '}
            {formatCents(report.digital.aboveMinimumCents)} above the lowest price.
          </Typography.Paragraph>
        )}
        {report.memberships.payments > 0 && (
          <Typography.Paragraph style={{ margin: '8px 0 0' }} data-testid="sales-memberships">
            Memberships, beside the orders: {formatCents(report.memberships.cents)} from{' '}
            {report.memberships.payments}{' '}
            {report.memberships.payments === 1 ? 'payment' : 'payments'} (first payments and
            renewals).
          </Typography.Paragraph>
        )}
        {report.testOrdersLeftOut > 0 && (
          <Typography.Paragraph
            type="secondary"
            style={{ margin: '8px 0 0' }}
            data-testid="sales-test-orders"
          >
            {report.testOrdersLeftOut} test {report.testOrdersLeftOut === 1 ? 'order' : 'orders'} of
            this period {report.testOrdersLeftOut === 1 ? 'is' : 'are'} left out: test mode takes no
            payment.
          </Typography.Paragraph>
        )}
      </Card>
      <Section title="By month" kind="month" report={report}>
        <Table
          size="small"
          pagination={false}
          rowKey="month"
          dataSource={report.byMonth}
          columns={[
            { title: 'Month', dataIndex: 'month', key: 'month', render: monthLabel },
            ...figureColumns,
          ]}
        />
      </Section>
      <Section title="By product and size" kind="product" report={report}>
        <Table
          size="small"
          pagination={false}
          rowKey={(p) => productLabel(p)}
          dataSource={report.byProduct}
          locale={{ emptyText: 'No products sold in this period.' }}
          columns={[
            { title: 'Product', key: 'product', render: (_, p) => productLabel(p) },
            { title: 'Orders', dataIndex: 'orders', key: 'orders', align: 'right' },
            { title: 'Items', dataIndex: 'items', key: 'items', align: 'right' },
            {
              title: 'Sales',
              dataIndex: 'cents',
              key: 'cents',
              align: 'right',
              render: formatCents,
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          What the items sold for, without shipping; fully refunded orders are left out and partial
          refunds are counted in the other figures.
        </Typography.Paragraph>
      </Section>
      <Section title="By show (merch table)" kind="show" report={report}>
        <Table<SalesReport['byShow'][number]>
          size="small"
          pagination={false}
          rowKey={(s) => `${s.showId ?? ''}:${s.label}`}
          dataSource={report.byShow}
          locale={{ emptyText: 'No merch-table sales in this period.' }}
          columns={[
            {
              title: 'Show',
              key: 'show',
              render: (_, s) => (s.date ? `${s.label} (${formatDay(s.date)})` : s.label),
            },
            ...figureColumns,
          ]}
        />
      </Section>
      <Section title="Online and in person" kind="channel" report={report}>
        <Table
          size="small"
          pagination={false}
          rowKey="channel"
          dataSource={report.byChannel}
          columns={[
            {
              title: 'Channel',
              dataIndex: 'channel',
              key: 'channel',
              render: channelLabel,
            },
            ...figureColumns,
          ]}
        />
      </Section>
    </Flex>
  );
}

function Section(props: {
  title: string;
  kind: SalesChartKind;
  report: SalesReport;
  children: ReactNode;
}) {
  const empty = isEmpty(props.kind, props.report);
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{props.title}</h2>}>
      {!empty && (
        // The chart shows the figures of the table below it, which is what a screen reader reads.
        <div aria-hidden="true">
          <Suspense fallback={<Spin />}>
            <SalesChart kind={props.kind} report={props.report} />
          </Suspense>
        </div>
      )}
      {props.children}
    </Card>
  );
}

const none = (rows: SalesFigures[]) => rows.every((r) => r.grossCents === 0 && r.orders === 0);

function isEmpty(kind: SalesChartKind, report: SalesReport): boolean {
  if (kind === 'product') return report.byProduct.length === 0;
  if (kind === 'show') return report.byShow.length === 0;
  return none(kind === 'month' ? report.byMonth : report.byChannel);
}
