/**
 * A list whose search has an index: its table and the columns a search looks in (the list's
 * `searchColumns`). Declared once, in the module that owns the table, which registers it with
 * the search index (`SearchIndex.keep`); the search module then makes the database follow that
 * table's writes (docs/architecture.md, "The admin lists' search index follows writes by itself").
 */
export interface IndexedSearch {
  readonly table: string;
  readonly columns: readonly string[];
}

/** The ids a search tests (see `SearchIndex.candidates`). */
export interface Candidates {
  /** Ids at or below `above` that may match, ascending. */
  ids: number[];
  /** Every id above this one is tested too. */
  above: number;
}

/**
 * The admin lists' search index: for a "contains" search among many rows, the ids of the rows
 * that may hold the text, so that the list's query tests those rows (`id IN (…)`) instead of
 * every row. The query still applies the search's own `LIKE`, so an index only has to name a
 * superset of the matches: it never changes what a search finds, only how many rows are read.
 *
 * The database keeps it: its triggers follow every insert, edit and deletion of the searched
 * columns, so no writer of the site calls anything for it; `keepUp` makes them from the lists
 * the modules register. One implementation per database,
 * chosen at start-up (`SearchModule`): SQLite's full-text index (`FtsSearchIndex`), MySQL's and
 * MariaDB's index of three-letter sequences (`GramSearchIndex`). Used as the provider's token
 * too: inject `SearchIndex`.
 */
export abstract class SearchIndex {
  private readonly lists = new Map<string, IndexedSearch>();

  /**
   * Indexes a list's search from now on: its owner calls this when it is made, and the index
   * follows the table's writes once the app has started (`keepUp`).
   */
  keep(list: IndexedSearch): void {
    const known = this.lists.get(list.table);
    if (known && known.columns.join() !== list.columns.join())
      throw new Error(`The search of ${list.table} is declared twice, with other columns.`);
    this.lists.set(list.table, list);
  }

  /** The lists whose search is indexed, in the order they were registered. */
  indexed(): IndexedSearch[] {
    return [...this.lists.values()];
  }

  /** A list's registered search, if it has one. */
  protected listOf(table: string): IndexedSearch | undefined {
    return this.lists.get(table);
  }

  /**
   * Makes the database follow the writes of every registered list's table (its triggers, and
   * on SQLite its full-text table), creating or replacing what is missing or indexes other
   * columns. Run once at start-up, after the migrations.
   */
  abstract keepUp(): Promise<void>;

  /**
   * The ids a search of a list must test; null when the index cannot narrow the search (too
   * short, characters it does not list, or matching so many rows that reading every row costs
   * less): every row is tested. `fromIndex`: the list reads the rows from an index led by the id
   * (its `searchIndex`), not from its table (see `GramSearchIndex`).
   */
  abstract candidates(
    table: string,
    search: string,
    options?: { fromIndex?: boolean },
  ): Promise<Candidates | null>;

  /**
   * Brings the index of a list up to every row now, where it catches up in the background
   * otherwise (after a bulk import such as the volume seeder's). Never needed for a search to
   * find the right rows.
   */
  abstract catchUp(table: string): Promise<void>;
}
