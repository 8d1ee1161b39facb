import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import {
  INDEXED_SEARCHES,
  isSearched,
  SearchIndex,
  type Candidates,
  type SearchedTable,
} from '../../lists/search-index.js';

/**
 * SQLite's search index: per list, an FTS5 table of its searched columns with the trigram
 * tokenizer (`<table>_search`, external content: it holds the index, the rows stay in the list's
 * table), kept by triggers on the list's table that the migration 1767905000000 creates: every
 * insert, edit of a searched column and deletion reaches the index in the writer's own statement,
 * so a search reads it as it reads the rows. A search for "garcia" is the phrase of its
 * three-letter sequences, which the tokenizer finds as a substring of any one column, ignoring
 * the case of letters: at least every row `LIKE` finds (SQLite's `LIKE` ignores the case of ASCII
 * letters only), and the list's query applies its `LIKE` to those rows.
 */
export class FtsSearchIndex extends SearchIndex {
  private readonly logger = new Logger(FtsSearchIndex.name);

  /**
   * @param kept the lists whose index and triggers are in place (see `ftsSearchIndex`): a list
   *   without them (a migration that rebuilt its table on SQLite drops its triggers) reads every
   *   row.
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly kept: ReadonlySet<SearchedTable>,
    private readonly candidateMax = FTS_CANDIDATE_MAX,
  ) {
    super();
  }

  async candidates(table: string, search: string): Promise<Candidates | null> {
    if (!isSearched(table) || !this.kept.has(table)) return null;
    const needle = search.trim().toLowerCase();
    if (needle.length < 3 || !PRINTABLE_ASCII.test(needle)) return null;
    const index = `"${ftsTableOf(table)}"`;
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

  /** Says so once at start-up for a list whose index is missing (it then reads every row). */
  warnMissing(): void {
    for (const table of Object.keys(INDEXED_SEARCHES) as SearchedTable[]) {
      if (!this.kept.has(table))
        this.logger.error(
          `The search index of ${table} or its triggers are missing: its searches read every row.`,
        );
    }
  }
}

/** The most ids a search tests by id before it reads every row instead. */
export const FTS_CANDIDATE_MAX = 25_000;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The FTS5 table of a list (see the migration 1767905000000-SearchFollowsWrites). */
export const ftsTableOf = (table: SearchedTable) => `${table}_search`;

/** The triggers that keep a list's FTS5 table: after insert, update of its columns, delete. */
export const ftsTriggersOf = (table: SearchedTable) =>
  ['ai', 'au', 'ad'].map((when) => `${ftsTableOf(table)}_${when}`);

/** SQLite's index, with the lists whose index and triggers the database holds. */
export async function ftsSearchIndex(dataSource: DataSource): Promise<FtsSearchIndex> {
  const rows = (await dataSource.query(
    "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')",
  )) as { name: string }[];
  const names = new Set(rows.map((row) => row.name));
  const kept = new Set(
    (Object.keys(INDEXED_SEARCHES) as SearchedTable[]).filter(
      (table) =>
        names.has(ftsTableOf(table)) && ftsTriggersOf(table).every((name) => names.has(name)),
    ),
  );
  return new FtsSearchIndex(dataSource, kept);
}
