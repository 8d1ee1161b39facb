import type { EntityManager } from 'typeorm';
import type { IndexedSearch } from '../../lists/search-index.js';

/**
 * The database objects that make a list's search index follow its table's writes, made from the
 * list's declaration (`IndexedSearch`) as the migrations 1767905000000-SearchFollowsWrites and
 * 1768100000000-SearchOrdersByProductNames made them (same statements, so a database they
 * migrated needs nothing more):
 * - SQLite: the FTS5 table `<table>_search` (trigram tokenizer, external content: the list's
 *   table) and its triggers after each insert, update of a searched column (or the id) and
 *   deletion, in the writer's own statement.
 * - MySQL/MariaDB: triggers that record in `search_gram_changes`, in the writer's transaction,
 *   each row inserted and each row whose searched text an update changed (byte for byte).
 */
export const searchTableOf = (table: string) => `${table}_search`;

/** SQLite's statements for a list: its FTS5 table first, then its triggers, by name. */
export function sqliteSearchObjects({ table, columns }: IndexedSearch): Map<string, string> {
  const index = searchTableOf(table);
  const names = columns.map((c) => `"${c}"`).join(', ');
  const of = (row: 'new' | 'old') => columns.map((c) => `${row}."${c}"`).join(', ');
  return new Map([
    [
      index,
      `CREATE VIRTUAL TABLE "${index}" USING fts5(${names}, ` +
        `content='${table}', content_rowid='id', tokenize='trigram')`,
    ],
    [
      `${index}_ai`,
      `CREATE TRIGGER "${index}_ai" AFTER INSERT ON "${table}" BEGIN ` +
        `INSERT INTO "${index}"(rowid, ${names}) VALUES (new."id", ${of('new')}); END`,
    ],
    [
      `${index}_ad`,
      `CREATE TRIGGER "${index}_ad" AFTER DELETE ON "${table}" BEGIN ` +
        `INSERT INTO "${index}"("${index}", rowid, ${names}) ` +
        `VALUES ('delete', old."id", ${of('old')}); END`,
    ],
    [
      `${index}_au`,
      `CREATE TRIGGER "${index}_au" AFTER UPDATE OF "id", ${names} ON "${table}" BEGIN ` +
        `INSERT INTO "${index}"("${index}", rowid, ${names}) ` +
        `VALUES ('delete', old."id", ${of('old')}); ` +
        `INSERT INTO "${index}"(rowid, ${names}) VALUES (new."id", ${of('new')}); END`,
    ],
  ]);
}

/**
 * Makes SQLite's objects of a list as its declaration says, replacing any that differ (its index
 * is then built again from the rows); true when something was made.
 */
export async function keepSqliteSearch(
  manager: EntityManager,
  list: IndexedSearch,
): Promise<boolean> {
  const wanted = sqliteSearchObjects(list);
  const stored = (await manager.query(
    `SELECT name, sql FROM sqlite_master WHERE name IN (${[...wanted.keys()].map(() => '?').join(', ')})`,
    [...wanted.keys()],
  )) as { name: string; sql: string }[];
  const found = new Map(stored.map((row) => [row.name, row.sql]));
  if ([...wanted].every(([name, sql]) => found.get(name) === sql)) return false;
  const index = searchTableOf(list.table);
  for (const name of wanted.keys())
    if (name !== index) await manager.query(`DROP TRIGGER IF EXISTS "${name}"`);
  await manager.query(`DROP TABLE IF EXISTS "${index}"`);
  for (const sql of wanted.values()) await manager.query(sql);
  await manager.query(`INSERT INTO "${index}"("${index}") VALUES ('rebuild')`);
  return true;
}

/** A MySQL trigger: its name, when it runs, and its body. */
interface MysqlTrigger {
  name: string;
  when: string;
  body: string;
}

/** MySQL's and MariaDB's triggers of a list. */
export function mysqlSearchTriggers({ table, columns }: IndexedSearch): MysqlTrigger[] {
  const index = searchTableOf(table);
  const record = `INSERT INTO search_gram_changes (list, rowId) SELECT '${table}', NEW.id FROM DUAL`;
  const edited = columns
    .map((c) => `NOT (CAST(OLD.\`${c}\` AS BINARY) <=> CAST(NEW.\`${c}\` AS BINARY))`)
    .join(' OR ');
  return [
    { name: `${index}_ai`, when: `AFTER INSERT ON \`${table}\``, body: record },
    {
      name: `${index}_au`,
      when: `AFTER UPDATE ON \`${table}\``,
      body: `${record} WHERE ${edited} OR OLD.id <> NEW.id`,
    },
  ];
}

/**
 * Makes MySQL's triggers of a list as its declaration says, replacing any that differ; the
 * list's index then starts again from nothing (it rebuilds itself in the background, and a
 * search reads every row until it has). True when something was made.
 */
export async function keepMysqlSearch(
  manager: EntityManager,
  list: IndexedSearch,
): Promise<boolean> {
  const wanted = mysqlSearchTriggers(list);
  const stored = (await manager.query(
    'SELECT TRIGGER_NAME AS name, ACTION_STATEMENT AS body FROM information_schema.TRIGGERS ' +
      'WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME IN (?, ?)',
    wanted.map((trigger) => trigger.name),
  )) as { name: string; body: string }[];
  const found = new Map(stored.map((row) => [row.name, row.body]));
  if (wanted.every(({ name, body }) => found.get(name) === body)) return false;
  for (const { name } of wanted) await manager.query(`DROP TRIGGER IF EXISTS \`${name}\``);
  for (const { name, when, body } of wanted)
    await manager.query(`CREATE TRIGGER \`${name}\` ${when} FOR EACH ROW ${body}`);
  for (const table of ['search_grams', 'search_gram_state', 'search_gram_changes'])
    await manager.query(`DELETE FROM \`${table}\` WHERE \`list\` = ?`, [list.table]);
  return true;
}
