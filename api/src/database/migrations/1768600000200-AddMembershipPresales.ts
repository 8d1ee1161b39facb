import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The shows' presales: each show's code, sent once to the members with the presale perk. */
export class AddMembershipPresales1768600000200 implements MigrationInterface {
  name = 'AddMembershipPresales1768600000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'membership_presales',
        columns: [
          { name: 'showId', type: 'integer', isPrimary: true },
          { name: 'code', type: 'varchar', length: '100' },
          { name: 'campaignId', type: 'integer', isNullable: true },
          { name: 'createdAt', type: 'datetime' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('membership_presales');
  }
}
