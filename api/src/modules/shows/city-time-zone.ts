import { createRequire } from 'node:module';
import type { CityData } from 'city-timezones';

/**
 * city-timezones reads its 1.8 MB of cities when it is loaded: loaded at the first lookup (Node
 * keeps it), not by every start.
 */
function lookupViaCity(name: string): CityData[] {
  const cities = createRequire(import.meta.url)(
    'city-timezones',
  ) as typeof import('city-timezones');
  return cities.lookupViaCity(name);
}

/** Other ways a city's text names a country than its ISO codes and its name in the data. */
const COUNTRY_ALIASES: Record<string, string> = {
  UK: 'GB',
  'GREAT BRITAIN': 'GB',
  BRITAIN: 'GB',
  ENGLAND: 'GB',
  SCOTLAND: 'GB',
  WALES: 'GB',
  'NORTHERN IRELAND': 'GB',
  USA: 'US',
  'UNITED STATES': 'US',
  AMERICA: 'US',
};

/** Canada's and Australia's postal abbreviations, which the data spells out. */
const PROVINCE_CODES: Record<string, string> = {
  ON: 'ONTARIO',
  QC: 'QUÉBEC',
  QUEBEC: 'QUÉBEC',
  BC: 'BRITISH COLUMBIA',
  AB: 'ALBERTA',
  MB: 'MANITOBA',
  SK: 'SASKATCHEWAN',
  NS: 'NOVA SCOTIA',
  NB: 'NEW BRUNSWICK',
  NL: 'NEWFOUNDLAND AND LABRADOR',
  PE: 'PRINCE EDWARD ISLAND',
  YT: 'YUKON',
  NT: 'NORTHWEST TERRITORIES',
  NU: 'NUNAVUT',
  NSW: 'NEW SOUTH WALES',
  VIC: 'VICTORIA',
  QLD: 'QUEENSLAND',
  WA: 'WESTERN AUSTRALIA',
  SA: 'SOUTH AUSTRALIA',
  TAS: 'TASMANIA',
  ACT: 'AUSTRALIAN CAPITAL TERRITORY',
};

const upper = (text: string) => text.trim().toUpperCase();

/** Whether the region written after the city's name ("TX", "UK", "Ontario") names this entry. */
function regionMatches(city: CityData, region: string): boolean {
  const wanted = [region, COUNTRY_ALIASES[region], PROVINCE_CODES[region]];
  return [city.iso2, city.iso3, city.country, city.province, city.state_ansi]
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .some((value) => wanted.includes(upper(value)));
}

/**
 * The IANA time zone of a show's city text, from the offline data of `city-timezones` (about
 * 7,300 cities with their coordinates' zones): "Glasgow, UK" is Europe/London, "Austin, TX"
 * America/Chicago. The part before the first comma is the city; the parts after it narrow down
 * cities of the same name (state, province or country, by name or code). Among several left,
 * the most populous. Null when the data has no such city, or none in the region named (a small
 * town's name may be a foreign city's): the caller falls back to ARTIST_TIMEZONE.
 */
export function timeZoneOfCity(text: string): string | null {
  const [name, ...rest] = text.split(',').map((part) => part.trim());
  if (!name) return null;
  const candidates = lookupViaCity(name).filter((city) => city.timezone);
  if (candidates.length === 0) return null;
  const regions = rest.map(upper).filter((part) => part !== '');
  const matching = candidates.filter((city) =>
    regions.every((region) => regionMatches(city, region)),
  );
  if (matching.length === 0) return null;
  return [...matching].sort((a, b) => b.pop - a.pop)[0].timezone;
}
