import { DateTime } from 'luxon';

/** The time of day a show's free-text time names, as a 24-hour clock. */
export interface TimeOfDay {
  hour: number;
  minute: number;
}

const TWELVE_HOUR = /(?<![\d:])(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\b\.?/i;
const TWENTY_FOUR_HOUR = /(?<![\d:])([01]?\d|2[0-3])[:h]([0-5]\d)(?![\d:])/i;

/**
 * The first time of day written in a show's time text: "8:00 PM", "8pm", "7:30 p.m.",
 * "20:00", or "Doors 7 PM, show 8 PM" (doors, the first one). Null when there is none
 * ("TBA", "Evening"): the show is then an all-day date.
 */
export function timeOfDay(text: string): TimeOfDay | null {
  const twelve = TWELVE_HOUR.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = twelve[2] === undefined ? 0 : Number(twelve[2]);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    const pm = twelve[3].toLowerCase() === 'p';
    return { hour: (hour % 12) + (pm ? 12 : 0), minute };
  }
  const twentyFour = TWENTY_FOUR_HOUR.exec(text);
  if (twentyFour) return { hour: Number(twentyFour[1]), minute: Number(twentyFour[2]) };
  return null;
}

/**
 * When a show starts: the wall-clock time the artist typed, on the show's date, in the artist's
 * time zone (so the UTC offset is the one in force that day, daylight saving or not). Null when
 * the time text names no time of day.
 */
export function showStart(
  show: { date: string; time: string },
  timeZone: string,
): DateTime<true> | null {
  const time = timeOfDay(show.time);
  if (!time) return null;
  const [year, month, day] = show.date.split('-').map(Number);
  const start = DateTime.fromObject({ year, month, day, ...time }, { zone: timeZone });
  return start.isValid ? start : null;
}
