import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '../../database/datetime.js';

/** One parcel of an order: some of its lines, sent with a tracking number of their own. */
@Entity('order_shipments')
@Index('IDX_order_shipments_orderId', ['orderId'])
export class OrderShipmentRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  orderId: number;

  @Column({ type: 'varchar', length: 100 })
  trackingNumber: string;

  /** The carrier she named; null when she named none. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  carrier: string | null;

  @CreatedAtColumn()
  createdAt: Date;
}

/** How many of one order line a shipment holds. */
@Entity('order_shipment_lines')
@Index('IDX_order_shipment_lines_shipmentId', ['shipmentId'])
export class OrderShipmentLineRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  shipmentId: number;

  @Column({ type: 'integer' })
  lineId: number;

  @Column({ type: 'integer' })
  quantity: number;
}
