import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { keepingTriggers } from './sqlite-triggers.js';

/** The state as the database works it out (a fixed copy of `IndexListSorts`'). */
const SUBSCRIPTION_SQL =
  "CASE WHEN unsubscribedAt IS NOT NULL THEN 'unsubscribed' " +
  "WHEN confirmedAt IS NOT NULL THEN 'confirmed' ELSE 'unconfirmed' END";

const column = (generatedType: 'VIRTUAL' | 'STORED') =>
  new TableColumn({
    name: 'subscription',
    type: 'varchar',
    length: '12',
    generatedType,
    asExpression: SUBSCRIPTION_SQL,
    isNullable: true,
  });

/**
 * The signups' subscription state is stored in the row instead of worked out on each read. As a
 * virtual column with indexes, MariaDB (10.11) left rows out of a filtered list: a query such as
 * `WHERE subscription = 'unconfirmed' ORDER BY createdAt` read through the state's index while
 * another transaction was open missed about one run in five an unconfirmed signup that a count,
 * or the same query without that index, found. Stored, the column is an ordinary one to the index
 * and to the read (the same runs missed nothing), and costs each row 12 bytes. The indexes that
 * hold the column are dropped first and made again as they were (dropping the column would
 * otherwise shorten them silently); on SQLite the table is rebuilt, keeping its triggers.
 */
export class StoreTheSubscriptionState1769000000300 implements MigrationInterface {
  name = 'StoreTheSubscriptionState1769000000300';

  up(queryRunner: QueryRunner): Promise<void> {
    return this.change(queryRunner, 'VIRTUAL', 'STORED');
  }

  down(queryRunner: QueryRunner): Promise<void> {
    return this.change(queryRunner, 'STORED', 'VIRTUAL');
  }

  private async change(
    queryRunner: QueryRunner,
    from: 'VIRTUAL' | 'STORED',
    to: 'VIRTUAL' | 'STORED',
  ): Promise<void> {
    await keepingTriggers(queryRunner, ['email_signups'], async () => {
      const table = await queryRunner.getTable('email_signups');
      if (!table) throw new Error('No email_signups table.');
      const holding = table.indices.filter((index) => index.columnNames.includes('subscription'));
      for (const index of holding) await queryRunner.dropIndex(table, index);
      await queryRunner.changeColumn('email_signups', column(from), column(to));
      for (const index of holding) await queryRunner.createIndex('email_signups', index.clone());
    });
  }
}
