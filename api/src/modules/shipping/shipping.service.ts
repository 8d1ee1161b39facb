import {
  ConflictException,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { DataSource, In, Not, type EntityManager } from 'typeorm';
import {
  rateAmount,
  type ShippingQuoteRate,
  type ShippingRate,
  type ShippingZone,
  type ShippingZoneInput,
} from '@artist/contracts';
import { Transactions } from '../../database/transaction.js';
import { countryName, shipsToSentence } from './ships-to.js';
import {
  ShippingRateRecord,
  ShippingZoneCountry,
  ShippingZoneRecord,
} from './shipping-zone.entity.js';

export const ZONE_NOT_FOUND_MESSAGE = 'Shipping zone not found.';

export { countryName };

export const noShippingMessage = (country: string) =>
  `Sorry, we do not ship to ${countryName(country)} yet.`;

export const unknownRateMessage = (country: string) =>
  `That shipping rate is not offered for ${countryName(country)}; choose another.`;

/** A rate priced for one cart, with the zone it belongs to. */
export interface PricedRate extends ShippingQuoteRate {
  /** Stripe's delivery estimate, when the rate has one. */
  days: { minimum: number; maximum: number } | null;
}

/** The zone of a country and its rates priced for a cart. */
export interface CartShipping {
  zone: ShippingZone;
  rates: PricedRate[];
}

/** Where the shop ships and what it costs: zones, their countries and their rates. */
@Injectable()
export class ShippingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  async list(): Promise<ShippingZone[]> {
    const manager = this.dataSource.manager;
    const zones = await manager.find(ShippingZoneRecord, { order: { id: 'ASC' } });
    return this.assemble(manager, zones);
  }

  async get(id: number): Promise<ShippingZone> {
    const zone = await this.dataSource.manager.findOneBy(ShippingZoneRecord, { id });
    if (!zone) throw new NotFoundException(ZONE_NOT_FOUND_MESSAGE);
    return (await this.assemble(this.dataSource.manager, [zone]))[0];
  }

  /** Every country some zone ships to, in alphabetical order of code. */
  async countries(): Promise<string[]> {
    const rows = await this.dataSource.manager.find(ShippingZoneCountry, {
      order: { country: 'ASC' },
    });
    return rows.map((row) => row.country);
  }

  /** The shop's sentence of where it ships, from the zones ("Ships to the United States, …"). */
  async shipsTo(): Promise<string | null> {
    return shipsToSentence(await this.list());
  }

  /** The zone that ships to `country`, or null. */
  async zoneOf(country: string): Promise<ShippingZone | null> {
    const row = await this.dataSource.manager.findOneBy(ShippingZoneCountry, {
      country: country.toUpperCase(),
    });
    if (!row) return null;
    const zone = await this.dataSource.manager.findOneBy(ShippingZoneRecord, { id: row.zoneId });
    return zone ? (await this.assemble(this.dataSource.manager, [zone]))[0] : null;
  }

  /**
   * The rates for a cart of `itemCount` items worth `subtotalCents` sent to `country`, in the
   * zone's order; 422 when no zone ships there.
   */
  async forCart(country: string, itemCount: number, subtotalCents: number): Promise<CartShipping> {
    const zone = await this.zoneOf(country);
    if (!zone || zone.rates.length === 0) {
      throw new UnprocessableEntityException(noShippingMessage(country));
    }
    return {
      zone,
      rates: zone.rates.map((rate) => ({
        id: rate.id,
        name: rate.name,
        amountCents: rateAmount(rate, itemCount, subtotalCents),
        deliveryDays: rate.deliveryDays,
        days: deliveryRange(rate.deliveryDays),
      })),
    };
  }

  create(input: ShippingZoneInput): Promise<ShippingZone> {
    return this.write(null, input);
  }

  update(id: number, input: ShippingZoneInput): Promise<ShippingZone> {
    return this.write(id, input);
  }

  async remove(id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      const { affected } = await manager.delete(ShippingZoneRecord, { id });
      if (!affected) throw new NotFoundException(ZONE_NOT_FOUND_MESSAGE);
      await manager.delete(ShippingZoneCountry, { zoneId: id });
      await manager.delete(ShippingRateRecord, { zoneId: id });
    });
  }

  /**
   * Saves a whole zone. Zones are written one at a time (a named lock), so two zones saved at
   * once cannot both take a country; the country table's primary key backs that up.
   */
  private async write(id: number | null, input: ShippingZoneInput): Promise<ShippingZone> {
    const countries = [...new Set(input.countries)];
    const saved = await this.transactions.withNamedLock('shipping-zones', (locked) =>
      this.transactions.run(locked, async (manager) => {
        if (id !== null && !(await manager.findOneBy(ShippingZoneRecord, { id }))) {
          throw new NotFoundException(ZONE_NOT_FOUND_MESSAGE);
        }
        const taken = await manager.find(ShippingZoneCountry, {
          where: { country: In(countries), ...(id === null ? {} : { zoneId: Not(id) }) },
          order: { country: 'ASC' },
        });
        if (taken.length) {
          const other = await manager.findOneBy(ShippingZoneRecord, { id: taken[0].zoneId });
          const names = taken.map((row) => countryName(row.country)).join(', ');
          throw new ConflictException(
            `${names} ${taken.length === 1 ? 'is' : 'are'} already in the ` +
              `${other?.name ?? 'another'} zone; a country can be in one zone only.`,
          );
        }
        let zoneId = id;
        if (zoneId === null) {
          const result = await manager.insert(ShippingZoneRecord, { name: input.name });
          zoneId = Number(result.identifiers[0].id);
        } else {
          await manager.update(ShippingZoneRecord, { id: zoneId }, { name: input.name });
          await manager.delete(ShippingZoneCountry, { zoneId });
        }
        await manager.insert(
          ShippingZoneCountry,
          countries.map((country) => ({ country, zoneId })),
        );
        const existing = await manager.findBy(ShippingRateRecord, { zoneId });
        const kept = new Set<number>();
        for (const [position, rate] of input.rates.entries()) {
          const fields = {
            zoneId,
            position,
            name: rate.name,
            firstItemCents: rate.firstItemCents,
            additionalItemCents: rate.additionalItemCents,
            freeOverCents: rate.freeOverCents ?? null,
            deliveryDays: rate.deliveryDays || null,
          };
          const same = rate.id !== undefined && existing.find((row) => row.id === rate.id);
          if (same) {
            kept.add(same.id);
            await manager.update(ShippingRateRecord, { id: same.id }, fields);
          } else {
            await manager.insert(ShippingRateRecord, fields);
          }
        }
        const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
        if (gone.length) await manager.delete(ShippingRateRecord, { id: In(gone) });
        return zoneId;
      }),
    );
    return this.get(saved);
  }

  private async assemble(
    manager: EntityManager,
    zones: ShippingZoneRecord[],
  ): Promise<ShippingZone[]> {
    if (zones.length === 0) return [];
    const ids = zones.map((zone) => zone.id);
    const countries = await manager.find(ShippingZoneCountry, {
      where: { zoneId: In(ids) },
      order: { country: 'ASC' },
    });
    const rates = await manager.find(ShippingRateRecord, {
      where: { zoneId: In(ids) },
      order: { position: 'ASC', id: 'ASC' },
    });
    return zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      countries: countries.filter((row) => row.zoneId === zone.id).map((row) => row.country),
      rates: rates.filter((row) => row.zoneId === zone.id).map(toRate),
    }));
  }
}

function toRate(row: ShippingRateRecord): ShippingRate {
  return {
    id: row.id,
    name: row.name,
    firstItemCents: row.firstItemCents,
    additionalItemCents: row.additionalItemCents,
    freeOverCents: row.freeOverCents,
    deliveryDays: row.deliveryDays,
  };
}

/** '3-5' → 3 to 5 days; '7' → 7 days; otherwise none. */
export function deliveryRange(days: string | null): { minimum: number; maximum: number } | null {
  const match = days ? /^(\d{1,2})(?:-(\d{1,2}))?$/.exec(days) : null;
  if (!match) return null;
  const minimum = Number(match[1]);
  const maximum = Number(match[2] ?? match[1]);
  return minimum <= maximum ? { minimum, maximum } : { minimum: maximum, maximum: minimum };
}
