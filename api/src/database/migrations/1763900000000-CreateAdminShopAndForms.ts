import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, timestampColumns } from './columns.js';

const nullableDatetime = (name: string) => ({ name, type: 'datetime', isNullable: true }) as const;

/** The admin account, its sessions and login throttle, the three public forms and orders. */
export class CreateAdminShopAndForms1763900000000 implements MigrationInterface {
  name = 'CreateAdminShopAndForms1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'username', type: 'varchar', length: '50' },
          { name: 'password', type: 'varchar', length: '255' },
        ],
        indices: [{ columnNames: ['username'], isUnique: true }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          { name: 'sid', type: 'varchar', length: '128', isPrimary: true },
          { name: 'data', type: 'text' },
          { name: 'expiresAt', type: 'bigint' },
        ],
        indices: [{ columnNames: ['expiresAt'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'login_failures',
        columns: [
          idColumn(),
          { name: 'ip', type: 'varchar', length: '64' },
          { name: 'at', type: 'bigint' },
        ],
        indices: [{ columnNames: ['ip', 'at'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'contact_messages',
        columns: [
          idColumn(),
          { name: 'firstName', type: 'varchar', length: '200' },
          { name: 'lastName', type: 'varchar', length: '200' },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'subject', type: 'varchar', length: '20' },
          { name: 'message', type: 'text' },
          { name: 'status', type: 'varchar', length: '20', default: "'new'" },
          nullableDatetime('respondedAt'),
          ...timestampColumns(queryRunner, false),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'email_signups',
        columns: [
          idColumn(),
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'contacted', type: 'varchar', length: '5', default: "'false'" },
          nullableDatetime('contactedAt'),
          ...timestampColumns(queryRunner, false),
        ],
        indices: [{ columnNames: ['email'], isUnique: true }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'notify_me',
        columns: [
          idColumn(),
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'productName', type: 'varchar', length: '50' },
          { name: 'notified', type: 'varchar', length: '5', default: "'false'" },
          nullableDatetime('notifiedAt'),
          ...timestampColumns(queryRunner, false),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'orders',
        columns: [
          idColumn(),
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'customerName', type: 'varchar', length: '200', isNullable: true },
          { name: 'shippingAddress', type: 'text' },
          { name: 'lineItems', type: 'text' },
          { name: 'total', type: 'integer' },
          { name: 'stripeSessionId', type: 'varchar', length: '255' },
          { name: 'paymentStatus', type: 'varchar', length: '30' },
          { name: 'paymentMethod', type: 'varchar', length: '20', isNullable: true },
          { name: 'salesChannel', type: 'varchar', length: '20', default: "'online'" },
          { name: 'showLocation', type: 'varchar', length: '200', isNullable: true },
          { name: 'fulfillmentStatus', type: 'varchar', length: '20', default: "'pending'" },
          { name: 'trackingNumber', type: 'varchar', length: '200', isNullable: true },
          { name: 'notes', type: 'text', isNullable: true },
          nullableDatetime('fulfilledAt'),
          ...timestampColumns(queryRunner, false),
        ],
        indices: [{ columnNames: ['stripeSessionId'], isUnique: true }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'orders',
      'notify_me',
      'email_signups',
      'contact_messages',
      'login_failures',
      'sessions',
      'users',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
