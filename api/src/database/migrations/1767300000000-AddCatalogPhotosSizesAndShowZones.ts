import { createRequire } from 'node:module';
import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * city-timezones reads its 1.8 MB of cities when it is loaded: loaded at the first lookup (Node
 * keeps it), not by every start.
 */
function lookupViaCity(name: string): import('city-timezones').CityData[] {
  const cities = createRequire(import.meta.url)(
    'city-timezones',
  ) as typeof import('city-timezones');
  return cities.lookupViaCity(name);
}

/** ARTIST_TIMEZONE's default (api/src/config/env.ts), as it was when this migration was written. */
const DEFAULT_TIME_ZONE = 'America/Chicago';

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

/**
 * A city text's time zone as the shows module found it when this migration was written (a fixed
 * copy: the module's may change): the city before the first comma, narrowed by the parts after
 * it, the most populous of those left; null when none is left.
 */
function timeZoneOfCity(text: string): string | null {
  const [name, ...rest] = text.split(',').map((part) => part.trim());
  if (!name) return null;
  const candidates = lookupViaCity(name).filter((city) => city.timezone);
  if (candidates.length === 0) return null;
  const regions = rest.map((part) => part.toUpperCase()).filter((part) => part !== '');
  const matches = (city: (typeof candidates)[number], region: string) => {
    const wanted = [region, COUNTRY_ALIASES[region], PROVINCE_CODES[region]];
    return [city.iso2, city.iso3, city.country, city.province, city.state_ansi]
      .filter((value): value is string => typeof value === 'string' && value !== '')
      .some((value) => wanted.includes(value.toUpperCase()));
  };
  const matching = candidates.filter((city) => regions.every((region) => matches(city, region)));
  if (matching.length === 0) return null;
  return [...matching].sort((a, b) => b.pop - a.pop)[0].timezone;
}

function isTimeZone(value: string | undefined): value is string {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Products get an uploaded photo (`photo`, JSON of its files) and can be archived
 * (`archivedAt`); a notify-me request may name a size; a show has its own time zone, found here
 * from its city for the shows there are, else ARTIST_TIMEZONE.
 */
export class AddCatalogPhotosSizesAndShowZones1767300000000 implements MigrationInterface {
  name = 'AddCatalogPhotosSizesAndShowZones1767300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('products', [
      new TableColumn({ name: 'photo', type: 'text', isNullable: true }),
      new TableColumn({ name: 'archivedAt', type: 'datetime', isNullable: true }),
    ]);
    await queryRunner.addColumn(
      'notify_me',
      new TableColumn({ name: 'size', type: 'varchar', length: '10', isNullable: true }),
    );
    await queryRunner.addColumn(
      'shows',
      new TableColumn({ name: 'timeZone', type: 'varchar', length: '64', isNullable: true }),
    );
    const fallback = isTimeZone(process.env.ARTIST_TIMEZONE?.trim())
      ? process.env.ARTIST_TIMEZONE!.trim()
      : DEFAULT_TIME_ZONE;
    const shows = (await queryRunner.query('SELECT id, city FROM shows')) as {
      id: number;
      city: string;
    }[];
    for (const show of shows) {
      await queryRunner.query('UPDATE shows SET timeZone = ? WHERE id = ?', [
        timeZoneOfCity(show.city) ?? fallback,
        show.id,
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('shows', 'timeZone');
    await queryRunner.dropColumn('notify_me', 'size');
    await queryRunner.dropColumn('products', 'archivedAt');
    await queryRunner.dropColumn('products', 'photo');
  }
}
