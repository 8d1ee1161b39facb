import { TableColumn, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

/**
 * What the fans list filters and sorts on but reads from other tables, kept on each fan's row
 * (docs/architecture.md, "The fans list's figures"):
 * - `orderCount` and `totalSpent`: the fan's orders, and the sum of their totals;
 * - `confirmedSignups`: their signups confirmed and not unsubscribed (the `subscription`
 *   'confirmed' of email_signups);
 * - `waitingRequests`: their notify-me requests not yet notified (`notified` = 'false');
 * - `messageCount`: their contact messages.
 *
 * Triggers on the four record tables adjust the fan's figures after each insert, each update of
 * the columns a figure reads (`fanId` among them) and each deletion, in the writer's own
 * statement: every writer is followed, whatever it goes through (TypeORM's subscribers miss
 * query-builder updates and raw SQL). They live on the record tables only and name `fans`, so a
 * SQLite rebuild of a record table drops its own triggers with it (see `keepingTriggers`), and a
 * migration that rebuilds `fans` on SQLite must drop them first and create them again after.
 * The figures are worked out from the stored rows here (`countFanFigures`).
 */
export const FAN_FIGURES = [
  'orderCount',
  'totalSpent',
  'confirmedSignups',
  'waitingRequests',
  'messageCount',
] as const;

/** The row a trigger reads (`NEW`, `OLD`) or a query's alias. */
type Row = string;

interface Records {
  table: string;
  /** Each figure the table's rows make, and what one row adds to it. */
  adds: [figure: (typeof FAN_FIGURES)[number], value: (row: Row) => string][];
  /** Which rows count, if not all. */
  counts?: (row: Row) => string;
  /** The columns the figures read. */
  reads: string[];
}

const RECORDS: Records[] = [
  {
    table: 'orders',
    adds: [
      ['orderCount', () => '1'],
      ['totalSpent', (row) => `${row}.total`],
    ],
    reads: ['fanId', 'total'],
  },
  {
    table: 'email_signups',
    adds: [['confirmedSignups', () => '1']],
    counts: (row) => `${row}.unsubscribedAt IS NULL AND ${row}.confirmedAt IS NOT NULL`,
    reads: ['fanId', 'confirmedAt', 'unsubscribedAt'],
  },
  {
    table: 'notify_me',
    adds: [['waitingRequests', () => '1']],
    counts: (row) => `${row}.notified = 'false'`,
    reads: ['fanId', 'notified'],
  },
  {
    table: 'contact_messages',
    adds: [['messageCount', () => '1']],
    reads: ['fanId'],
  },
];

/** The triggers of a record table: after insert, update, delete. */
export const fanFigureTriggersOf = (table: string) =>
  ['ai', 'au', 'ad'].map((when) => `fan_figures_${table}_${when}`);

/** Every figure trigger, by the table it is on. */
export const FAN_FIGURE_TRIGGERS = Object.fromEntries(
  RECORDS.map(({ table }) => [table, fanFigureTriggersOf(table)]),
);

/** The index of each figure (the database appends the id), and of the sorts with the filters. */
const INDEXES = [
  ...FAN_FIGURES.map((figure) => ({ name: `IDX_fans_${figure}`, columnNames: [figure] })),
  // A filter sorted by first sight or address walks one of these, testing each fan in the index.
  {
    name: 'IDX_fans_firstSeenAt_id_figures',
    columnNames: [
      'firstSeenAt',
      'id',
      'orderCount',
      'confirmedSignups',
      'waitingRequests',
      'messageCount',
    ],
  },
  {
    name: 'IDX_fans_email_figures',
    columnNames: ['email', 'orderCount', 'confirmedSignups', 'waitingRequests', 'messageCount'],
  },
];
/** Replaced by the index of first sight, id and figures, which it begins. */
const FIRST_SEEN_INDEX = { name: 'IDX_fans_firstSeenAt', columnNames: ['firstSeenAt'] };

export class FansKeepTheirFigures1767930000000 implements MigrationInterface {
  name = 'FansKeepTheirFigures1767930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = isMysql(queryRunner);
    if (mysql)
      await queryRunner.addColumns(
        'fans',
        FAN_FIGURES.map(
          (name) => new TableColumn({ name, type: 'integer', default: 0, isNullable: false }),
        ),
      );
    else
      // SQLite adds a column in place; TypeORM's addColumn would rebuild `fans`, dropping the
      // search index's triggers on it.
      for (const name of FAN_FIGURES)
        await queryRunner.query(
          `ALTER TABLE "fans" ADD COLUMN "${name}" integer NOT NULL DEFAULT (0)`,
        );
    await createFanFigureTriggers(queryRunner);
    await countFanFigures(queryRunner);
    for (const index of INDEXES) await queryRunner.createIndex('fans', new TableIndex(index));
    await queryRunner.dropIndex('fans', FIRST_SEEN_INDEX.name);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropFanFigureTriggers(queryRunner);
    await queryRunner.createIndex('fans', new TableIndex(FIRST_SEEN_INDEX));
    for (const index of INDEXES) await queryRunner.dropIndex('fans', index.name);
    if (isMysql(queryRunner))
      for (const name of FAN_FIGURES) await queryRunner.dropColumn('fans', name);
    // In place, as they were added.
    else
      for (const name of FAN_FIGURES)
        await queryRunner.query(`ALTER TABLE "fans" DROP COLUMN "${name}"`);
  }
}

/**
 * Works out every fan's figures from the stored rows: after this migration's own start, after a
 * restore (whose rows go in table by table, a fan's records before or after the fan), and
 * wherever rows were written with the triggers away.
 */
export async function countFanFigures(queryRunner: Pick<QueryRunner, 'query'>): Promise<void> {
  const sets = RECORDS.flatMap(({ table, adds, counts }) =>
    adds.map(([figure, value]) => {
      const where = `r.fanId = fans.id${counts ? ` AND ${counts('r')}` : ''}`;
      const sum = value('r');
      const of = sum === '1' ? 'COUNT(*)' : `COALESCE(SUM(${sum}), 0)`;
      return `${figure} = (SELECT ${of} FROM ${table} r WHERE ${where})`;
    }),
  );
  await queryRunner.query(`UPDATE fans SET ${sets.join(', ')}`);
}

/** Creates the triggers that keep the figures (see the migration). */
export async function createFanFigureTriggers(queryRunner: QueryRunner): Promise<void> {
  const mysql = isMysql(queryRunner);
  for (const { table, adds, counts, reads } of RECORDS) {
    const [inserted, updated, deleted] = fanFigureTriggersOf(table);
    const adjust = (row: Row, sign: '+' | '-') =>
      `UPDATE fans SET ${adds.map(([figure, value]) => `${figure} = ${figure} ${sign} ${value(row)}`).join(', ')} ` +
      `WHERE id = ${row}.fanId${counts ? ` AND ${counts(row)}` : ''}`;
    const changed = reads
      .map((c) => (mysql ? `NOT (OLD.${c} <=> NEW.${c})` : `OLD.${c} IS NOT NEW.${c}`))
      .join(' OR ');
    if (mysql) {
      await queryRunner.query(
        `CREATE TRIGGER ${inserted} AFTER INSERT ON ${table} FOR EACH ROW ${adjust('NEW', '+')}`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${updated} AFTER UPDATE ON ${table} FOR EACH ROW ` +
          `BEGIN IF ${changed} THEN ${adjust('OLD', '-')}; ${adjust('NEW', '+')}; END IF; END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${deleted} AFTER DELETE ON ${table} FOR EACH ROW ${adjust('OLD', '-')}`,
      );
    } else {
      await queryRunner.query(
        `CREATE TRIGGER ${inserted} AFTER INSERT ON ${table} BEGIN ${adjust('NEW', '+')}; END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${updated} AFTER UPDATE OF ${reads.join(', ')} ON ${table} ` +
          `WHEN ${changed} BEGIN ${adjust('OLD', '-')}; ${adjust('NEW', '+')}; END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${deleted} AFTER DELETE ON ${table} BEGIN ${adjust('OLD', '-')}; END`,
      );
    }
  }
}

/** Drops the triggers that keep the figures, those that are there. */
export async function dropFanFigureTriggers(queryRunner: QueryRunner): Promise<void> {
  for (const { table } of RECORDS)
    for (const name of fanFigureTriggersOf(table))
      await queryRunner.query(`DROP TRIGGER IF EXISTS ${name}`);
}
