import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

const point = () => [
  new TableColumn({ name: 'latitude', type: 'double', isNullable: true }),
  new TableColumn({ name: 'longitude', type: 'double', isNullable: true }),
  new TableColumn({ name: 'country', type: 'varchar', length: '2', isNullable: true }),
];

/**
 * Where fans and shows are: a signup keeps what the fan wrote (`location`) and the point found
 * for it, a show the point of its city. Rows from before have none: "location unknown" until
 * a show is saved again or a fan signs up again with a place.
 */
export class AddPlaces1767700000000 implements MigrationInterface {
  name = 'AddPlaces1767700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('email_signups', [
      new TableColumn({ name: 'location', type: 'varchar', length: '100', isNullable: true }),
      ...point(),
    ]);
    await queryRunner.addColumns('shows', point());
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumns('shows', ['latitude', 'longitude', 'country']);
    await queryRunner.dropColumns('email_signups', [
      'location',
      'latitude',
      'longitude',
      'country',
    ]);
  }
}
