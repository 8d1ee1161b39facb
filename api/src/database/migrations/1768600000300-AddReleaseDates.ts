import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { keepingTriggers } from './sqlite-triggers.js';

/** A release's release date: out of the shop before it, early for members with early access. */
export class AddReleaseDates1768600000300 implements MigrationInterface {
  name = 'AddReleaseDates1768600000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await keepingTriggers(queryRunner, ['products'], () =>
      queryRunner.addColumn(
        'products',
        new TableColumn({ name: 'releaseDate', type: 'varchar', length: '10', isNullable: true }),
      ),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await keepingTriggers(queryRunner, ['products'], () =>
      queryRunner.dropColumn('products', 'releaseDate'),
    );
  }
}
