/**
 * How far ahead of its release date an address may have a release: the early access of her
 * membership. The memberships module provides it; the modules below memberships that open a
 * release (catalog's previews, releases' links and codes) ask it without importing that module.
 */
export abstract class EarlyAccess {
  /** The days before a release's date the address may have it: 0 without a current membership. */
  abstract daysFor(email: string): Promise<number>;
}

/** The calendar date (YYYY-MM-DD) `days` after `day`. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether a release of this date (null: out already) is out on `today`. */
export const isOut = (releaseDate: string | null, today: string) =>
  releaseDate === null || releaseDate <= today;

/**
 * Whether someone whose address is `email` (null: nobody known) may have a release of this date
 * on `today`: it is out, or her membership's early access reaches it.
 */
export async function mayHaveRelease(
  early: EarlyAccess,
  releaseDate: string | null,
  today: string,
  email: string | null,
): Promise<boolean> {
  if (isOut(releaseDate, today)) return true;
  if (email === null) return false;
  return isOut(releaseDate, addDays(today, await early.daysFor(email)));
}

/** The 403 of a door to a release before its date, for someone without early access to it. */
export const notOutYetMessage = (releaseDate: string) =>
  `This release comes out on ${new Date(`${releaseDate}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  })}: until then only members with early access can have it.`;
