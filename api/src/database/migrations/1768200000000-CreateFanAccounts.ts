import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, isMysql, timestampColumns } from './columns.js';

/** The fans' accounts: sign-in codes, sessions, passkeys and passkey challenges. */
export class CreateFanAccounts1768200000000 implements MigrationInterface {
  name = 'CreateFanAccounts1768200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const exact = isMysql(queryRunner) ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    const email = { name: 'email', type: 'varchar', length: '320', ...exact };
    await queryRunner.createTable(
      new Table({
        name: 'account_sign_in_codes',
        columns: [
          idColumn(),
          email,
          { name: 'codeHash', type: 'varchar', length: '64' },
          { name: 'tokenHash', type: 'varchar', length: '64' },
          { name: 'expiresAt', type: 'bigint' },
          { name: 'wrongTries', type: 'integer', default: 0 },
          { name: 'usedAt', type: 'bigint', isNullable: true },
          ...timestampColumns(queryRunner, false),
        ],
        indices: [
          { name: 'IDX_account_sign_in_codes_email', columnNames: ['email'], isUnique: true },
          {
            name: 'IDX_account_sign_in_codes_tokenHash',
            columnNames: ['tokenHash'],
            isUnique: true,
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'account_sessions',
        columns: [
          idColumn(),
          { name: 'tokenHash', type: 'varchar', length: '64' },
          { name: 'fanId', type: 'integer' },
          email,
          { name: 'expiresAt', type: 'bigint' },
          { name: 'lastSeenAt', type: 'bigint' },
          ...timestampColumns(queryRunner, false),
        ],
        indices: [
          { name: 'IDX_account_sessions_tokenHash', columnNames: ['tokenHash'], isUnique: true },
          { name: 'IDX_account_sessions_fanId', columnNames: ['fanId'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'account_passkeys',
        columns: [
          { name: 'id', type: 'varchar', length: '255', isPrimary: true },
          { name: 'fanId', type: 'integer' },
          email,
          { name: 'publicKey', type: 'text' },
          { name: 'counter', type: 'bigint', default: 0 },
          { name: 'transports', type: 'varchar', length: '200', isNullable: true },
          ...timestampColumns(queryRunner, false),
          { name: 'lastUsedAt', type: 'bigint', isNullable: true },
        ],
        indices: [{ name: 'IDX_account_passkeys_fanId', columnNames: ['fanId'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'account_passkey_challenges',
        columns: [
          idColumn(),
          { name: 'tokenHash', type: 'varchar', length: '64' },
          { name: 'challenge', type: 'varchar', length: '128' },
          { name: 'fanId', type: 'integer', isNullable: true },
          { name: 'expiresAt', type: 'bigint' },
        ],
        indices: [
          {
            name: 'IDX_account_passkey_challenges_tokenHash',
            columnNames: ['tokenHash'],
            isUnique: true,
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('account_passkey_challenges');
    await queryRunner.dropTable('account_passkeys');
    await queryRunner.dropTable('account_sessions');
    await queryRunner.dropTable('account_sign_in_codes');
  }
}
