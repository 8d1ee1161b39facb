import { preOrderNote } from '@artist/contracts';

/** Integer cents shown as dollars with two decimals: 2500 → '$25.00'. */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export function pluralItems(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** Locales whose short zone names are tried in turn, for the zones each names in letters. */
const ZONE_NAME_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN'] as const;
const OFFSET_ONLY = /^(GMT|UTC)[+-]/;

/**
 * The short name of an IANA zone on a date ("BST" for Europe/London in July, "CDT" for
 * America/Chicago, "AEDT" for Australia/Sydney in January): each English locale names the zones
 * of its own region in letters and others by offset, so the first that gives letters is taken,
 * else the offset ("GMT+9"). Read at noon UTC of the date, away from the night's changes of clock.
 */
export function zoneName(date: string, timeZone: string): string | null {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return null;
  let first: string | null = null;
  for (const locale of ZONE_NAME_LOCALES) {
    let name: string | undefined;
    try {
      name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value;
    } catch {
      return null;
    }
    if (!name) continue;
    if (!OFFSET_ONLY.test(name)) return name;
    first ??= name;
  }
  return first;
}

/**
 * A show's time as the site shows it: the time the artist typed and its zone's short name on
 * the show's date, "8:00 PM BST"; the text alone when it names no hour ("TBA").
 */
export function showTime(show: { time: string; date: string; timeZone?: string }): string {
  if (!show.timeZone || !/\d/.test(show.time)) return show.time;
  const zone = zoneName(show.date, show.timeZone);
  return zone ? `${show.time} ${zone}` : show.time;
}

/** Today's calendar date (YYYY-MM-DD) where the visitor is. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * "Pre-order — ships from March 1, 2027" while the date is still ahead; null for a product in
 * hand or one whose date has come (checkout then sells it as any other).
 */
export function preOrderLabel(date: string | null | undefined, today = localToday()) {
  return date && date > today ? preOrderNote(date) : null;
}
