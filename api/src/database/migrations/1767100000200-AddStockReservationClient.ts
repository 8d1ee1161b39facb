import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Each stock hold names the client address whose checkout made it, so what one address holds of
 * a size across its open checkouts can be counted and capped. Holds made before are left without
 * one: they lapse within half an hour.
 */
export class AddStockReservationClient1767100000200 implements MigrationInterface {
  name = 'AddStockReservationClient1767100000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'stock_reservations',
      new TableColumn({ name: 'client', type: 'varchar', length: '64', isNullable: true }),
    );
    await queryRunner.createIndex(
      'stock_reservations',
      new TableIndex({
        name: 'IDX_stock_reservations_client_state',
        columnNames: ['client', 'state'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('stock_reservations', 'IDX_stock_reservations_client_state');
    await queryRunner.dropColumn('stock_reservations', 'client');
  }
}
