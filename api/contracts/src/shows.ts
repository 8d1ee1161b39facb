export const AGE_REQUIREMENTS = ['All Ages', '18+', '21+'] as const;
export type AgeRequirement = (typeof AGE_REQUIREMENTS)[number];

export const TICKET_BUTTON_TYPES = ['url', 'free', 'soon'] as const;
export type TicketButtonType = (typeof TICKET_BUTTON_TYPES)[number];

export const SHOW_STATUSES = ['draft', 'published'] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];

/** A show as the public site sees it (`GET /api/shows`): published, today or later, in date order. */
export interface PublicShow {
  id: number;
  /** YYYY-MM-DD */
  date: string;
  venue: string;
  city: string;
  time: string;
  ageRequirement: string;
  /** The text 'true' means sold out. */
  soldOut: string;
  ticketButtonType: string;
  ticketUrl: string | null;
  /**
   * The IANA time zone the show's time is written in (e.g. 'Europe/London'): found from its city
   * when saved, else ARTIST_TIMEZONE, and editable in the show dialog.
   */
  timeZone: string;
}

/** A show as the admin sees it (`GET /api/admin/shows`). */
export interface AdminShow extends PublicShow {
  status: string;
  /**
   * How the admin's filters see the show: a published show dated before today in the artist's
   * time zone is 'past'. Decided by the server, the one place that knows that zone.
   */
  listStatus: 'published' | 'draft' | 'past';
  notes: string | null;
  /**
   * Whether the show's city was found on the map (offline, when it was saved): announcements to
   * fans near it need it.
   */
  located: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Body of `POST /api/admin/shows` and `PUT /api/admin/shows/{id}`. */
export interface ShowInput {
  venue: string;
  city: string;
  date: string;
  time: string;
  ageRequirement: AgeRequirement;
  ticketButtonType: TicketButtonType;
  /** Sent only when ticketButtonType is 'url'. */
  ticketUrl?: string;
  soldOut: 'true' | 'false';
  status: ShowStatus;
  /** Sent only when not empty; at most 1000 characters. */
  notes?: string;
  /** An IANA time zone; when absent, found from the city (else ARTIST_TIMEZONE). */
  timeZone?: string;
}

/** The iCalendar feed of the published upcoming shows, for calendar subscriptions. */
export const SHOWS_CALENDAR_PATH = '/api/shows.ics';

/** One published upcoming show as an iCalendar file, for "Add to calendar". */
export function showCalendarPath(id: number): string {
  return `/api/shows/${id}.ics`;
}
