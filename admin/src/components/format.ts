/** Dollars with two decimals from integer cents. */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// Formatters are built once, on first use: `toLocaleString` with options builds a new one on
// every call, which is slow enough to show when a table of 50 rows renders again.
let dayFormat: Intl.DateTimeFormat | undefined;
let timestampFormat: Intl.DateTimeFormat | undefined;

/** A YYYY-MM-DD date as 'Sat, Dec 5, 2026', read as a local calendar date. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  dayFormat ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return dayFormat.format(new Date(y, m - 1, d));
}

/** A timestamp as 'Dec 5, 2026, 8:00 PM'. */
export function formatTimestamp(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  timestampFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return timestampFormat.format(date);
}

/** Milliseconds of a timestamp, for sorting. */
export const timeValue = (value: string | null | undefined) =>
  value ? new Date(value).getTime() || 0 : 0;
