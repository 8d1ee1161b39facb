import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { FIGURES_TTL_MS, TableVersions } from './table-versions.js';

/** Below this size an answer is sent as it is: gzip would save less than its headers cost. */
const GZIP_FROM_BYTES = 1024;

/** A public read's answer, serialised once: its JSON bytes, their ETag, and how it was made. */
export interface PublicAnswer<T = unknown> {
  /** What was read (e.g. the shows with the fields only the server uses). */
  value: T;
  body: Buffer;
  etag: string;
  /** The body gzipped, made on the first request that accepts it; undefined when too small. */
  gzipped(): Buffer | undefined;
}

interface Kept {
  /** The tables' numbers (and the caller's `variant`) it was read under. */
  versions: string;
  at: number;
  answer: Promise<PublicAnswer>;
  /** The answer once read: a request finding it is answered without waiting on a promise. */
  ready?: PublicAnswer;
}

/**
 * The public reads' answers (`GET /api/shows`, `/api/products`, `/api/content`, `/api/gallery`),
 * kept in memory as the bytes sent and their ETag, each until one of the tables it was read from
 * is written: here at once, on another instance within SHARED_VERSIONS_READ_MS (the numbers of
 * `TableVersions`, shared through `table_versions`), and in any case after FIGURES_TTL_MS. What
 * else the answer depends on (the artist's date, for the shows) is its `variant`: a new one is a
 * new read. One per app (a provider of DatabaseModule), so each test's app starts with none.
 */
export class PublicAnswers {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly versions: TableVersions) {}

  /**
   * The answer `name` as read from `tables` under `variant`: kept, or read now (callers asking
   * at the same time share one read; a failed read is not kept). `view` is what is sent of the
   * value read. A kept answer is handed back as it is, without a promise.
   */
  get<T>(
    name: string,
    tables: readonly string[],
    variant: string,
    read: () => Promise<T>,
    view: (value: T) => unknown = (value) => value,
  ): PublicAnswer<T> | Promise<PublicAnswer<T>> {
    const kept = this.fresh(name, tables, variant);
    if (kept) return (kept.ready ?? kept.answer) as PublicAnswer<T> | Promise<PublicAnswer<T>>;
    if (!this.versions.sharedFresh())
      return this.versions.readShared().then(() => this.getNow(name, tables, variant, read, view));
    return this.getNow(name, tables, variant, read, view);
  }

  private fresh(name: string, tables: readonly string[], variant: string): Kept | undefined {
    const kept = this.kept.get(name);
    return kept !== undefined &&
      this.versions.sharedFresh() &&
      kept.versions === `${variant}|${this.versions.key(tables)}` &&
      Date.now() - kept.at < FIGURES_TTL_MS
      ? kept
      : undefined;
  }

  private getNow<T>(
    name: string,
    tables: readonly string[],
    variant: string,
    read: () => Promise<T>,
    view: (value: T) => unknown,
  ): Promise<PublicAnswer<T>> {
    const kept = this.fresh(name, tables, variant);
    if (kept) return kept.answer as Promise<PublicAnswer<T>>;
    // The numbers are taken before the read: a write landing during it leaves the answer stale.
    const entry: Kept = {
      versions: `${variant}|${this.versions.key(tables)}`,
      at: Date.now(),
      answer: read().then((value) => answerOf(value, view(value))),
    };
    this.kept.set(name, entry);
    entry.answer.then(
      (answer) => {
        entry.ready = answer;
      },
      () => {
        if (this.kept.get(name) === entry) this.kept.delete(name);
      },
    );
    return entry.answer as Promise<PublicAnswer<T>>;
  }
}

function answerOf<T>(value: T, sent: unknown): PublicAnswer<T> {
  const body = Buffer.from(JSON.stringify(sent));
  let gzipped: Buffer | undefined;
  return {
    value,
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    gzipped: () =>
      body.length < GZIP_FROM_BYTES ? undefined : (gzipped ??= gzipSync(body, { level: 6 })),
  };
}
