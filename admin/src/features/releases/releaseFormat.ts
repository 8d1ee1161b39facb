import type { AdminProduct, ReleaseTrack } from '@artist/contracts';

/** 2500 → '$25.00'. */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What a release costs, as the shop shows it. */
export const priceText = (release: AdminProduct) =>
  release.pricing === 'name-your-price'
    ? `${dollars(release.minPriceCents ?? 0)} or more`
    : dollars(release.priceInCents);

/** 12345678 → '11.8 MB'. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toFixed(1)} GB`
    : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/**
 * Tracks typed one a line as "Title, 3:35" (or "Title 3:35"): the title and its seconds; a line
 * without a time is null.
 */
export function parseTracks(text: string): ReleaseTrack[] | null {
  const tracks: ReleaseTrack[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    const match = /^(.+?)[,\s]+(\d{1,3}):([0-5]\d)$/.exec(line);
    if (!match) return null;
    tracks.push({
      title: match[1].trim(),
      durationSeconds: Number(match[2]) * 60 + Number(match[3]),
    });
  }
  return tracks;
}
