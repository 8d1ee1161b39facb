/**
 * The lists whose search has an index, by table, with the columns it indexes: the list's
 * `searchColumns`. The migrations that keep the index by the database's triggers
 * (1767905000000-SearchFollowsWrites, then 1768100000000-SearchOrdersByProductNames for the
 * orders) carry a fixed copy of this. An order's `productNames` are its lines' product names.
 */
export const INDEXED_SEARCHES = {
  email_signups: ['email'],
  fans: ['email'],
  orders: ['email', 'customerName', 'showLocation', 'trackingNumber', 'notes', 'productNames'],
} as const;

/** A table of INDEXED_SEARCHES. */
export type SearchedTable = keyof typeof INDEXED_SEARCHES;

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
 * columns, so no writer of the site calls anything for it. One implementation per database,
 * chosen at start-up (`SearchModule`): SQLite's full-text index (`FtsSearchIndex`), MySQL's and
 * MariaDB's index of three-letter sequences (`GramSearchIndex`). Used as the provider's token
 * too: inject `SearchIndex`.
 */
export abstract class SearchIndex {
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
  abstract catchUp(table: SearchedTable): Promise<void>;
}

/** Whether a table's search has an index. */
export const isSearched = (table: string): table is SearchedTable =>
  Object.prototype.hasOwnProperty.call(INDEXED_SEARCHES, table);
