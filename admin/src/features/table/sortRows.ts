export type SortOrder = 'ascend' | 'descend';
export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** A sorted copy of `rows`; values are read once per row so large lists sort quickly. */
export function sortRows<T>(rows: T[], value: (row: T) => SortValue, order: SortOrder): T[] {
  const keyed = rows.map((row) => ({ row, key: value(row) }));
  const sign = order === 'ascend' ? 1 : -1;
  keyed.sort((a, b) => sign * compare(a.key, b.key));
  return keyed.map((k) => k.row);
}

function compare(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}
