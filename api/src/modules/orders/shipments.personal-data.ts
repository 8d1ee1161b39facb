import { In, type EntityManager } from 'typeorm';
import { ERASED } from '@artist/contracts';
import {
  PersonalDataProvider,
  type PersonalData,
  type PersonalDataSubject,
  type PersonalDataTrail,
} from '../../common/personal-data.js';
import { OrderShipmentLineRecord, OrderShipmentRecord } from './shipment.entity.js';

/**
 * The shipments of a fan's orders (found by the orders the orders' provider named): their
 * tracking numbers lead to the fan's address, so erasure replaces them, as it does the order's.
 */
@PersonalDataProvider()
export class ShipmentsPersonalData implements PersonalData {
  readonly tables = ['order_shipments', 'order_shipment_lines'];
  readonly stage = 'traces';

  async find(manager: EntityManager, _subject: PersonalDataSubject, trail: PersonalDataTrail) {
    const shipments = trail.orderIds.length
      ? await manager.find(OrderShipmentRecord, {
          where: { orderId: In(trail.orderIds) },
          order: { id: 'ASC' },
        })
      : [];
    const lines = shipments.length
      ? await manager.find(OrderShipmentLineRecord, {
          where: { shipmentId: In(shipments.map((s) => s.id)) },
          order: { id: 'ASC' },
        })
      : [];
    return {
      sections: {
        order_shipments: shipments.map((s) => ({
          ...s,
          lines: lines.filter((l) => l.shipmentId === s.id),
        })),
      },
      erase: async (m: EntityManager) => {
        if (shipments.length)
          await m.update(
            OrderShipmentRecord,
            { id: In(shipments.map((s) => s.id)) },
            { trackingNumber: ERASED },
          );
        return {};
      },
    };
  }
}
