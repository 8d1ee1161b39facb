import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Stripe Tax: each product's tax code (apparel unless the artist changes it) and the tax each
 * order paid.
 */
export class AddTaxCodesAndTax1767810002000 implements MigrationInterface {
  name = 'AddTaxCodesAndTax1767810002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'products',
      new TableColumn({
        name: 'taxCode',
        type: 'varchar',
        length: '30',
        default: "'txcd_30011000'",
      }),
    );
    await queryRunner.addColumn(
      'orders',
      new TableColumn({ name: 'taxAmount', type: 'integer', default: 0 }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('orders', 'taxAmount');
    await queryRunner.dropColumn('products', 'taxCode');
  }
}
