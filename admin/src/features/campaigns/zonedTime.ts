/** How far a zone's clock is ahead of UTC at an instant, in ms (whole seconds). */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * A datetime-local value (`YYYY-MM-DDTHH:mm`) read as a wall-clock time in `zone`, as an ISO
 * time; null when it is not such a value. A time skipped when the clocks go forward is read with
 * the offset before the change (02:30 becomes 03:30); a time that happens twice is the first.
 */
export function zonedToIso(local: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offsets half a day either side: one of them fits unless the time was skipped; when both
  // fit (the clocks went back) the earlier reading wins.
  const candidates = [offsetAt(wall - 3_600_000 * 12, zone), offsetAt(wall + 3_600_000 * 12, zone)]
    .map((offset) => wall - offset)
    .filter((utc) => utc - wall + offsetAt(utc, zone) === 0)
    .sort((a, b) => a - b);
  const utc = candidates[0] ?? wall - offsetAt(wall - 3_600_000 * 12, zone);
  return new Date(utc).toISOString();
}

/** An instant as the artist reads it: in `zone`, with the zone's short name. */
export function formatInZone(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}
