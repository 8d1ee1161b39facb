import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, timestampColumns } from './columns.js';
import { keepingTriggers } from './sqlite-triggers.js';

/**
 * Part of an order can ship: each parcel is a shipment (`order_shipments`, with its tracking
 * number and carrier) of some of its lines (`order_shipment_lines`), and each order line counts
 * what has shipped (`shippedQuantity`). The lines of orders already fulfilled count as shipped.
 */
export class AddOrderShipments1768402000000 implements MigrationInterface {
  name = 'AddOrderShipments1768402000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await keepingTriggers(queryRunner, ['order_lines'], () =>
      queryRunner.addColumn(
        'order_lines',
        new TableColumn({ name: 'shippedQuantity', type: 'integer', default: 0 }),
      ),
    );
    await queryRunner.query(
      `UPDATE order_lines SET shippedQuantity = quantity
        WHERE kind != 'digital'
          AND orderId IN (SELECT id FROM orders WHERE fulfillmentStatus = 'fulfilled')`,
    );
    await queryRunner.createTable(
      new Table({
        name: 'order_shipments',
        columns: [
          idColumn(),
          { name: 'orderId', type: 'integer' },
          { name: 'trackingNumber', type: 'varchar', length: '100' },
          { name: 'carrier', type: 'varchar', length: '60', isNullable: true },
          ...timestampColumns(queryRunner, false),
        ],
        indices: [{ name: 'IDX_order_shipments_orderId', columnNames: ['orderId'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'order_shipment_lines',
        columns: [
          idColumn(),
          { name: 'shipmentId', type: 'integer' },
          { name: 'lineId', type: 'integer' },
          { name: 'quantity', type: 'integer' },
        ],
        indices: [{ name: 'IDX_order_shipment_lines_shipmentId', columnNames: ['shipmentId'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('order_shipment_lines');
    await queryRunner.dropTable('order_shipments');
    await keepingTriggers(queryRunner, ['order_lines'], () =>
      queryRunner.dropColumn('order_lines', 'shippedQuantity'),
    );
  }
}
