import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, isMysql } from './columns.js';

/** Membership tiers, the memberships (one Stripe subscription each), their events and income. */
export class CreateMemberships1768600000000 implements MigrationInterface {
  name = 'CreateMemberships1768600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const exact = isMysql(queryRunner) ? { collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'membership_tiers',
        columns: [
          idColumn(),
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'description', type: 'text' },
          { name: 'monthlyPriceCents', type: 'integer' },
          { name: 'yearlyPriceCents', type: 'integer', isNullable: true },
          { name: 'perks', type: 'text' },
          { name: 'open', type: 'boolean', default: 1 },
          { name: 'createdAt', type: 'datetime' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'memberships',
        columns: [
          idColumn(),
          { name: 'fanId', type: 'integer', isNullable: true },
          { name: 'email', type: 'varchar', length: '320', isNullable: true, ...exact },
          { name: 'tierId', type: 'integer', isNullable: true },
          { name: 'interval', type: 'varchar', length: '10', isNullable: true },
          { name: 'priceCents', type: 'integer', isNullable: true },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'subscriptionId', type: 'varchar', length: '255' },
          { name: 'customerId', type: 'varchar', length: '255', isNullable: true },
          { name: 'checkoutSessionId', type: 'varchar', length: '255', isNullable: true },
          { name: 'currentPeriodEnd', type: 'datetime', isNullable: true },
          { name: 'cancelAtPeriodEnd', type: 'boolean', default: 0 },
          { name: 'startedAt', type: 'datetime', isNullable: true },
          { name: 'endedAt', type: 'datetime', isNullable: true },
          { name: 'stateAt', type: 'integer', default: 0 },
          { name: 'declinedInvoiceId', type: 'varchar', length: '255', isNullable: true },
          { name: 'cardToken', type: 'varchar', length: '64', isNullable: true, ...exact },
          { name: 'createdAt', type: 'datetime' },
        ],
        indices: [
          { name: 'IDX_memberships_status', columnNames: ['status'] },
          { name: 'IDX_memberships_email', columnNames: ['email'] },
          {
            name: 'IDX_memberships_subscriptionId',
            columnNames: ['subscriptionId'],
            isUnique: true,
          },
          { name: 'IDX_memberships_cardToken', columnNames: ['cardToken'], isUnique: true },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'membership_events',
        columns: [
          { name: 'eventId', type: 'varchar', length: '255', isPrimary: true },
          { name: 'type', type: 'varchar', length: '60' },
          { name: 'receivedAt', type: 'datetime' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'membership_payments',
        columns: [
          idColumn(),
          { name: 'invoiceId', type: 'varchar', length: '255' },
          { name: 'subscriptionId', type: 'varchar', length: '255', isNullable: true },
          { name: 'tierId', type: 'integer', isNullable: true },
          { name: 'amountCents', type: 'integer' },
          { name: 'paidAt', type: 'datetime' },
        ],
        indices: [
          { name: 'IDX_membership_payments_paidAt', columnNames: ['paidAt'] },
          {
            name: 'IDX_membership_payments_invoiceId',
            columnNames: ['invoiceId'],
            isUnique: true,
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('membership_payments');
    await queryRunner.dropTable('membership_events');
    await queryRunner.dropTable('memberships');
    await queryRunner.dropTable('membership_tiers');
  }
}
