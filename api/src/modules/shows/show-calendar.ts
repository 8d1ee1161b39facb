import ical, { ICalEvent, type ICalCalendar, type ICalEventData } from 'ical-generator';
import { DateTime, Duration } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { PublicShow } from '@artist/contracts';
import { ARTIST_NAME, type AppConfig } from '../../config/env.js';
import { showStart } from './show-time.js';

/** A public show with the time it was last changed, which a calendar needs (DTSTAMP). */
export type ListedShow = PublicShow & { updatedAt: Date };

export interface CalendarSite {
  artistName: string;
  /** PUBLIC_URL: its host names the events (UID), its origin links back to the site. */
  publicUrl: string;
  /** The artist's IANA time zone (ARTIST_TIMEZONE): for a show without a zone of its own. */
  timeZone: string;
}

/** The site's facts a calendar and the structured data need, from the configuration. */
export function showsSite(config: AppConfig): CalendarSite {
  return { artistName: ARTIST_NAME, publicUrl: config.publicUrl, timeZone: config.timeZone };
}

/**
 * How long a show lasts in a calendar. The model has no end time, and an event without one is a
 * zero-length mark that calendars draw as a sliver; two hours is a plain evening's set.
 */
const SHOW_LENGTH = Duration.fromObject({ hours: 2 });

/** How often subscribers are asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 6 * 60 * 60;

/** The calendar UID of a show: its id at the site's host, so an edit keeps the same event. */
export function showUid(showId: number, publicUrl: string): string {
  return `show-${showId}@${new URL(publicUrl).hostname}`;
}

/** The zone a show's time is written in: its own, else the artist's. */
export const zoneOf = (show: Pick<PublicShow, 'timeZone'>, site: CalendarSite): string =>
  show.timeZone || site.timeZone;

/**
 * An iCalendar (RFC 5545) file of shows: one VEVENT each, starting at the time the artist typed
 * in the show's time zone (`DTSTART;TZID=Europe/London:…T200000`), with that zone's VTIMEZONE. A show whose time names no time of day
 * is an all-day event on its date.
 */
export function showsCalendar(shows: ListedShow[], site: CalendarSite): string {
  const host = new URL(site.publicUrl).hostname;
  const calendar = ical({
    prodId: { company: host, product: 'shows', language: 'EN' },
    name: `${site.artistName} · Shows`,
    url: `${site.publicUrl}/#shows`,
    ttl: REFRESH_SECONDS,
    // No calendar-wide zone: ical-generator would then write DTSTAMP as local time, where
    // RFC 5545 requires UTC. Each event names its zone, and the generator adds its VTIMEZONE.
    timezone: { name: null, generator: vtimezone },
  });
  for (const show of shows) {
    const timeZone = zoneOf(show, site);
    const start = showStart(show, timeZone);
    const ticketUrl = show.ticketButtonType === 'url' ? show.ticketUrl : null;
    const event = new ShowEvent(calendar, ticketUrl, {
      id: showUid(show.id, site.publicUrl),
      // Without a METHOD, DTSTAMP is when the event was last revised (RFC 5545 §3.8.7.2), which
      // also keeps the file byte-for-byte the same, and its ETag valid, until a show changes.
      stamp: show.updatedAt,
      timezone: timeZone,
      ...(start
        ? { start, end: start.plus(SHOW_LENGTH) }
        : { start: DateTime.fromISO(show.date, { zone: timeZone }), allDay: true }),
      summary: `${site.artistName} at ${show.venue}`,
      location: `${show.venue}, ${show.city}`,
      description: describe(show, ticketUrl),
    });
    calendar.createEvent(event);
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off.
  return `${calendar.toString()}\r\n`;
}

/**
 * An event whose URL is written as a URI value. ical-generator escapes `;` and `,` in it with a
 * backslash as if it were TEXT, which RFC 5545 §3.3.13 rules out: a calendar app then opens
 * `…a=1\;x=2` and the ticket link breaks. The line is added to the unfolded event, as its last
 * property; the calendar folds every line afterwards.
 */
class ShowEvent extends ICalEvent {
  private readonly ticketUri: string | null;

  constructor(calendar: ICalCalendar, url: string | null, data: ICalEventData) {
    super(data, calendar);
    this.ticketUri = url === null ? null : uriValue(url);
  }

  override toString(): string {
    const lines = super.toString();
    if (this.ticketUri === null) return lines;
    return lines.replace(/END:VEVENT\r\n$/, `URL;VALUE=URI:${this.ticketUri}\r\nEND:VEVENT\r\n`);
  }
}

/**
 * A URL as an iCalendar URI value: reserved characters (`;` `,` `?` `#` …) and valid `%XX`
 * escapes stay as they are, since encoding them would change the link; everything else a URI may
 * not hold (RFC 3986 §2) is percent-encoded as UTF-8, control characters that would break the
 * content line among them.
 */
export function uriValue(url: string): string {
  return url.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/gu, (run) =>
    Array.from(
      Buffer.from(run, 'utf8'),
      (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    ).join(''),
  );
}

function describe(show: PublicShow, ticketUrl: string | null): string {
  const tickets =
    show.soldOut === 'true'
      ? 'Sold out'
      : show.ticketButtonType === 'free'
        ? 'Free show'
        : show.ticketButtonType === 'soon'
          ? 'Tickets soon'
          : ticketUrl
            ? `Tickets: ${ticketUrl}`
            : null;
  return [`${show.time} · ${show.ageRequirement}`, tickets].filter(Boolean).join('\n');
}

/** The VTIMEZONE of an IANA zone, from the maintained tz data of timezones-ical-library. */
function vtimezone(timeZone: string): string | null {
  const block = tzlib_get_ical_block(timeZone);
  return Array.isArray(block) && block[0] ? block[0] : null;
}
