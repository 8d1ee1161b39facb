import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn } from './columns.js';

/** The zones checkout starts with: what it charged before zones, $5.00 a cart, anywhere. */
const FIRST_ZONES = [
  { name: 'United States', countries: ['US'] },
  { name: 'International', countries: ['AU', 'CA', 'GB', 'NZ'] },
];
const FIRST_RATE = {
  name: 'Standard shipping',
  firstItemCents: 500,
  additionalItemCents: 0,
  freeOverCents: null,
  deliveryDays: null,
};

/**
 * Shipping zones (countries that ship alike, each country in one zone at most) and their rates;
 * the rate and country of each checkout, and the rate and shipping paid on each order.
 */
export class CreateShippingZones1767400000000 implements MigrationInterface {
  name = 'CreateShippingZones1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'shipping_zones',
        columns: [idColumn(), { name: 'name', type: 'varchar', length: '100' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'shipping_zone_countries',
        columns: [
          { name: 'country', type: 'varchar', length: '2', isPrimary: true },
          { name: 'zoneId', type: 'integer' },
        ],
        indices: [{ name: 'IDX_shipping_zone_countries_zoneId', columnNames: ['zoneId'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'shipping_rates',
        columns: [
          idColumn(),
          { name: 'zoneId', type: 'integer' },
          { name: 'position', type: 'integer', default: 0 },
          { name: 'name', type: 'varchar', length: '60' },
          { name: 'firstItemCents', type: 'integer' },
          { name: 'additionalItemCents', type: 'integer' },
          { name: 'freeOverCents', type: 'integer', isNullable: true },
          { name: 'deliveryDays', type: 'varchar', length: '20', isNullable: true },
        ],
        indices: [{ name: 'IDX_shipping_rates_zoneId', columnNames: ['zoneId'] }],
      }),
    );
    for (const zone of FIRST_ZONES) {
      const result = await queryRunner.manager.insert('shipping_zones', { name: zone.name });
      const zoneId = Number(result.identifiers[0].id);
      await queryRunner.manager.insert(
        'shipping_zone_countries',
        zone.countries.map((country) => ({ country, zoneId })),
      );
      await queryRunner.manager.insert('shipping_rates', { ...FIRST_RATE, zoneId, position: 0 });
    }
    await queryRunner.addColumns('checkout_sessions', [
      new TableColumn({ name: 'country', type: 'varchar', length: '2', isNullable: true }),
      new TableColumn({
        name: 'shippingRateName',
        type: 'varchar',
        length: '60',
        isNullable: true,
      }),
      new TableColumn({ name: 'shippingOptions', type: 'text', isNullable: true }),
    ]);
    await queryRunner.addColumns('orders', [
      new TableColumn({
        name: 'shippingRateName',
        type: 'varchar',
        length: '60',
        isNullable: true,
      }),
      new TableColumn({ name: 'shippingAmount', type: 'integer', isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('orders', 'shippingAmount');
    await queryRunner.dropColumn('orders', 'shippingRateName');
    await queryRunner.dropColumn('checkout_sessions', 'shippingOptions');
    await queryRunner.dropColumn('checkout_sessions', 'shippingRateName');
    await queryRunner.dropColumn('checkout_sessions', 'country');
    await queryRunner.dropTable('shipping_rates');
    await queryRunner.dropTable('shipping_zone_countries');
    await queryRunner.dropTable('shipping_zones');
  }
}
