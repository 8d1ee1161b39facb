import type { ShippingZone } from '@artist/contracts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Countries whose English name takes "the" in a sentence: "Ships to the United States". */
const WITH_THE = new Set(['AE', 'BS', 'CF', 'DO', 'FK', 'GB', 'GM', 'KM', 'KY', 'MH', 'MV']);
['NL', 'PH', 'SB', 'SC', 'TC', 'US', 'VA', 'VG', 'VI'].forEach((code) => WITH_THE.add(code));

/** A zone of more countries than this is named by its count: "27 countries in Europe". */
const NAMED_COUNTRIES = 5;

/** A country's English name ('GB' → 'United Kingdom'), or the code when it has none. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "a", "a and b", "a, b and c". */
function joinAnd(parts: string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The shop's sentence of where it ships, from its zones in their order: a zone of up to five
 * countries by their names, a larger one by its count and its name. Null when nothing ships.
 */
export function shipsToSentence(zones: Pick<ShippingZone, 'name' | 'countries'>[]): string | null {
  const parts = zones.flatMap((zone) =>
    zone.countries.length > NAMED_COUNTRIES
      ? [`${zone.countries.length} countries in ${zone.name}`]
      : zone.countries.map((code) => `${WITH_THE.has(code) ? 'the ' : ''}${countryName(code)}`),
  );
  return parts.length ? `Ships to ${joinAnd(parts)}` : null;
}
