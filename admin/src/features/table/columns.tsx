import { Button } from 'antd';
import { formatTimestamp } from '../../components/format.js';
import type { DataColumn, StatusFilter } from './DataTable.js';

/**
 * A list's filter buttons: All, then each `status` value with its label (a plain label, or the
 * `label` of a status's tag), in the order given.
 */
export function statusFilters(labels: Record<string, string | { label: string }>): StatusFilter[] {
  return [
    { value: 'all', label: 'All' },
    ...Object.entries(labels).map(([value, label]) => ({
      value,
      label: typeof label === 'string' ? label : label.label,
    })),
  ];
}

/** The string fields of a row, such as its `createdAt`. */
type TimeField<T> = { [K in keyof T]: T[K] extends string | null ? K : never }[keyof T] & string;

/**
 * A row's time (`createdAt` unless said) as the dashboard writes it, sorted by the server on the
 * same field: 'Date' unless `column` names it otherwise or hides it on small screens.
 */
export function timeColumn<T>(
  field: TimeField<T>,
  column: Partial<DataColumn<T>> = {},
): DataColumn<T> {
  return {
    key: field,
    title: 'Date',
    sortField: field,
    render: (_, row) => formatTimestamp(row[field] as string | null),
    ...column,
  };
}

/**
 * The small button that opens or acts on its row ('View', 'Manage', 'Remove'), its column named
 * the same; `label` names it to assistive technology with the row ('View fan a@b.c').
 */
export function buttonColumn<T>(
  title: string,
  onClick: (row: T) => void,
  label: (row: T) => string,
): DataColumn<T> {
  return {
    key: title.toLowerCase(),
    title,
    render: (_, row) => (
      <Button size="small" onClick={() => onClick(row)} aria-label={label(row)}>
        {title}
      </Button>
    ),
  };
}
