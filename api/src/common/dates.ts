/** Building an Intl.DateTimeFormat costs far more than using one: one per time zone. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The calendar date (YYYY-MM-DD) at `now` in an IANA time zone. */
export function dateIn(timeZone: string, now: Date): string {
  const parts = formatFor(timeZone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** True for a real calendar date written YYYY-MM-DD (so 2027-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Minutes a time zone is ahead of UTC at an instant (negative west of Greenwich). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
  );
  return Math.round((local - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a calendar date (YYYY-MM-DD) begins in an IANA time zone. Midnight exists on every
 * date in the zones artists live in (a change of offset happens at night, not at 00:00, except in
 * a few zones where the day then starts at 01:00, which this also finds).
 */
export function startOfDayIn(timeZone: string, date: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let guess = midnightUtc - offsetMinutes(timeZone, new Date(midnightUtc)) * 60_000;
  // A second pass settles a date whose offset differs from that of UTC midnight.
  guess = midnightUtc - offsetMinutes(timeZone, new Date(guess)) * 60_000;
  return new Date(guess);
}

/** The date after a YYYY-MM-DD date. */
export function nextDate(date: string): string {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
  return next.toISOString().slice(0, 10);
}
