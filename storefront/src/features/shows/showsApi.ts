import { SHOWS_CALENDAR_PATH, type PublicShow } from '@artist/contracts';
import { api } from '../../app/api.js';

/** How long the public show list stays fresh (5 minutes, 300,000 ms): five minutes. */
export const SHOWS_FRESH_MS = 300_000;

export const showsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShows: build.query<PublicShow[], void>({
      query: () => '/shows',
      keepUnusedDataFor: SHOWS_FRESH_MS / 1000,
      providesTags: [{ type: 'Show', id: 'LIST' }],
    }),
  }),
});

export const { useGetShowsQuery } = showsApi;

/** Today's date in the visitor's own time zone, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Shows dated today or later (local date, time ignored), soonest first. */
export function upcomingShows(shows: PublicShow[], today = localToday()): PublicShow[] {
  return shows.filter((show) => show.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}

/** 'YYYY-MM-DD' read as a local calendar date (not midnight UTC). */
export function showDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/**
 * The shows calendar as a subscription: `webcal://` on the page's own host, which calendar apps
 * open as a feed they keep fetching (over https when the page is).
 */
export function calendarSubscribeUrl(location: Pick<Location, 'host'> = window.location): string {
  return `webcal://${location.host}${SHOWS_CALENDAR_PATH}`;
}

/** The same feed's web address (`https://…/api/shows.ics` on the live site), to paste into a calendar. */
export function calendarFeedUrl(location: Pick<Location, 'origin'> = window.location): string {
  return `${location.origin}${SHOWS_CALENDAR_PATH}`;
}
