import type { DiscountCode } from '@artist/contracts';
import { Button, Typography } from 'antd';
import { StatusTag } from '../../components/StatusTag.js';
import { formatCents, formatTimestamp } from '../../components/format.js';
import { statusFilters } from '../table/columns.js';
import type { DataColumn } from '../table/DataTable.js';

export const discountFilters = statusFilters({
  active: 'Active',
  inactive: 'Off',
});

/** "10% off" or "$5.00 off", with its minimum. */
export function describeDiscount(d: DiscountCode): string {
  const off =
    d.percentOff !== null ? `${d.percentOff}% off` : `${formatCents(d.amountOffCents ?? 0)} off`;
  return d.minSubtotalCents !== null ? `${off} orders of ${formatCents(d.minSubtotalCents)}+` : off;
}

export function discountColumns(onEdit: (d: DiscountCode) => void): DataColumn<DiscountCode>[] {
  return [
    {
      key: 'code',
      title: 'Code',
      sortField: 'code',
      render: (_, d) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => onEdit(d)}>
          {d.code}
        </Button>
      ),
    },
    { key: 'discount', title: 'Discount', render: (_, d) => describeDiscount(d) },
    {
      key: 'uses',
      title: 'Uses',
      sortField: 'uses',
      render: (_, d) => (d.maxUses === null ? String(d.uses) : `${d.uses} of ${d.maxUses}`),
    },
    {
      key: 'endsAt',
      title: 'Ends',
      sortField: 'endsAt',
      responsive: ['md'],
      render: (_, d) =>
        d.endsAt ? (
          formatTimestamp(d.endsAt)
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'active',
      title: 'Status',
      render: (_, d) =>
        d.active ? (
          <StatusTag tone="success">Active</StatusTag>
        ) : (
          <StatusTag tone="neutral">Off</StatusTag>
        ),
    },
  ];
}
