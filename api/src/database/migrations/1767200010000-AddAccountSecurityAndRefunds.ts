import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The admin account's password-reset link and two-step login (an authenticator app's secret, the
 * one being set up, the last time step used, and hashed recovery codes); on orders, when their
 * items went back into stock after a refund, and whether a fan erased while the order was still
 * owed keeps its name and address only until it ships or is refunded.
 */
export class AddAccountSecurityAndRefunds1767200010000 implements MigrationInterface {
  name = 'AddAccountSecurityAndRefunds1767200010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('users', [
      new TableColumn({ name: 'resetTokenHash', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'resetTokenExpiresAt', type: 'datetime', isNullable: true }),
      new TableColumn({ name: 'totpSecret', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({
        name: 'totpPendingSecret',
        type: 'varchar',
        length: '64',
        isNullable: true,
      }),
      new TableColumn({ name: 'totpLastStep', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'recoveryCodes', type: 'text', isNullable: true }),
    ]);
    await queryRunner.addColumns('orders', [
      new TableColumn({ name: 'restockedAt', type: 'datetime', isNullable: true }),
      new TableColumn({ name: 'eraseWhenClosed', type: 'boolean', default: 0 }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['eraseWhenClosed', 'restockedAt']) {
      await queryRunner.dropColumn('orders', column);
    }
    for (const column of [
      'recoveryCodes',
      'totpLastStep',
      'totpPendingSecret',
      'totpSecret',
      'resetTokenExpiresAt',
      'resetTokenHash',
    ]) {
      await queryRunner.dropColumn('users', column);
    }
  }
}
