import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The indexes the admin lists' filters and default orders read: each list's creation time (its
 * default order, and the order within a status filter) and each status column beside it. Both
 * databases append the primary key to an index, so ties go by id without a sort.
 */
export const ADMIN_LIST_INDEXES: Record<string, string[][]> = {
  email_signups: [['createdAt'], ['contacted', 'createdAt'], ['unsubscribedAt', 'confirmedAt']],
  orders: [
    ['createdAt'],
    ['paymentStatus', 'createdAt'],
    ['fulfillmentStatus', 'createdAt'],
    ['total'],
  ],
  contact_messages: [['createdAt'], ['status', 'createdAt']],
  notify_me: [['createdAt'], ['notified', 'createdAt']],
  emails: [['createdAt']],
};

export const adminListIndexName = (table: string, columns: string[]) =>
  `IDX_${table}_${columns.join('_')}`;

export class IndexAdminLists1765450000000 implements MigrationInterface {
  name = 'IndexAdminLists1765450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, indexes] of Object.entries(ADMIN_LIST_INDEXES)) {
      for (const columnNames of indexes) {
        await queryRunner.createIndex(
          table,
          new TableIndex({ name: adminListIndexName(table, columnNames), columnNames }),
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, indexes] of Object.entries(ADMIN_LIST_INDEXES)) {
      for (const columnNames of indexes) {
        await queryRunner.dropIndex(table, adminListIndexName(table, columnNames));
      }
    }
  }
}
