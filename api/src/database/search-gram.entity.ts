import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One block of a list's search index on MySQL and MariaDB (see `SearchGrams`,
 * api/src/modules/search/search-grams.ts): the ids of the rows whose searched text holds a
 * three-letter sequence, among the ids of one block.
 */
@Entity('search_grams')
export class SearchGram {
  /**
   * The list's table, e.g. `email_signups`; the columns indexed are those its module declares
   * (an `IndexedSearch`; a change of them empties the table's index, so that it is read again).
   */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  list: string;

  /** The three characters in hexadecimal (printable ASCII, lower-cased), or `*` (see ANY_TEXT). */
  @PrimaryColumn({ type: 'varchar', length: 6 })
  gram: string;

  /** `id >> BLOCK_BITS`: the ids of one block are offsets from its first id. */
  @PrimaryColumn({ type: 'integer' })
  block: number;

  /** How many ids `ids` holds. */
  @Column({ type: 'integer' })
  size: number;

  /** The ids' offsets from the block's first id, ascending, two bytes each (little-endian). */
  @Column({ type: 'blob' })
  ids: Buffer;
}

/** How far each list's search index reaches: rows above `indexedTo` are searched directly. */
@Entity('search_gram_state')
export class SearchGramState {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  list: string;

  @Column({ type: 'integer' })
  indexedTo: number;
}

/**
 * A row inserted, or whose searched text was edited, since the index read its block: recorded by
 * the list's triggers in the writer's transaction, a candidate of every search until a refresh
 * reads its block again (`SearchGrams`).
 */
@Entity('search_gram_changes')
@Index('IDX_search_gram_changes_list_rowId', ['list', 'rowId'])
export class SearchGramChange {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  list: string;

  @Column({ type: 'integer' })
  rowId: number;
}
