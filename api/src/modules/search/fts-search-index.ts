import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { Transactions } from '../../database/transaction.js';
import { SearchIndex, type Candidates } from '../../lists/search-index.js';
import { keepSqliteSearch, searchTableOf, sqliteSearchObjects } from './search-triggers.js';

/**
 * SQLite's search index: per list, an FTS5 table of its searched columns with the trigram
 * tokenizer (`<table>_search`, external content: it holds the index, the rows stay in the list's
 * table), kept by triggers on the list's table (`search-triggers.ts`, made at start-up from the
 * lists the modules register, as the migration 1767905000000 first made them): every
 * insert, edit of a searched column and deletion reaches the index in the writer's own statement,
 * so a search reads it as it reads the rows. A search for "garcia" is the phrase of its
 * three-letter sequences, which the tokenizer finds as a substring of any one column, ignoring
 * the case of letters: at least every row `LIKE` finds (SQLite's `LIKE` ignores the case of ASCII
 * letters only), and the list's query applies its `LIKE` to those rows.
 */
export class FtsSearchIndex extends SearchIndex {
  private readonly logger = new Logger(FtsSearchIndex.name);

  /**
   * @param kept the tables whose index and triggers are in place (see `ftsSearchIndex`): a list
   *   without them (a migration that rebuilt its table on SQLite drops its triggers, until the
   *   next start makes them again) reads every row.
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly kept: Set<string>,
    private readonly candidateMax = FTS_CANDIDATE_MAX,
  ) {
    super();
  }

  async candidates(table: string, search: string): Promise<Candidates | null> {
    if (!this.kept.has(table)) return null;
    const needle = search.trim().toLowerCase();
    if (needle.length < 3 || !PRINTABLE_ASCII.test(needle)) return null;
    const index = `"${searchTableOf(table)}"`;
    const rows = (await this.dataSource.query(
      `SELECT rowid AS id FROM ${index} WHERE ${index} MATCH ? ORDER BY rowid LIMIT ?`,
      [`"${needle.replace(/"/g, '""')}"`, this.candidateMax + 1],
    )) as { id: number }[];
    // Testing more rows by id costs more than reading every row.
    if (rows.length > this.candidateMax) return null;
    return { ids: rows.map((row) => Number(row.id)), above: Number.MAX_SAFE_INTEGER };
  }

  /** Nothing to do: the triggers keep the index with every write. */
  async catchUp(): Promise<void> {}

  /**
   * Makes each registered list's FTS5 table and triggers as its declaration says (a list new to
   * the index, one whose columns changed, one whose table a migration rebuilt); a list whose
   * objects cannot be made reads every row, and says so.
   */
  async keepUp(): Promise<void> {
    const transactions = Transactions.on(this.dataSource);
    for (const list of this.indexed()) {
      try {
        const made = await transactions.withNamedLock('search-index', (manager) =>
          transactions.run(manager, (inner) => keepSqliteSearch(inner, list)),
        );
        if (made) this.logger.log(`The search index of ${list.table} was made from its rows.`);
        this.kept.add(list.table);
      } catch (error) {
        this.kept.delete(list.table);
        this.logger.error(
          `The search index of ${list.table} could not be made: its searches read every row.`,
          error instanceof Error ? error.stack : String(error),
        );
      }
    }
  }
}

/** The most ids a search tests by id before it reads every row instead. */
export const FTS_CANDIDATE_MAX = 25_000;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** SQLite's index, with the tables whose index and triggers the database holds. */
export async function ftsSearchIndex(dataSource: DataSource): Promise<FtsSearchIndex> {
  const rows = (await dataSource.query(
    "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')",
  )) as { name: string }[];
  const names = new Set(rows.map((row) => row.name));
  const kept = new Set(
    [...names]
      .filter((name) => name.endsWith('_search'))
      .map((name) => name.slice(0, -'_search'.length))
      .filter((table) =>
        [...sqliteSearchObjects({ table, columns: [] }).keys()].every((name) => names.has(name)),
      ),
  );
  return new FtsSearchIndex(dataSource, kept);
}
