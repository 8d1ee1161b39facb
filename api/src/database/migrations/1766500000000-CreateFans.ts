import { WALK_UP_EMAIL } from '@artist/contracts';
import { Table, TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** The tables whose rows belong to a fan by their `email`, and the index each one's fanId has. */
export const FAN_RECORD_INDEXES: Record<string, string[]> = {
  orders: ['fanId', 'total'],
  email_signups: ['fanId'],
  notify_me: ['fanId', 'notified'],
  contact_messages: ['fanId'],
};

const indexName = (table: string, columns: string[]) => `IDX_${table}_${columns.join('_')}`;

/**
 * One row per fan (lower-cased address), and a `fanId` on each of their records. The fans are
 * made from the records already stored, each first seen at their earliest record.
 */
export class CreateFans1766500000000 implements MigrationInterface {
  name = 'CreateFans1766500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'fans',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'firstSeenAt', type: 'datetime' },
        ],
        indices: [
          { name: 'IDX_fans_email', columnNames: ['email'], isUnique: true },
          { name: 'IDX_fans_firstSeenAt', columnNames: ['firstSeenAt'] },
        ],
      }),
    );
    for (const [table, columnNames] of Object.entries(FAN_RECORD_INDEXES)) {
      await queryRunner.addColumn(
        table,
        new TableColumn({ name: 'fanId', type: 'integer', isNullable: true }),
      );
      await queryRunner.createIndex(
        table,
        new TableIndex({ name: indexName(table, columnNames), columnNames }),
      );
    }
    await linkUnlinkedRecords(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, columnNames] of Object.entries(FAN_RECORD_INDEXES)) {
      await queryRunner.dropIndex(table, indexName(table, columnNames));
      await queryRunner.dropColumn(table, 'fanId');
    }
    await queryRunner.dropTable('fans');
  }
}

/**
 * Makes a fan for each address of records without one (first seen at their earliest), and links
 * those records. The same SQL on both databases; also run after a volume seed, which writes rows
 * the way a bulk import would, without the service that links them one by one.
 */
export async function linkUnlinkedRecords(queryRunner: QueryRunner): Promise<void> {
  const seen = Object.keys(FAN_RECORD_INDEXES)
    .map(
      (table) =>
        `SELECT LOWER(TRIM(email)) AS address, createdAt AS at FROM ${table} WHERE fanId IS NULL`,
    )
    .join(' UNION ALL ');
  await queryRunner.query(
    `INSERT INTO fans (email, firstSeenAt)
     SELECT address, MIN(at) FROM (${seen}) seen
     WHERE address <> '' AND address <> ? AND address <> 'erased'
       AND NOT EXISTS (SELECT 1 FROM fans known WHERE known.email = seen.address)
     GROUP BY address`,
    [WALK_UP_EMAIL],
  );
  // The records read the fans' ids from a copy: on MySQL/MariaDB an update may not read the
  // table its triggers write, and those that keep the fans' figures (a later migration) do.
  const mysql = queryRunner.connection.options.type !== 'better-sqlite3';
  await queryRunner.query(
    mysql
      ? 'CREATE TEMPORARY TABLE fan_addresses (PRIMARY KEY (email)) SELECT email, id FROM fans'
      : 'CREATE TEMP TABLE fan_addresses AS SELECT email, id FROM fans',
  );
  try {
    if (!mysql)
      await queryRunner.query(
        'CREATE UNIQUE INDEX temp.fan_addresses_email ON fan_addresses (email)',
      );
    for (const table of Object.keys(FAN_RECORD_INDEXES)) {
      await queryRunner.query(
        `UPDATE ${table} SET fanId =
           (SELECT f.id FROM fan_addresses f WHERE f.email = LOWER(TRIM(${table}.email)))
         WHERE fanId IS NULL`,
      );
    }
  } finally {
    await queryRunner.query(
      mysql ? 'DROP TEMPORARY TABLE fan_addresses' : 'DROP TABLE temp.fan_addresses',
    );
  }
}
