import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { sqlPiece, type SqlPiece } from '../../database/sql-piece.js';
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
/** Fans whose orders one query reads. */
const FANS_PER_QUERY = 1000;

/** What campaigns need of the orders: buyers' latest addresses and what they bought. */
@Injectable()
export class OrderAudienceService {
  constructor(@InjectRepository(Order) private readonly orders: Repository<Order>) {}

  /**
   * The shipping address of each buyer's latest order that has one, by lower-cased address: of
   * the fans named (their orders by the fan's index, a thousand fans a query), or of every buyer.
   */
  async latestAddresses(fanIds?: number[]): Promise<Map<string, AddressPlace>> {
    const latest = new Map<string, AddressPlace>();
    const query = () =>
      this.orders
        .createQueryBuilder('o')
        .select([
          'o.id',
          'o.email',
          'o.shipCity',
          'o.shipState',
          'o.shipPostalCode',
          'o.shipCountry',
        ])
        .where('(o.shipCity IS NOT NULL OR o.shipPostalCode IS NOT NULL)')
        .orderBy('o.id', 'ASC');
    // Ids grow with time: a later order's address replaces an earlier one.
    const keep = (rows: Order[]) => {
      for (const row of rows) {
        latest.set(row.email, {
          city: row.shipCity ?? '',
          state: row.shipState ?? '',
          postalCode: row.shipPostalCode ?? '',
          country: row.shipCountry ?? '',
        });
      }
    };
    if (fanIds) {
      for (let i = 0; i < fanIds.length; i += FANS_PER_QUERY) {
        const ids = fanIds.slice(i, i + FANS_PER_QUERY);
        keep(await query().andWhere('o.fanId IN (:...ids)', { ids }).getMany());
      }
      return latest;
    }
    for (let after = 0; ;) {
      const rows = await query().andWhere('o.id > :after', { after }).limit(BATCH).getMany();
      keep(rows);
      if (rows.length < BATCH) return latest;
      after = rows.at(-1)!.id;
      // On SQLite a query runs at once: requests waiting on the event loop go between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * The fans who bought one of these products (by id, whatever the product is called now) on an
   * order not wholly refunded, each once, in order. Found from the products' side: the lines'
   * index by product gives their orders, read by id for the buyer, one query whatever the number
   * of signups.
   */
  async buyers(productIds: string[]): Promise<number[]> {
    const rows = await this.buyersQuery(productIds)
      .select('DISTINCT bo.fanId', 'fanId')
      .getRawMany<{ fanId: number | string }>();
    return rows.map((row) => Number(row.fanId)).sort((a, b) => a - b);
  }

  /**
   * The same buyers as `buyers`, as a piece of another module's query (`fanId IN (piece)`): the
   * fans' ids, a fan as often as its lines of the products, for the database to test signups
   * against without sending the ids to the server.
   */
  buyersPiece(productIds: string[]): SqlPiece {
    return sqlPiece(this.buyersQuery(productIds).select('bo.fanId'));
  }

  private buyersQuery(productIds: string[]) {
    return this.orders.manager
      .createQueryBuilder(OrderLine, 'bl')
      .innerJoin(Order, 'bo', 'bo.id = bl.orderId')
      .where('bl.productId IN (:...buyersOfProducts)', { buyersOfProducts: productIds })
      .andWhere("bo.paymentStatus <> 'refunded'")
      .andWhere('bo.fanId IS NOT NULL');
  }
}
