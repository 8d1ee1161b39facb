import { showCalendarPath, SHOWS_STRUCTURED_DATA_ID, type PublicShow } from '@artist/contracts';
import { artist } from '../../content/artist.js';
import { showTime } from '../../shared/format.js';
import { JsonLd } from '../../shared/JsonLd.js';
import { scrollToSection } from '../nav/sections.js';
import { CalendarSubscribe } from './CalendarSubscribe.js';
import { showDate, upcomingShows, useGetShowsQuery } from './showsApi.js';

let formats:
  { day: Intl.DateTimeFormat; month: Intl.DateTimeFormat; long: Intl.DateTimeFormat } | undefined;

/**
 * The date formats, built on first use: building an Intl formatter is slow the first time (tens
 * of milliseconds on a phone), and the page needs them only once there are shows to list.
 */
function dateFormats() {
  formats ??= {
    day: new Intl.DateTimeFormat('en-US', { weekday: 'short' }),
    month: new Intl.DateTimeFormat('en-US', { month: 'short' }),
    long: new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }),
  };
  return formats;
}

export function ShowsSection() {
  const { data, isLoading, isError } = useGetShowsQuery();
  const shows = data ? upcomingShows(data) : [];

  return (
    <section id="shows" className="section section--alt" aria-labelledby="shows-heading">
      <h2 id="shows-heading">Shows</h2>
      <div aria-live="polite" aria-busy={isLoading}>
        {isLoading ? (
          <p className="shows__state">Loading shows...</p>
        ) : isError ? (
          <div className="shows__state">
            <p>Unable to load shows at this time.</p>
            <p>Please try again later.</p>
          </div>
        ) : shows.length === 0 ? (
          <div className="shows__state">
            <p>No upcoming shows at this time.</p>
            <p>Check back soon for new dates!</p>
          </div>
        ) : (
          <>
            <ul className="shows">
              {shows.map((show) => (
                <ShowRow key={show.id} show={show} />
              ))}
            </ul>
            <ShowsStructuredData shows={shows} />
          </>
        )}
      </div>
      <div className="shows__join">
        <button type="button" className="button" onClick={() => scrollToSection('email-signup')}>
          Join the List
        </button>
        <CalendarSubscribe />
      </div>
    </section>
  );
}

function ShowRow({ show }: { show: PublicShow }) {
  const date = showDate(show.date);
  // A show in another year (January's, seen in December) says which.
  const year = date.getFullYear() === new Date().getFullYear() ? null : date.getFullYear();
  return (
    <li className="show">
      <p className="show__date" aria-label={dateFormats().long.format(date)}>
        <span>{dateFormats().day.format(date)}</span>
        <span className="show__day">{date.getDate()}</span>
        <span>{dateFormats().month.format(date)}</span>
        {year !== null && <span className="show__year">{year}</span>}
      </p>
      <div className="show__info">
        <h3>{show.venue}</h3>
        <p>{show.city}</p>
        <p className="show__meta">
          {showTime(show)} · {show.ageRequirement}
        </p>
        <a
          className="show__calendar"
          href={showCalendarPath(show.id)}
          aria-label={`Add to calendar: ${show.venue}, ${dateFormats().long.format(date)}`}
        >
          Add to calendar
        </a>
      </div>
      <div className="show__tickets">
        <TicketArea show={show} />
      </div>
    </li>
  );
}

/** Sold out, free, soon, a ticket link, or nothing when a url show has no url yet. */
export function TicketArea({ show }: { show: PublicShow }) {
  if (show.soldOut === 'true') return <span className="pill pill--muted">Sold Out</span>;
  if (show.ticketButtonType === 'free') return <span className="pill">Free Show</span>;
  if (show.ticketButtonType === 'soon')
    return <span className="pill pill--muted">Tickets Soon</span>;
  if (show.ticketButtonType === 'url' && show.ticketUrl) {
    return (
      <a
        className="button"
        href={show.ticketUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Get Tickets for ${show.venue}, ${dateFormats().long.format(showDate(show.date))} (opens in a new tab)`}
      >
        Get Tickets
      </a>
    );
  }
  return null;
}

/**
 * schema.org MusicEvent entries so search engines can list the dates. The API writes fuller ones
 * (start time with its offset, postal address) into the page it serves; these are written only
 * on a page without them, so no show is listed twice.
 */
function ShowsStructuredData({ shows }: { shows: PublicShow[] }) {
  if (document.getElementById(SHOWS_STRUCTURED_DATA_ID)) return null;
  const events = shows.map((show) => ({
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: `${artist.name} at ${show.venue}`,
    startDate: show.date,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: show.venue, address: show.city },
    performer: { '@type': 'MusicGroup', name: artist.name },
    ...(show.ticketButtonType === 'url' && show.ticketUrl
      ? {
          offers: {
            '@type': 'Offer',
            url: show.ticketUrl,
            availability:
              show.soldOut === 'true' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
          },
        }
      : {}),
  }));
  return <JsonLd data={events} />;
}
