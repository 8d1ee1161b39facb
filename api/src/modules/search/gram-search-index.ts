import type { DataSource } from 'typeorm';
import { SearchGrams, type SearchGramTuning } from './search-grams.js';
import {
  INDEXED_SEARCHES,
  isSearched,
  SearchIndex,
  type Candidates,
  type SearchedTable,
} from '../../lists/search-index.js';

/**
 * MySQL's and MariaDB's search index (MariaDB 10.11 has no n-gram parser for a full-text index):
 * one `SearchGrams` per list, kept by the triggers that record each write (see `SearchGrams`).
 */
export class GramSearchIndex extends SearchIndex {
  private readonly lists = new Map<SearchedTable, SearchGrams>();

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
    if (!isSearched(table)) return Promise.resolve(null);
    return this.of(table).candidates(search, options);
  }

  /** Indexes every row written since the last refresh, however few. */
  catchUp(table: SearchedTable): Promise<void> {
    return this.of(table).refresh({ force: true });
  }

  private of(table: SearchedTable): SearchGrams {
    let list = this.lists.get(table);
    if (!list) {
      list = new SearchGrams(this.dataSource, table, INDEXED_SEARCHES[table], this.tuning);
      this.lists.set(table, list);
    }
    return list;
  }
}
