import type { DataSource } from 'typeorm';
import { SearchGrams, type SearchGramTuning } from './search-grams.js';
import { Logger } from '@nestjs/common';
import { Transactions } from '../../database/transaction.js';
import { SearchIndex, type Candidates } from '../../lists/search-index.js';
import { keepMysqlSearch } from './search-triggers.js';

/**
 * MySQL's and MariaDB's search index (MariaDB 10.11 has no n-gram parser for a full-text index):
 * one `SearchGrams` per registered list, kept by the triggers that record each write (see
 * `SearchGrams`; `keepUp` makes them).
 */
export class GramSearchIndex extends SearchIndex {
  private readonly logger = new Logger(GramSearchIndex.name);
  private readonly grams = new Map<string, SearchGrams>();
  /** Registered lists whose triggers could not be made: their searches read every row. */
  private readonly unkept = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly tuning: Partial<SearchGramTuning> = {},
  ) {
    super();
  }

  candidates(
    table: string,
    search: string,
    options?: { fromIndex?: boolean },
  ): Promise<Candidates | null> {
    const grams = this.of(table);
    return grams ? grams.candidates(search, options) : Promise.resolve(null);
  }

  /** Indexes every row written since the last refresh, however few. */
  async catchUp(table: string): Promise<void> {
    await this.of(table)?.refresh({ force: true });
  }

  /**
   * Makes each registered list's triggers as its declaration says (a list new to the index, one
   * whose columns changed); a list whose triggers cannot be made (creating triggers with binary
   * logging on takes a privilege, docs/deploy.md) reads every row, and says so.
   */
  async keepUp(): Promise<void> {
    const transactions = Transactions.on(this.dataSource);
    for (const list of this.indexed()) {
      try {
        // Creating a trigger commits on MySQL: no transaction, under the lock of every server.
        const made = await transactions.withNamedLock('search-index', (manager) =>
          keepMysqlSearch(manager, list),
        );
        if (made) this.logger.log(`The search index of ${list.table} starts again from its rows.`);
        this.unkept.delete(list.table);
      } catch (error) {
        this.unkept.add(list.table);
        this.logger.error(
          `The search index of ${list.table} could not be made: its searches read every row.`,
          error instanceof Error ? error.stack : String(error),
        );
      }
    }
  }

  private of(table: string): SearchGrams | null {
    const list = this.listOf(table);
    if (!list || this.unkept.has(table)) return null;
    let grams = this.grams.get(table);
    if (!grams) {
      grams = new SearchGrams(this.dataSource, table, list.columns, this.tuning);
      this.grams.set(table, grams);
    }
    return grams;
  }
}
