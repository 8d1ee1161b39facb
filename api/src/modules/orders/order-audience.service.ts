import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { addressParts, type AddressParts } from '../../common/order-format.js';
import { Order } from './order.entity.js';

const BATCH = 5000;

/** What campaigns need of the orders: buyers' latest addresses and what they bought. */
@Injectable()
export class OrderAudienceService {
  constructor(@InjectRepository(Order) private readonly orders: Repository<Order>) {}

  /** The shipping address of each buyer's latest order that has one, by lower-cased address. */
  async latestAddresses(): Promise<Map<string, AddressParts>> {
    const latest = new Map<string, AddressParts>();
    for (let after = 0; ;) {
      const rows = await this.orders
        .createQueryBuilder('o')
        .select(['o.id', 'o.email', 'o.shippingAddress'])
        .where('o.id > :after', { after })
        .orderBy('o.id', 'ASC')
        .limit(BATCH)
        .getMany();
      for (const row of rows) {
        const parts = addressParts(row.shippingAddress);
        // Ids grow with time: a later order's address replaces an earlier one.
        if (parts.city || parts.postalCode) latest.set(row.email, parts);
      }
      if (rows.length < BATCH) return latest;
      after = rows.at(-1)!.id;
    }
  }

  /** The addresses of orders (not wholly refunded) with a line of one of these products (by line name). */
  async buyersOf(productNames: string[]): Promise<Set<string>> {
    const buyers = new Set<string>();
    if (productNames.length === 0) return buyers;
    const bought = (line: string) =>
      productNames.some((name) => line === name || line.startsWith(`${name} - `));
    for (let after = 0; ;) {
      const rows = await this.orders
        .createQueryBuilder('o')
        .select(['o.id', 'o.email', 'o.lineItems'])
        .where('o.id > :after', { after })
        .andWhere("o.paymentStatus <> 'refunded'")
        .orderBy('o.id', 'ASC')
        .limit(BATCH)
        .getMany();
      for (const row of rows) {
        const lines = parseLines(row.lineItems);
        if (lines.some((line) => bought(line))) buyers.add(row.email);
      }
      if (rows.length < BATCH) return buyers;
      after = rows.at(-1)!.id;
    }
  }
}

function parseLines(json: string): string[] {
  try {
    const items = JSON.parse(json) as unknown;
    return Array.isArray(items)
      ? items.map((item) => String((item as { product_name?: unknown }).product_name ?? '').trim())
      : [];
  } catch {
    return [];
  }
}
