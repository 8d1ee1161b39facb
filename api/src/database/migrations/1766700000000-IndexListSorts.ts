import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** A signup's subscription state as the admin's list shows it, worked out by the database. */
export const SIGNUP_SUBSCRIPTION_SQL =
  "CASE WHEN unsubscribedAt IS NOT NULL THEN 'unsubscribed' " +
  "WHEN confirmedAt IS NOT NULL THEN 'confirmed' ELSE 'unconfirmed' END";

/**
 * Indexes in the order of the list sorts that had none, so a page of half a million signups
 * sorted by contact mark or subscription state, or of orders by payment, fulfilment or channel,
 * is read from an index instead of sorting every row. Both databases append the primary key to an index: an index on one column is ordered by
 * that column and then by id, the lists' tie-break. The subscription state becomes a virtual
 * column (computed on read, stored only in its index) so that it can be indexed at all.
 */
export const LIST_SORT_INDEXES: Record<string, string[]> = {
  email_signups: ['contacted', 'subscription'],
  orders: ['paymentStatus', 'fulfillmentStatus', 'salesChannel'],
};

export const listSortIndexName = (table: string, column: string) => `IDX_${table}_${column}`;

/**
 * Everything a search of the signups reads, in one index: the address it looks in, and the
 * contact mark, subscription state and creation time the filter counts and sorts read. A search
 * scans this index alone instead of the table (see `searchIndex` in common/list.ts).
 */
export const SIGNUP_SEARCH_INDEX = {
  name: 'IDX_email_signups_search',
  columns: ['email', 'contacted', 'subscription', 'createdAt'],
};

export class IndexListSorts1766700000000 implements MigrationInterface {
  name = 'IndexListSorts1766700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'email_signups',
      new TableColumn({
        name: 'subscription',
        type: 'varchar',
        length: '12',
        generatedType: 'VIRTUAL',
        asExpression: SIGNUP_SUBSCRIPTION_SQL,
        isNullable: true,
      }),
    );
    for (const [table, columns] of Object.entries(LIST_SORT_INDEXES)) {
      for (const column of columns) {
        await queryRunner.createIndex(
          table,
          new TableIndex({ name: listSortIndexName(table, column), columnNames: [column] }),
        );
      }
    }
    await queryRunner.createIndex(
      'email_signups',
      new TableIndex({
        name: SIGNUP_SEARCH_INDEX.name,
        columnNames: SIGNUP_SEARCH_INDEX.columns,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('email_signups', SIGNUP_SEARCH_INDEX.name);
    for (const [table, columns] of Object.entries(LIST_SORT_INDEXES)) {
      for (const column of columns) {
        await queryRunner.dropIndex(table, listSortIndexName(table, column));
      }
    }
    await queryRunner.dropColumn('email_signups', 'subscription');
  }
}
