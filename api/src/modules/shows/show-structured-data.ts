import { SHOWS_STRUCTURED_DATA_ID, type PublicShow } from '@artist/contracts';
import { scriptSafeJson } from '../../common/strings.js';
import { zoneOf, type CalendarSite } from './show-calendar.js';
import { showStart } from './show-time.js';

const SCHEMA = 'https://schema.org';

/**
 * A show as a schema.org MusicEvent, for search engines' event listings. It says what the page
 * says and no more: an offer only where the page offers tickets (a ticket link, a free show, or
 * sold out), and a start time with the UTC offset of the show's own time zone, or the date alone when the artist's time text
 * names no time of day.
 */
export function musicEvent(show: PublicShow, site: CalendarSite) {
  const start = showStart(show, zoneOf(show, site));
  const offers = offer(show, site);
  return {
    '@context': SCHEMA,
    '@type': 'MusicEvent',
    name: `${site.artistName} at ${show.venue}`,
    startDate: start ? start.toISO({ suppressMilliseconds: true }) : show.date,
    // The model has no cancelled or postponed state: a listed show is a scheduled one.
    eventStatus: `${SCHEMA}/EventScheduled`,
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    location: { '@type': 'Place', name: show.venue, address: postalAddress(show.city) },
    performer: { '@type': 'MusicGroup', name: site.artistName, url: site.publicUrl },
    url: `${site.publicUrl}/#shows`,
    ...(offers ? { offers } : {}),
  };
}

function offer(show: PublicShow, site: CalendarSite) {
  const ticketUrl = show.ticketButtonType === 'url' ? show.ticketUrl : null;
  if (show.soldOut === 'true') {
    return {
      '@type': 'Offer',
      url: ticketUrl ?? `${site.publicUrl}/#shows`,
      availability: `${SCHEMA}/SoldOut`,
    };
  }
  if (show.ticketButtonType === 'free') {
    return {
      '@type': 'Offer',
      url: `${site.publicUrl}/#shows`,
      price: 0,
      priceCurrency: 'USD',
      availability: `${SCHEMA}/InStock`,
    };
  }
  if (ticketUrl) return { '@type': 'Offer', url: ticketUrl, availability: `${SCHEMA}/InStock` };
  // "Tickets soon", or a ticket link not set yet: nothing is on sale to describe.
  return null;
}

/**
 * The city as a postal address. The model keeps one free-text field, usually "City, ST": the
 * part after the last comma is taken as the region, the rest as the locality.
 */
function postalAddress(city: string) {
  const split = /^(.+),\s*([^,]+)$/.exec(city.trim());
  return split
    ? { '@type': 'PostalAddress', addressLocality: split[1].trim(), addressRegion: split[2].trim() }
    : { '@type': 'PostalAddress', addressLocality: city.trim() };
}

/**
 * The shows' MusicEvents as a `<script type="application/ld+json">` element; empty without shows.
 * Written with `scriptSafeJson`, so no text of a show can end the element.
 */
export function structuredDataScript(shows: PublicShow[], site: CalendarSite): string {
  if (shows.length === 0) return '';
  const json = scriptSafeJson(shows.map((show) => musicEvent(show, site)));
  return `<script type="application/ld+json" id="${SHOWS_STRUCTURED_DATA_ID}">${json}</script>`;
}
