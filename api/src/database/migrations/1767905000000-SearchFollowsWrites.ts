import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin lists' search index follows every write by the database itself, not by the site's
 * writers (docs/architecture.md, "Search"):
 * - SQLite: an FTS5 table per searched list (`<table>_search`, trigram tokenizer, external
 *   content: the list's table), built from the rows here and kept by triggers after each insert,
 *   update of a searched column and deletion. The three-letter sequence tables are emptied (they
 *   serve MySQL alone now).
 * - MySQL/MariaDB: triggers record in `search_gram_changes` each row inserted and each row whose
 *   searched text an update changed (compared byte for byte), in the writer's transaction.
 * The searched columns of each list, as INDEXED_SEARCHES (api/src/modules/search) had them here.
 */
const SEARCHED = {
  email_signups: ['email'],
  fans: ['email'],
  orders: ['email', 'customerName', 'lineItems', 'showLocation', 'trackingNumber', 'notes'],
} as const;

const LISTS = Object.entries(SEARCHED) as [string, readonly string[]][];

export class SearchFollowsWrites1767905000000 implements MigrationInterface {
  name = 'SearchFollowsWrites1767905000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.options.type === 'better-sqlite3';
    for (const [table, columns] of LISTS) {
      if (sqlite) await this.upSqlite(queryRunner, table, columns);
      else await this.upMysql(queryRunner, table, columns);
    }
    if (sqlite) {
      await queryRunner.query('DELETE FROM search_gram_state');
      await queryRunner.query('DELETE FROM search_grams');
      await queryRunner.query('DELETE FROM search_gram_changes');
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const sqlite = queryRunner.connection.options.type === 'better-sqlite3';
    for (const [table] of LISTS) {
      const index = `${table}_search`;
      if (sqlite) {
        for (const when of ['ai', 'au', 'ad'])
          await queryRunner.query(`DROP TRIGGER IF EXISTS "${index}_${when}"`);
        await queryRunner.query(`DROP TABLE IF EXISTS "${index}"`);
      } else {
        for (const when of ['ai', 'au'])
          await queryRunner.query(`DROP TRIGGER IF EXISTS \`${index}_${when}\``);
      }
    }
  }

  private async upSqlite(
    queryRunner: QueryRunner,
    table: string,
    columns: readonly string[],
  ): Promise<void> {
    const index = `${table}_search`;
    const names = columns.map((c) => `"${c}"`).join(', ');
    const of = (row: 'new' | 'old') => columns.map((c) => `${row}."${c}"`).join(', ');
    await queryRunner.query(
      `CREATE VIRTUAL TABLE "${index}" USING fts5(${names}, ` +
        `content='${table}', content_rowid='id', tokenize='trigram')`,
    );
    await queryRunner.query(`INSERT INTO "${index}"("${index}") VALUES ('rebuild')`);
    await queryRunner.query(
      `CREATE TRIGGER "${index}_ai" AFTER INSERT ON "${table}" BEGIN ` +
        `INSERT INTO "${index}"(rowid, ${names}) VALUES (new."id", ${of('new')}); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "${index}_ad" AFTER DELETE ON "${table}" BEGIN ` +
        `INSERT INTO "${index}"("${index}", rowid, ${names}) ` +
        `VALUES ('delete', old."id", ${of('old')}); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "${index}_au" AFTER UPDATE OF "id", ${names} ON "${table}" BEGIN ` +
        `INSERT INTO "${index}"("${index}", rowid, ${names}) ` +
        `VALUES ('delete', old."id", ${of('old')}); ` +
        `INSERT INTO "${index}"(rowid, ${names}) VALUES (new."id", ${of('new')}); END`,
    );
  }

  private async upMysql(
    queryRunner: QueryRunner,
    table: string,
    columns: readonly string[],
  ): Promise<void> {
    const index = `${table}_search`;
    const record = `INSERT INTO search_gram_changes (list, rowId) SELECT '${table}', NEW.id FROM DUAL`;
    await queryRunner.query(
      `CREATE TRIGGER \`${index}_ai\` AFTER INSERT ON \`${table}\` FOR EACH ROW ${record}`,
    );
    const edited = columns
      .map((c) => `NOT (CAST(OLD.\`${c}\` AS BINARY) <=> CAST(NEW.\`${c}\` AS BINARY))`)
      .join(' OR ');
    await queryRunner.query(
      `CREATE TRIGGER \`${index}_au\` AFTER UPDATE ON \`${table}\` FOR EACH ROW ` +
        `${record} WHERE ${edited} OR OLD.id <> NEW.id`,
    );
  }
}
