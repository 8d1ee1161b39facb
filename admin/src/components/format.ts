/** Dollars with two decimals from integer cents. */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A YYYY-MM-DD date as 'Dec 5, 2026', read as a local calendar date. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** A timestamp as 'Dec 5, 2026, 8:00 PM'. */
export function formatTimestamp(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** Milliseconds of a timestamp, for sorting. */
export const timeValue = (value: string | null | undefined) =>
  value ? new Date(value).getTime() || 0 : 0;
