import { In, type EntityManager } from 'typeorm';
import {
  addEmailSubjects,
  PersonalDataProvider,
  recordsOfPerson,
  type PersonalData,
  type PersonalDataSubject,
  type PersonalDataTrail,
} from '../../common/personal-data.js';
import { erasedOrderFields, heldOrderFields, owedAParcel } from './order-erasure.js';
import { OrderLine } from './order-line.entity.js';
import { addressOf, lineView } from './order-lines.js';
import { Order } from './order.entity.js';

/**
 * A fan's orders. Erasure keeps them for the books (totals, lines, dates, payment) with name,
 * email, address, tracking and notes replaced; a paid order still to ship keeps its name and
 * address until it is fulfilled or refunded, when those are erased too (`eraseWhenClosed`).
 */
@PersonalDataProvider()
export class OrdersPersonalData implements PersonalData {
  readonly tables = ['orders'];
  readonly stage = 'records';

  async find(manager: EntityManager, subject: PersonalDataSubject, trail: PersonalDataTrail) {
    const orders = await recordsOfPerson(manager, Order, 'o', subject);
    const ids = orders.map((o) => o.id);
    trail.orderIds.push(...ids);
    addEmailSubjects(trail, 'order', ...ids);
    const lines = ids.length
      ? await manager.find(OrderLine, { where: { orderId: In(ids) }, order: { id: 'ASC' } })
      : [];
    return {
      // Each order as stored, with its lines and its address as the answers give them.
      sections: {
        orders: orders.map((order) => ({
          ...order,
          shippingAddress: addressOf(order),
          lines: lines.filter((line) => line.orderId === order.id).map(lineView),
        })),
      },
      erase: async (m: EntityManager) => {
        let ordersKeptForShipping = 0;
        for (const order of orders) {
          const held = owedAParcel(order);
          if (held) ordersKeptForShipping++;
          await m.update(Order, order.id, held ? heldOrderFields(order) : erasedOrderFields(order));
        }
        return { ordersScrubbed: orders.length, ordersKeptForShipping };
      },
    };
  }
}
