import { Logger } from '@nestjs/common';
import { Between, In, type DataSource } from 'typeorm';
import {
  SearchGram,
  SearchGramChange,
  SearchGramState,
} from '../../database/search-gram.entity.js';
import { Transactions } from '../../database/transaction.js';
import type { Candidates } from '../../lists/search-index.js';

/**
 * A search index of a list's text columns, for a "contains" search that finds few rows among
 * many: for each sequence of three characters, the ids of the rows whose text holds it (each
 * column apart, as the search tests each column apart). A search
 * for "garcia" reads the ids under its rarest sequences ("rci", then "arc"), keeps the ids found
 * under all of them, and the list's query tests only those rows (`id IN (…)`) instead of every
 * row. The query still applies the search's own `LIKE`, so the index only has to hold a superset
 * of the matches: it never changes what a search finds, only how many rows the database reads.
 *
 * Made for lists whose rows arrive with rising ids and whose text is mostly written with the row:
 * - **Blocks of ids.** The ids are kept per block of 2 ** blockBits ids (16,384), as two-byte
 *   offsets from the block's first id, so a sequence every row holds takes 32 KB per block.
 * - **How far it reaches.** `indexedTo` says up to which id the index is complete; a search also
 *   tests every row above it (`id > indexedTo`, a range of the primary key). Once `refreshGap`
 *   rows have arrived above it, a search starts `refresh` in the background: it indexes their
 *   blocks again, from the rows, in a transaction per block, and moves `indexedTo` up to
 *   `recheck` ids short of the highest it read.
 * - **Writes, recorded by the database.** Triggers on the list's table (the migration
 *   1767905000000-SearchFollowsWrites) record in `search_gram_changes`, in the writer's own
 *   transaction, the id of every row inserted and of every row whose searched text an update
 *   changed; no writer of the site calls anything. A recorded row at or below `indexedTo` is
 *   tested by every search until a refresh reads its block again (which settles the records it
 *   read, in the same transaction), so an edit is found at once, and so is a row whose insert
 *   commits after a refresh read past its id. A refresh starts once `refreshGap` are recorded.
 * - **Deleted rows** stay in the index until their block is indexed again; the query finds no row
 *   for their ids, so they cost a lookup and nothing else.
 * - **Every row `LIKE` finds.** Text is lower-cased, as `LIKE` ignores the case of ASCII letters
 *   on both databases, and an accented letter is listed as its plain one (`foldText`: "Chloé"
 *   under "loe", as MySQL's collations find it). Any other character that stands for itself (a
 *   curly apostrophe, "ß", "ｏ", a line break) is listed as WILDCARD, which a search's sequences
 *   match in any place: some collation may make it equal to an ASCII character, and `LIKE`
 *   compares one character with one, so "Bob’s" is listed under "b?s" and found by "bob's"
 *   through it. A row with a character some collation may ignore (an accent stored apart, a
 *   format or control character) is listed under ANY_TEXT, a candidate of every search. A search
 *   with a character that is not printable ASCII, or shorter than three, reads every row.
 * - **When it helps.** A search that would test more than `candidateMax` rows (its sequences
 *   together narrow to more, or its rarest is held by so many that reading it costs too much)
 *   reads every row as before: testing ids one by one costs more than a scan once they are a few
 *   percent of the list.
 */
export class SearchGrams {
  private readonly logger = new Logger(SearchGrams.name);
  /** The index's name in its tables: the list's table (its columns are its `IndexedSearch`'s). */
  private readonly list: string;
  private readonly recent = new Map<string, Promise<Candidates | null>>();
  private budget?: { value: Promise<number>; until: number };
  /** The refresh under way (one at a time per list and index). */
  private refreshing?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly table: string,
    private readonly columns: readonly string[],
    private readonly tuning: Partial<SearchGramTuning> = {},
  ) {
    this.list = table;
  }

  private get limits(): SearchGramTuning {
    return { ...DEFAULT_TUNING, ...this.tuning };
  }

  /**
   * The ids a search must test: those the index finds under every sequence of the search, and
   * every id above `above`; null when the index cannot narrow the search (every row is tested).
   * `fromIndex`: the list reads those rows from an index led by the id (its `searchIndex`), not
   * from its table, so their number is not limited by the table's size (see `lookupBudget`).
   */
  async candidates(search: string, { fromIndex = false } = {}): Promise<Candidates | null> {
    const needle = search.trim().toLowerCase();
    if (needle.length < 3 || !PRINTABLE_ASCII.test(needle)) return null;
    const { candidateMax, refreshGap } = this.limits;
    const [state, highest, changes] = await Promise.all([
      this.state(),
      this.highestId(),
      this.changeCount(),
    ]);
    const above = state?.indexedTo ?? 0;
    if (highest - above >= refreshGap || changes.count >= refreshGap) this.refreshSoon();
    if (state === null || highest - above > candidateMax) return null;
    // A page request asks twice (its counts, its page): the second answer is the first's while
    // neither the index, the list's highest id nor the recorded writes have moved.
    const key = JSON.stringify([needle, fromIndex, above, highest, changes.count, changes.last]);
    const known = this.recent.get(key);
    if (known) return known;
    const edited = await this.changedRows(above);
    if (highest - above + edited.length > candidateMax) return null;
    const found = this.find(needle, above, highest, edited, fromIndex);
    this.recent.set(key, found);
    if (this.recent.size > 4) this.recent.delete(this.recent.keys().next().value!);
    found.catch(() => this.recent.delete(key));
    return found;
  }

  private async find(
    needle: string,
    above: number,
    highest: number,
    edited: number[],
    fromIndex: boolean,
  ): Promise<Candidates | null> {
    const candidateMax = fromIndex ? this.limits.candidateMax : await this.lookupBudget();
    // Each sequence of the search, with the sequences a row's wildcards may stand for it as.
    const matching = new Map(gramsOf(needle).map((gram) => [gram, wildcardsOf(gram)]));
    const rows = await this.dataSource
      .getRepository(SearchGram)
      .createQueryBuilder('g')
      .select('g.gram', 'gram')
      .addSelect('SUM(g.size)', 'n')
      .where('g.list = :list', { list: this.list })
      .andWhere('g.gram IN (:...grams)', {
        grams: [...new Set([...matching.values()].flat()), ANY_TEXT],
      })
      .groupBy('g.gram')
      .getRawMany<{ gram: string; n: number | string }>();
    const held = new Map(rows.map((row) => [row.gram, Number(row.n)]));
    const anyText = held.get(ANY_TEXT) ?? 0;
    // Each sequence's rows (at most: a row under two of its forms counts twice) and the forms
    // that hold any.
    const sizes = new Map<string, number>();
    const forms = new Map<string, string[]>();
    for (const [gram, all] of matching) {
      const present = all.filter((form) => held.has(form));
      forms.set(gram, present);
      sizes.set(
        gram,
        present.reduce((sum, form) => sum + held.get(form)!, 0),
      );
    }
    // Rows tested whatever the sequences hold.
    const always = anyText + edited.length + (highest - above);
    // The rarest sequences first, each read while it is cheap to read (two bytes an id), beside
    // what testing rows costs: "williams" is found under "ams" and "iam" together in 14,000
    // fans' addresses, though each is held by over 27,000 ("adams", "william").
    const rarest = [...sizes].sort((a, b) => a[1] - b[1]);
    const readable = (size: number) => size <= candidateMax * READ_PER_LOOKUP;
    if (always > candidateMax || !readable(rarest[0][1])) return null;
    let ids = await this.idsOf(forms.get(rarest[0][0])!);
    for (const [gram, size] of rarest.slice(1)) {
      if (ids.length === 0 || !readable(size)) break;
      ids = intersect(ids, await this.idsOf(forms.get(gram)!));
    }
    if (ids.length + always > candidateMax) return null;
    if (anyText > 0) ids = union(ids, await this.idsOf([ANY_TEXT]));
    if (edited.length > 0) ids = union(ids, edited);
    return { ids, above };
  }

  /**
   * How many rows a search may test by id: `candidateMax`, or on MySQL, while the list's table
   * and indexes are larger than InnoDB's buffer pool, an eighth of the table's pages (see
   * `lookupBudget`). Read from the server at most once a minute. Rows read from an index led by
   * the id (`fromIndex` of `candidates`) have no such limit: the ids are read in order, so testing
   * every candidate reads each page of that index at most once, no more than a scan of it reads.
   */
  private lookupBudget(): Promise<number> {
    const { candidateMax } = this.limits;
    const type = this.dataSource.options.type;
    if (type !== 'mysql' && type !== 'mariadb') return Promise.resolve(candidateMax);
    if (this.budget && this.budget.until > Date.now()) return this.budget.value;
    const value = this.dataSource
      .query<
        { pool: number | string; data: number | string | null; all: number | string | null }[]
      >(
        'SELECT @@innodb_buffer_pool_size AS pool, data_length AS data, ' +
          'data_length + index_length AS `all` FROM information_schema.tables ' +
          'WHERE table_schema = DATABASE() AND table_name = ?',
        [this.table],
      )
      .then(([row]) =>
        lookupBudget({
          candidateMax,
          poolBytes: Number(row?.pool ?? 0),
          tableBytes: Number(row?.all ?? 0),
          dataBytes: Number(row?.data ?? 0),
        }),
      );
    this.budget = { value, until: Date.now() + 60_000 };
    value.catch(() => (this.budget = undefined));
    return value;
  }

  /**
   * Indexes the blocks that rows have arrived in since the index last reached, and those holding
   * recorded writes, when there are at least `refreshGap` of either (`force`: however few). One
   * refresh at a time per list and index (the site holds one, `SearchModule`'s); another process
   * refreshing the same blocks at once writes the same rows.
   */
  refresh({ force = false } = {}): Promise<void> {
    const current = this.refreshing;
    if (current) return current.then(() => (force ? this.refresh({ force }) : undefined));
    const work = this.reindex(force).finally(() => (this.refreshing = undefined));
    this.refreshing = work;
    return work;
  }

  /** `refresh` in the background: a failure is logged, and searches read every row meanwhile. */
  private refreshSoon(): void {
    this.refresh().catch((error: unknown) => {
      if (this.dataSource.isInitialized)
        this.logger.warn(`Search index of ${this.list} not refreshed: ${String(error)}`);
    });
  }

  private async reindex(force: boolean): Promise<void> {
    const { blockBits, refreshGap, recheck } = this.limits;
    const [state, highest, changes] = await Promise.all([
      this.state(),
      this.highestId(),
      this.changeCount(),
    ]);
    const from = state?.indexedTo ?? 0;
    if (!force && highest - from < refreshGap && changes.count < refreshGap) return;
    const blocks = new Set(await this.changedBlocks());
    for (let block = (from + 1) >> blockBits; block <= highest >> blockBits; block++) {
      blocks.add(block);
    }
    for (const block of [...blocks].sort((a, b) => a - b)) await this.indexBlock(block);
    await this.dataSource
      .getRepository(SearchGramState)
      .upsert({ list: this.list, indexedTo: Math.max(0, highest - recheck) }, ['list']);
  }

  /**
   * Reads the rows of one block and replaces its part of the index, in one transaction with the
   * edits recorded in the block: those it read are settled by the rows it read (an edit and its
   * record commit together), and an edit recorded meanwhile stays for the next refresh.
   */
  private async indexBlock(block: number): Promise<void> {
    const { blockBits } = this.limits;
    const first = block << blockBits;
    const end = first + (1 << blockBits);
    await Transactions.on(this.dataSource).run(async (manager) => {
      const settled = await manager.find(SearchGramChange, {
        select: { id: true },
        where: { list: this.list, rowId: Between(first, end - 1) },
      });
      const qb = manager
        .createQueryBuilder()
        .select('t.id', 'id')
        .from(this.table, 't')
        .where('t.id >= :first AND t.id < :end', { first, end })
        .orderBy('t.id', 'ASC');
      this.columns.forEach((column, i) => qb.addSelect(`t.${column}`, `c${i}`));
      const rows = await qb.getRawMany<Record<string, number | string | null>>();
      const postings = new Map<string, number[]>();
      for (const row of rows) {
        const offset = Number(row.id) - first;
        for (const gram of this.gramsOfRow(row)) {
          const ids = postings.get(gram);
          if (ids) ids.push(offset);
          else postings.set(gram, [offset]);
        }
      }
      const entries = [...postings].map(([gram, offsets]) => {
        const ids = Buffer.alloc(offsets.length * 2);
        offsets.forEach((offset, i) => ids.writeUInt16LE(offset, i * 2));
        return { list: this.list, gram, block, size: offsets.length, ids };
      });
      await manager.delete(SearchGram, { list: this.list, block });
      for (const batch of batchesOf(entries)) await manager.insert(SearchGram, batch);
      const ids = settled.map((change) => change.id);
      for (let i = 0; i < ids.length; i += 1000)
        await manager.delete(SearchGramChange, { id: In(ids.slice(i, i + 1000)) });
    });
  }

  /**
   * The sequences of a row's columns, each column apart, as `foldText` keeps them; ANY_TEXT alone
   * if a column holds a character it cannot.
   */
  private gramsOfRow(row: Record<string, number | string | null>): string[] {
    const texts = this.columns.map((_, i) => foldText(String(row[`c${i}`] ?? '')));
    if (texts.some((text) => text === null)) return [ANY_TEXT];
    return [...new Set((texts as string[]).flatMap(gramsOf))];
  }

  /** How many writes are recorded and not yet read again, and the last record's id. */
  private async changeCount(): Promise<{ count: number; last: number }> {
    const row = await this.dataSource
      .getRepository(SearchGramChange)
      .createQueryBuilder('c')
      .select('COUNT(*)', 'n')
      .addSelect('MAX(c.id)', 'last')
      .where('c.list = :list', { list: this.list })
      .getRawOne<{ n: number | string; last: number | string | null }>();
    return { count: Number(row?.n ?? 0), last: Number(row?.last ?? 0) };
  }

  /** The rows written at or below `above` and not yet read again, ascending. */
  private async changedRows(above: number): Promise<number[]> {
    const rows = await this.dataSource
      .getRepository(SearchGramChange)
      .createQueryBuilder('c')
      .select('DISTINCT c.rowId', 'rowId')
      .where('c.list = :list AND c.rowId <= :above', { list: this.list, above })
      .orderBy('c.rowId', 'ASC')
      .getRawMany<{ rowId: number | string }>();
    return rows.map((row) => Number(row.rowId));
  }

  /** The blocks holding recorded writes. */
  private async changedBlocks(): Promise<number[]> {
    const { blockBits } = this.limits;
    const rows = await this.dataSource
      .getRepository(SearchGramChange)
      .createQueryBuilder('c')
      .select(`DISTINCT c.rowId >> ${Math.trunc(blockBits)}`, 'block')
      .where('c.list = :list', { list: this.list })
      .getRawMany<{ block: number | string }>();
    return rows.map((row) => Number(row.block));
  }

  /** The ids under any of some sequences, ascending, each once. */
  private async idsOf(grams: string[]): Promise<number[]> {
    if (grams.length === 0) return [];
    const { blockBits } = this.limits;
    const rows = await this.dataSource
      .getRepository(SearchGram)
      .createQueryBuilder('g')
      .select(['g.block', 'g.ids'])
      .where('g.list = :list AND g.gram IN (:...grams)', { list: this.list, grams })
      .orderBy('g.block', 'ASC')
      .getMany();
    const ids: number[] = [];
    for (const row of rows) {
      const first = row.block << blockBits;
      for (let i = 0; i + 1 < row.ids.length; i += 2) ids.push(first + row.ids.readUInt16LE(i));
    }
    // One sequence's ids are ascending already; several's interleave by block.
    return grams.length === 1 ? ids : union(ids);
  }

  private state(): Promise<SearchGramState | null> {
    return this.dataSource.getRepository(SearchGramState).findOneBy({ list: this.list });
  }

  private async highestId(): Promise<number> {
    const row = await this.dataSource
      .createQueryBuilder()
      .select('MAX(t.id)', 'id')
      .from(this.table, 't')
      .getRawOne<{ id: number | string | null }>();
    return Number(row?.id ?? 0);
  }
}

/**
 * How many rows a search may test by id on MySQL. The ids of a search are spread over the whole
 * table: 10,900 of 500,000 touch nearly every 16 KB page. When the table's pages are in InnoDB's
 * buffer pool each lookup costs microseconds, far less than reading every row; when the table
 * and its indexes are larger than the pool, each touched page may be read from disk, and the
 * lookups cost more than the sequential scan they replace (360–400 ms against 130–200 ms for the
 * signups with a 128 MB pool). Then only a search touching few pages is worth it: an eighth of
 * the table's pages.
 */
export function lookupBudget({
  candidateMax,
  poolBytes,
  tableBytes,
  dataBytes,
}: {
  candidateMax: number;
  poolBytes: number;
  tableBytes: number;
  dataBytes: number;
}): number {
  if (tableBytes <= poolBytes) return candidateMax;
  return Math.min(candidateMax, Math.floor(dataBytes / INNODB_PAGE_BYTES / 8));
}

const INNODB_PAGE_BYTES = 16_384;

/**
 * How many ids of the index a search may read per row it may test: an id read is two bytes of a
 * sequence's list, a row tested is a lookup in the list's table.
 */
const READ_PER_LOOKUP = 8;

export interface SearchGramTuning {
  /** Ids per block: 2 ** blockBits, so that an offset takes two bytes. */
  blockBits: number;
  /** The most rows a search tests by id before it reads every row instead. */
  candidateMax: number;
  /** Rows above the index's reach that start a refresh. */
  refreshGap: number;
  /** How many of the highest ids read a refresh leaves to be tested directly. */
  recheck: number;
}

const DEFAULT_TUNING: SearchGramTuning = {
  blockBits: 14,
  candidateMax: 25_000,
  refreshGap: 1_000,
  recheck: 100,
};

/** The index's entry for rows with a character some collation may ignore: candidates of any search. */
export const ANY_TEXT = '*';

/**
 * How `foldText` lists a character that stands for itself and is neither printable ASCII nor an
 * accented letter: DEL, which no search holds. A search's sequence is looked up in every form
 * with some of its characters replaced by it (`wildcardsOf`).
 */
export const WILDCARD = '\x7f';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/**
 * Characters some collation may ignore, or that may not be one character to it: marks (an accent
 * stored apart from its letter), format characters (a soft hyphen, a zero-width joiner), controls
 * but the tab and line breaks, surrogates and code points not assigned.
 */
const MAYBE_IGNORED = /[\p{M}\p{Cf}\p{Cs}\p{Cn}\p{Co}]|[^\P{Cc}\t\n\r]/u;

/**
 * A row's text as the index lists it: printable ASCII lower-cased, each accented letter (one
 * that decomposes into an ASCII letter and combining marks: é, Ñ, ü) as its plain letter, and
 * each other character as WILDCARD. The index must list a row under every sequence a search
 * could find in it:
 * - MySQL's case- and accent-insensitive collations find "Chloé" for "loe", and equate an
 *   accented letter with no other ASCII character; SQLite's `LIKE` equates it with none, so
 *   listing it under "loe" too is only a row more to test.
 * - Any other character may equal one ASCII character under some collation ("ｏ" is "o" under
 *   MySQL's), and `LIKE` compares one character with one (it finds no "ss" in "ß", though "=" may
 *   equate them), so the wildcard stands for one character, whichever.
 * Null for text with a character some collation may ignore (`MAYBE_IGNORED`): a row a search
 * could find across it, listed under ANY_TEXT.
 */
export function foldText(text: string): string | null {
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase();
  let folded = '';
  for (const char of text) {
    if (PRINTABLE_ASCII.test(char)) {
      folded += char;
      continue;
    }
    if (MAYBE_IGNORED.test(char)) return null;
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
    folded += /^[a-z]$/i.test(plain) ? plain : WILDCARD;
  }
  return folded.toLowerCase();
}

/** The distinct three-character sequences of folded text (`foldText`), in hexadecimal. */
export function gramsOf(text: string): string[] {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) {
    grams.add(Buffer.from(text.slice(i, i + 3), 'latin1').toString('hex'));
  }
  return [...grams];
}

/**
 * The sequences a row may hold where a search holds `gram` (hexadecimal): the sequence itself and
 * each form with one or more of its characters a row's WILDCARD.
 */
export function wildcardsOf(gram: string): string[] {
  const wildcard = Buffer.from(WILDCARD, 'latin1').toString('hex');
  const chars = [gram.slice(0, 2), gram.slice(2, 4), gram.slice(4, 6)];
  const forms: string[] = [];
  for (let mask = 0; mask < 8; mask++) {
    forms.push(chars.map((char, i) => (mask & (1 << i) ? wildcard : char)).join(''));
  }
  return forms;
}

/** The ids in both ascending lists. */
function intersect(a: number[], b: number[]): number[] {
  const both: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      both.push(a[i]);
      i++;
      j++;
    }
  }
  return both;
}

/** The ids in any of the lists, ascending, each once. */
function union(...lists: number[][]): number[] {
  return [...new Set(lists.flat())].sort((x, y) => x - y);
}

/** Rows per insert, and bytes: well under SQLite's bound parameters and MySQL's packet size. */
function* batchesOf<T extends { ids: Buffer }>(entries: T[]): Generator<T[]> {
  let batch: T[] = [];
  let bytes = 0;
  for (const entry of entries) {
    if (batch.length >= 500 || bytes + entry.ids.length > 2_000_000) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(entry);
    bytes += entry.ids.length;
  }
  if (batch.length > 0) yield batch;
}
