import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { OrderLine } from './order-line.entity.js';
import { Order } from './order.entity.js';

/** The parts of an address a place is found from; '' when unknown. */
export interface AddressPlace {
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

const BATCH = 5000;

/** What campaigns need of the orders: buyers' latest addresses and what they bought. */
@Injectable()
export class OrderAudienceService {
  constructor(@InjectRepository(Order) private readonly orders: Repository<Order>) {}

  /** The shipping address of each buyer's latest order that has one, by lower-cased address. */
  async latestAddresses(): Promise<Map<string, AddressPlace>> {
    const latest = new Map<string, AddressPlace>();
    for (let after = 0; ;) {
      const rows = await this.orders
        .createQueryBuilder('o')
        .select([
          'o.id',
          'o.email',
          'o.shipCity',
          'o.shipState',
          'o.shipPostalCode',
          'o.shipCountry',
        ])
        .where('o.id > :after', { after })
        .andWhere('(o.shipCity IS NOT NULL OR o.shipPostalCode IS NOT NULL)')
        .orderBy('o.id', 'ASC')
        .limit(BATCH)
        .getMany();
      // Ids grow with time: a later order's address replaces an earlier one.
      for (const row of rows) {
        latest.set(row.email, {
          city: row.shipCity ?? '',
          state: row.shipState ?? '',
          postalCode: row.shipPostalCode ?? '',
          country: row.shipCountry ?? '',
        });
      }
      if (rows.length < BATCH) return latest;
      after = rows.at(-1)!.id;
      // On SQLite a query runs at once: requests waiting on the event loop go between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The addresses of orders (not wholly refunded) with a line of one of these products (by id). */
  async buyersOf(productIds: string[]): Promise<Set<string>> {
    if (productIds.length === 0) return new Set();
    const rows = await this.orders.manager
      .createQueryBuilder()
      .select('DISTINCT o.email', 'email')
      .from(OrderLine, 'l')
      .innerJoin(Order, 'o', 'o.id = l.orderId')
      .where('l.productId IN (:...productIds)', { productIds })
      .andWhere("o.paymentStatus <> 'refunded'")
      .getRawMany<{ email: string }>();
    return new Set(rows.map((row) => row.email));
  }
}
