import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { DataSource, type ColumnType, type QueryRunner } from 'typeorm';
import type { AppConfig } from '../config/env.js';
import { checkKey, contentTypeOf, type Storage } from '../modules/storage/index.js';
import { dataSourceOptions, openDatabase } from '../database/data-source.js';
import { entities } from '../entities.js';
import { Transactions } from '../database/transaction.js';
import { countFanFigures } from '../database/migrations/1767930000000-FansKeepTheirFigures.js';
import { countFanSpending } from '../database/migrations/1768300000000-FansSpendNetOfRefunds.js';

/**
 * A copy of the whole site, taken while it runs, and its return into an empty database and
 * storage: `npm run backup` and `npm run restore` (docs/deploy.md, Backups).
 *
 * A backup folder holds `manifest.json`, `tables/<table>.jsonl` (one JSON object per row, in a
 * form both databases read: dates as ISO 8601 UTC, booleans as true/false, binary as base64) and
 * `files/<key>` (every uploaded file). The manifest, written last, gives each table's row count
 * and each file's size and SHA-256, so a folder without one is an unfinished backup.
 *
 * The rows hold the admin's password hash and two-step login secret, and the fans' addresses:
 * every folder is written 0700 and every file 0600, whatever the umask, so only the owner reads
 * them.
 */
export const BACKUP_FORMAT = 'artist-site-backup';

/** The live sessions' table, never backed up (see `BOOKKEEPING`). */
const SESSIONS = 'sessions';

/** What a restore tells the operator of the sessions it did not bring back. */
export const RESTORED_WITHOUT_SESSIONS =
  'Backups hold no sessions, so no one is logged in on the restored site: the artist must log in again.';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  takenAt: string;
  /** The database it was taken from. */
  database: 'sqlite' | 'mysql';
  /** The migrations that database had run, in order: the schema of the rows. */
  migrations: string[];
  tables: { name: string; rows: number; file: string; bytes: number; sha256: string }[];
  files: { key: string; file: string; bytes: number; sha256: string }[];
  /** Files rows named that were gone from storage by the time they were copied (deleted since). */
  missingFiles: string[];
}

/** The rows of every table a manifest lists. */
export function manifestRows(manifest: BackupManifest): number {
  return manifest.tables.reduce((sum, table) => sum + table.rows, 0);
}

/** A sentence for the operator: the command stops with it and changes nothing more. */
export class BackupError extends Error {}

/**
 * Tables a backup leaves out: the migrations' own, the running instances' coordination (the
 * tables' change counters their caches follow, the leases of work that runs once), which mean
 * nothing to another deployment and start afresh on a restored one, the live sessions, and the
 * admin lists' search index, which the database builds from the restored rows.
 */
export const BOOKKEEPING = new Set([
  'migrations',
  'typeorm_metadata',
  'table_versions',
  'job_leases',
  // A session id is a login: a copy of one would let whoever reads the backup in. A restored
  // site starts with none, and the artist logs in again.
  SESSIONS,
  // The admin lists' search index on MySQL/MariaDB, read from the rows again after a restore
  // (api/src/modules/search); SQLite's FTS5 tables are virtual, left out below.
  'search_grams',
  'search_gram_state',
  'search_gram_changes',
]);

/** Owner-only modes of a backup's folders and files. */
const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

/** How a column's values are written to and read from the portable rows. */
type Kind = 'datetime' | 'boolean' | 'number' | 'blob' | 'json' | 'other' | 'generated';

type Row = Record<string, unknown>;

interface Progress {
  (line: string): void;
}

/** The site a backup is taken from or restored to, and where its progress is written. */
export interface BackupSite {
  database: AppConfig['database'];
  storage: Storage;
  log?: Progress;
}

/** Where uploaded files' addresses start in rows: `/media/<key>`. */
const MEDIA_ADDRESS = /^\/media\/([A-Za-z0-9._/-]+)$/;

/**
 * Writes a backup of `database` and `storage` into `out`, an empty or new folder. The rows come
 * from one consistent moment: on SQLite a copy made by its online backup API, on MySQL/MariaDB
 * one read-only REPEATABLE READ transaction with a consistent snapshot. The files are copied
 * first, then the rows read, then any file a row names that was uploaded meanwhile, so every
 * photo a restored row shows is in the backup.
 */
export async function takeBackup(
  options: BackupSite & {
    out: string;
    /** Called once the rows' moment is fixed (tests write beside the backup until then). */
    onSnapshot?: () => void;
  },
): Promise<BackupManifest> {
  const { database, storage, out, log = () => undefined } = options;
  await mkdir(out, { recursive: true, mode: PRIVATE_FOLDER });
  if ((await readdir(out)).length > 0)
    throw new BackupError(`The folder ${out} is not empty: give a new or empty folder to --out.`);
  await chmod(out, PRIVATE_FOLDER);
  await privateFolder(path.join(out, 'tables'));
  await privateFolder(path.join(out, 'files'));

  const files = new Map<string, BackupManifest['files'][number]>();
  const copy = async (key: string) => {
    const file = await storage.get(key);
    if (!file) return false;
    const target = path.join(out, 'files', ...key.split('/'));
    await privateFolder(path.dirname(target));
    const { bytes, sha256 } = await writeHashed(target, file.body);
    files.set(key, { key, file: `files/${key}`, bytes, sha256 });
    return true;
  };
  for await (const stored of storage.list('')) {
    if (!isKey(stored.key)) {
      log(`  skipped ${JSON.stringify(stored.key)}: not a name the site makes`);
      continue;
    }
    await copy(stored.key);
  }
  log(`  ${files.size} file(s) copied from ${storage.description}`);

  const named = new Set<string>();
  const snapshot = await openSnapshot(database);
  let tables: BackupManifest['tables'];
  let migrations: string[];
  try {
    options.onSnapshot?.();
    migrations = await snapshot.migrations();
    tables = [];
    for (const table of await snapshot.tables()) {
      const kinds = kindsOf(snapshot.dataSource, table);
      const target = path.join(out, 'tables', `${table}.jsonl`);
      const sink = hashedSink(target);
      let rows = 0;
      for await (const raw of snapshot.rows(table)) {
        const row: Row = {};
        for (const [column, value] of Object.entries(raw)) {
          const kind = kinds.get(column) ?? 'other';
          // Worked out by the database from other columns: never written.
          if (kind === 'generated') continue;
          row[column] = encode(value, kind, database.type);
          if (typeof value === 'string') {
            const key = MEDIA_ADDRESS.exec(value)?.[1];
            if (key && isKey(key)) named.add(key);
          }
        }
        await sink.write(`${JSON.stringify(row)}\n`);
        rows++;
      }
      const { bytes, sha256 } = await sink.end();
      tables.push({ name: table, rows, file: `tables/${table}.jsonl`, bytes, sha256 });
      log(`  ${table.padEnd(22)} ${String(rows).padStart(9)} rows`);
    }
  } finally {
    await snapshot.close();
  }

  const missingFiles: string[] = [];
  for (const key of named) {
    if (files.has(key)) continue;
    if (!(await copy(key))) missingFiles.push(key);
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    takenAt: new Date().toISOString(),
    database: database.type,
    migrations,
    tables,
    files: [...files.values()].sort((a, b) => a.key.localeCompare(b.key)),
    missingFiles: missingFiles.sort(),
  };
  const manifestFile = path.join(out, 'manifest.json');
  await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`, {
    flag: 'wx',
    mode: PRIVATE_FILE,
  });
  await chmod(manifestFile, PRIVATE_FILE);
  return manifest;
}

/**
 * Fills an empty database and storage from a backup folder. Every file of the backup is checked
 * against the manifest first; the database is migrated, must be at the backup's schema and hold
 * nothing but what the migrations put there, and storage must hold no file. The files go in
 * first, then every row in one transaction, replacing the migrations' own starting rows. No
 * session is restored (backups taken before sessions were left out hold some) and none is left.
 */
export async function restoreBackup(
  options: BackupSite & { from: string },
): Promise<BackupManifest> {
  const { database, storage, from, log = () => undefined } = options;
  const manifest = await readManifest(from);
  for (const entry of [...manifest.tables, ...manifest.files]) {
    const file = path.join(from, ...entry.file.split('/'));
    const { bytes, sha256 } = await hashOf(file).catch(() => {
      throw new BackupError(`The backup is incomplete: ${entry.file} is missing from ${from}.`);
    });
    if (bytes !== entry.bytes || sha256 !== entry.sha256)
      throw new BackupError(
        `The backup is damaged: ${entry.file} does not match its size and SHA-256 in manifest.json.`,
      );
  }
  log(`  ${manifest.tables.length} table(s) and ${manifest.files.length} file(s) checked`);

  let dataSource: DataSource;
  try {
    dataSource = await openDatabase(dataSourceOptions(database, entities));
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new BackupError(
      `Cannot open the database${code ? ` (${code})` : ''} (check DATABASE_URL and that the ` +
        `database server is running): ${(error as Error).message}`,
    );
  }
  try {
    const migrations = await migrationsOf(dataSource);
    if (JSON.stringify(migrations) !== JSON.stringify(manifest.migrations))
      throw new BackupError(
        `The backup's schema (last migration ${manifest.migrations.at(-1) ?? 'none'}) is not ` +
          `this version's (${migrations.at(-1) ?? 'none'}): restore it with the version of the ` +
          'site that took it, then upgrade.',
      );
    const tables = await tablesOf(dataSource);
    const restored = manifest.tables.filter((t) => !BOOKKEEPING.has(t.name));
    const unknown = restored.filter((t) => !tables.includes(t.name));
    if (unknown.length)
      throw new BackupError(
        `The backup has tables this database lacks: ${unknown.map((t) => t.name).join(', ')}.`,
      );
    const used = await tablesInUse(dataSource, tables);
    if (used.length)
      throw new BackupError(
        `The database is not empty (${used.join(', ')} ${used.length === 1 ? 'holds' : 'hold'} ` +
          'rows of its own): restore only into a new, empty database.',
      );
    for await (const stored of storage.list('')) {
      throw new BackupError(
        `The storage is not empty (${storage.description} holds ${stored.key}): restore only ` +
          'into new, empty storage.',
      );
    }

    for (const entry of manifest.files) {
      const key = checkKey(entry.key);
      await storage.put(
        key,
        { file: path.join(from, ...entry.file.split('/')) },
        contentTypeOf(key),
      );
    }
    log(`  ${manifest.files.length} file(s) written to ${storage.description}`);

    const mysql = dataSource.options.type !== 'better-sqlite3';
    const quote = (name: string) => dataSource.driver.escape(name);
    const precisions = mysql ? await datetimePrecisions(dataSource) : new Map<string, number>();
    if (!mysql) await dataSource.query('PRAGMA foreign_keys = OFF');
    try {
      await Transactions.on(dataSource).run(async (manager) => {
        const query = (sql: string, parameters?: unknown[]) => manager.query(sql, parameters);
        if (mysql) await query('SET FOREIGN_KEY_CHECKS = 0');
        // The migrations' own starting rows (the first products, photos, page content) give way.
        for (const table of restored) await query(`DELETE FROM ${quote(table.name)}`);
        await query(`DELETE FROM ${quote(SESSIONS)}`);
        for (const table of restored) {
          const kinds = kindsOf(dataSource, table.name);
          const kept = keptColumnsOf(dataSource, table.name);
          let batch: Row[] = [];
          const flush = async () => {
            if (!batch.length) return;
            const columns = Object.keys(batch[0]!).filter((column) => !kept.has(column));
            const placeholders = `(${columns.map(() => '?').join(', ')})`;
            await query(
              `INSERT INTO ${quote(table.name)} (${columns.map(quote).join(', ')}) VALUES ` +
                batch.map(() => placeholders).join(', '),
              batch.flatMap((row) =>
                columns.map((column) =>
                  decode(
                    row[column],
                    kinds.get(column) ?? 'other',
                    precisions.get(`${table.name}.${column}`) ?? 3,
                  ),
                ),
              ),
            );
            batch = [];
          };
          let rows = 0;
          for await (const row of readRows(path.join(from, ...table.file.split('/')))) {
            batch.push(row);
            rows++;
            if (batch.length * Object.keys(row).length >= 900) await flush();
          }
          await flush();
          if (rows !== table.rows)
            throw new BackupError(
              `The backup is damaged: ${table.file} holds ${rows} rows, not ${table.rows}.`,
            );
          log(`  ${table.name.padEnd(22)} ${String(rows).padStart(9)} rows`);
        }
        // The fans' figures, from their records as restored (see `keptColumnsOf`).
        await countFanFigures({ query });
        await countFanSpending({ query });
        if (mysql) await query('SET FOREIGN_KEY_CHECKS = 1');
        else {
          const broken = (await query('PRAGMA foreign_key_check')) as { table: string }[];
          if (broken.length)
            throw new BackupError(
              `The backup's rows do not hold together: ${broken[0]!.table} names rows that ` +
                'are not there.',
            );
        }
      });
    } finally {
      if (!mysql) await dataSource.query('PRAGMA foreign_keys = ON');
    }
  } finally {
    await dataSource.destroy();
  }
  return manifest;
}

/** A consistent, read-only view of every table. */
interface Snapshot {
  dataSource: DataSource;
  tables(): Promise<string[]>;
  migrations(): Promise<string[]>;
  rows(table: string): AsyncIterable<Row>;
  close(): Promise<void>;
}

type SqliteHandle = {
  backup(
    file: string,
    options?: { progress(info: { totalPages: number; remainingPages: number }): number },
  ): Promise<unknown>;
  close(): void;
  prepare(sql: string): { iterate(): IterableIterator<Row> };
};
type SqliteConstructor = new (
  file: string,
  options?: { readonly?: boolean; fileMustExist?: boolean },
) => SqliteHandle;

async function openSnapshot(database: AppConfig['database']): Promise<Snapshot> {
  if (database.type === 'sqlite') {
    if (database.file === ':memory:')
      throw new BackupError('An in-memory SQLite database cannot be backed up.');
    const Sqlite = createRequire(import.meta.url)('better-sqlite3') as SqliteConstructor;
    let source: SqliteHandle;
    try {
      source = new Sqlite(database.file, { readonly: true, fileMustExist: true });
    } catch {
      throw new BackupError(`Cannot open the database: no SQLite file at ${database.file}.`);
    }
    const folder = await mkdtemp(path.join(tmpdir(), 'artist-backup-'));
    const copy = path.join(folder, 'snapshot.sqlite');
    try {
      // SQLite's online backup: a copy of one moment, while the server goes on writing. Copied
      // in as few steps as it takes: a write by the server between two steps starts the copy
      // over, so under steady orders a copy made 100 pages at a time would never finish.
      await source.backup(copy, { progress: ({ totalPages }) => Math.max(totalPages, 100) });
    } finally {
      source.close();
    }
    const dataSource = await new DataSource(
      dataSourceOptions({ type: 'sqlite', file: copy }, entities),
    ).initialize();
    // The rows are read one at a time through a connection of our own to the copy.
    const handle = new Sqlite(copy, { readonly: true, fileMustExist: true });
    return {
      dataSource,
      tables: () => tablesOf(dataSource),
      migrations: () => migrationsOf(dataSource),
      async *rows(table) {
        yield* handle.prepare(`SELECT * FROM "${table.replace(/"/g, '""')}"`).iterate();
      },
      async close() {
        handle.close();
        await dataSource.destroy();
        await rm(folder, { recursive: true, force: true });
      },
    };
  }
  let dataSource: DataSource;
  try {
    dataSource = await new DataSource(dataSourceOptions(database, entities)).initialize();
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new BackupError(
      `Cannot open the database${code ? ` (${code})` : ''} (check DATABASE_URL and that the ` +
        'database server is running).',
    );
  }
  const runner: QueryRunner = dataSource.createQueryRunner();
  await runner.connect();
  // One moment for every table: InnoDB's snapshot, taken now, read-only.
  await runner.query('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
  await runner.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
  return {
    dataSource,
    tables: () => tablesOf(dataSource, runner),
    migrations: () => migrationsOf(dataSource, runner),
    async *rows(table) {
      const stream = await runner.stream(`SELECT * FROM \`${table.replace(/`/g, '``')}\``);
      for await (const row of stream as AsyncIterable<Row>) yield row;
    },
    async close() {
      await runner.query('COMMIT').catch(() => undefined);
      await runner.release();
      await dataSource.destroy();
    },
  };
}

/** Every table of the site, bookkeeping aside, by name. */
async function tablesOf(dataSource: DataSource, runner?: QueryRunner): Promise<string[]> {
  const rows = (await (runner ?? dataSource).query(
    dataSource.options.type === 'better-sqlite3'
      ? // Plain tables only: not the search index's FTS5 tables (virtual, and their shadows),
        // which a restore's inserts fill again through their triggers.
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' " +
          "AND name NOT LIKE 'sqlite_%'"
      : `SELECT table_name AS name FROM information_schema.tables
           WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'`,
  )) as { name: string }[];
  return rows
    .map((row) => row.name)
    .filter((name) => !BOOKKEEPING.has(name))
    .sort();
}

async function migrationsOf(dataSource: DataSource, runner?: QueryRunner): Promise<string[]> {
  const table = dataSource.driver.escape('migrations');
  const rows = (await (runner ?? dataSource).query(`SELECT name FROM ${table} ORDER BY id`)) as {
    name: string;
  }[];
  return rows.map((row) => row.name);
}

/**
 * The tables holding rows the migrations did not put there: compared with a database just
 * migrated, column by column, dates aside (they are the moment of migrating).
 */
async function tablesInUse(dataSource: DataSource, tables: string[]): Promise<string[]> {
  const fresh = await openDatabase(
    dataSourceOptions({ type: 'sqlite', file: ':memory:' }, entities),
  );
  try {
    const used: string[] = [];
    for (const table of tables) {
      const count = async (source: DataSource) => {
        const [{ n }] = (await source.query(
          `SELECT COUNT(*) AS n FROM ${source.driver.escape(table)}`,
        )) as { n: number | string }[];
        return Number(n);
      };
      const rows = await count(dataSource);
      if (rows === 0) continue;
      if (rows > 1000 || rows !== (await count(fresh).catch(() => -1))) {
        used.push(table);
        continue;
      }
      const comparable = async (source: DataSource) => {
        const kinds = kindsOf(source, table);
        const all = (await source.query(`SELECT * FROM ${source.driver.escape(table)}`)) as Row[];
        return all
          .map((row) =>
            JSON.stringify(
              Object.keys(row)
                .filter((column) => !['datetime', 'generated'].includes(kinds.get(column) ?? ''))
                .sort()
                .map((column) => {
                  const kind = kinds.get(column) ?? 'other';
                  const value = encode(
                    row[column],
                    kind,
                    source.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql',
                  );
                  return [column, kind === 'json' ? canonicalJson(value) : value];
                }),
            ),
          )
          .sort();
      };
      if (JSON.stringify(await comparable(dataSource)) !== JSON.stringify(await comparable(fresh)))
        used.push(table);
    }
    return used;
  } finally {
    await fresh.destroy();
  }
}

/**
 * A JSON column's document, however the database's driver stored it: SQLite keeps the text a
 * migration inserted as one more JSON string around it, MySQL and MariaDB the document itself.
 */
function canonicalJson(value: unknown): unknown {
  let parsed = value;
  for (let i = 0; i < 3 && typeof parsed === 'string'; i++) {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      break;
    }
  }
  return JSON.stringify(parsed);
}

/** `table.column` → digits of a second its datetime holds, on MySQL/MariaDB. */
export async function datetimePrecisions(dataSource: DataSource): Promise<Map<string, number>> {
  const rows = (await dataSource.query(
    `SELECT table_name AS t, column_name AS c, datetime_precision AS p
       FROM information_schema.columns
      WHERE table_schema = DATABASE() AND data_type IN ('datetime', 'timestamp')`,
  )) as { t: string; c: string; p: number | string | null }[];
  return new Map(rows.map((row) => [`${row.t}.${row.c}`, Number(row.p ?? 0)]));
}

/**
 * The columns the database keeps from other tables' rows (the fans' figures, kept by triggers):
 * backed up as they stand, but not restored; worked out again from the restored rows, since a
 * restore's inserts, table by table, write a fan's records before or after the fan.
 */
function keptColumnsOf(dataSource: DataSource, table: string): Set<string> {
  const kept = new Set<string>();
  for (const metadata of dataSource.entityMetadatas) {
    if (metadata.tableName !== table) continue;
    for (const column of metadata.columns)
      if (!column.generatedType && !column.isInsert && !column.isUpdate)
        kept.add(column.databaseName);
  }
  return kept;
}

/** Each column's kind, from the entities' metadata; columns of no entity are 'other'. */
function kindsOf(dataSource: DataSource, table: string): Map<string, Kind> {
  const kinds = new Map<string, Kind>();
  for (const metadata of dataSource.entityMetadatas) {
    if (metadata.tableName !== table) continue;
    for (const column of metadata.columns)
      kinds.set(column.databaseName, column.generatedType ? 'generated' : kindOf(column.type));
  }
  return kinds;
}

function kindOf(type: ColumnType): Kind {
  if (type === Date) return 'datetime';
  if (type === Boolean) return 'boolean';
  if (type === Number) return 'number';
  if (typeof type !== 'string') return 'other';
  if (/^(datetime|timestamp)/.test(type)) return 'datetime';
  if (/^(boolean|bool)$/.test(type)) return 'boolean';
  if (/^(bigint|int|integer|smallint|tinyint|mediumint)$/.test(type)) return 'number';
  if (/blob|binary/.test(type)) return 'blob';
  if (/^(json|simple-json)$/.test(type)) return 'json';
  return 'other';
}

/**
 * A value as read from either database, in the portable form. A JSON column is kept as the text
 * the database holds: SQLite hands that text back; mysql2 parses MySQL's and MariaDB's JSON
 * columns, so the value is written out again.
 */
export function encode(value: unknown, kind: Kind, from: 'sqlite' | 'mysql'): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'datetime':
      return toIso(value);
    case 'boolean':
      return Boolean(Number(value));
    case 'number': {
      const number = Number(value);
      return Number.isSafeInteger(number) || !Number.isInteger(number) ? number : String(value);
    }
    case 'blob':
      return Buffer.isBuffer(value) ? value.toString('base64') : value;
    case 'json':
      return from === 'mysql' || typeof value !== 'string' ? JSON.stringify(value) : value;
    default:
      if (value instanceof Date) return value.toISOString();
      if (Buffer.isBuffer(value)) return { $base64: value.toString('base64') };
      if (typeof value === 'bigint') return String(value);
      return value;
  }
}

/**
 * A portable value as either database takes it in a parameter. A datetime keeps as many digits
 * of its second as the column holds (`precision`): MySQL would otherwise round or cut them as its
 * settings say, MariaDB and MySQL differently.
 */
function decode(value: unknown, kind: Kind, precision: number): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'datetime': {
      // TypeORM's own form on both databases: UTC, no zone, milliseconds at most.
      const text = new Date(String(value)).toISOString().replace('T', ' ').replace('Z', '');
      const digits = Math.min(precision, 3);
      return digits === 0 ? text.slice(0, 19) : text.slice(0, 20 + digits);
    }
    case 'boolean':
      return value ? 1 : 0;
    case 'blob':
      return Buffer.from(String(value), 'base64');
    default:
      if (typeof value === 'object' && value !== null && '$base64' in value)
        return Buffer.from(String((value as { $base64: string }).$base64), 'base64');
      return value;
  }
}

/** A datetime as MySQL (a Date, read as UTC) or SQLite (`YYYY-MM-DD HH:MM:SS[.sss]`, UTC) gives it. */
function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  let text = String(value).trim().replace(' ', 'T');
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(text)) text += 'Z';
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new BackupError(`Not a date: ${String(value)}`);
  return date.toISOString();
}

function isKey(key: string): boolean {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
}

async function readManifest(from: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(from, 'manifest.json'), 'utf8');
  } catch {
    throw new BackupError(
      `No backup at ${from}: it has no manifest.json (a backup cut short has none).`,
    );
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1)
    throw new BackupError(`${from}/manifest.json is not a backup of this site (format 1).`);
  for (const entry of [...manifest.tables, ...manifest.files])
    if (!/^(tables|files)\/[A-Za-z0-9._/-]+$/.test(entry.file) || entry.file.includes('..'))
      throw new BackupError(`The backup is damaged: manifest.json names ${entry.file}.`);
  return manifest;
}

async function* readRows(file: string): AsyncIterable<Row> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield JSON.parse(line) as Row;
}

/** The size and SHA-256 of what is added to it, chunk by chunk. */
function hashing() {
  const hash = createHash('sha256');
  let bytes = 0;
  return {
    add(chunk: Buffer) {
      hash.update(chunk);
      bytes += chunk.length;
    },
    result: () => ({ bytes, sha256: hash.digest('hex') }),
  };
}

/** A folder (and any missing above it) that only the owner may enter, whatever the umask. */
async function privateFolder(folder: string) {
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER });
  await chmod(folder, PRIVATE_FOLDER);
}

/** A new owner-only file written chunk by chunk, its size and SHA-256 worked out on the way. */
function hashedSink(file: string) {
  const stream = createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE });
  const hashed = hashing();
  return {
    async write(data: string | Buffer) {
      const chunk = Buffer.from(data);
      hashed.add(chunk);
      if (!stream.write(chunk)) await once(stream, 'drain');
    },
    async end() {
      stream.end();
      await once(stream, 'finish');
      // The mode given at creation is narrowed by the umask, never widened: set it exactly.
      await chmod(file, PRIVATE_FILE);
      return hashed.result();
    },
  };
}

/** Copies a stream into a new file: its size and SHA-256. */
async function writeHashed(file: string, body: Readable) {
  const sink = hashedSink(file);
  for await (const chunk of body) await sink.write(chunk as Buffer);
  return sink.end();
}

async function hashOf(file: string) {
  const hashed = hashing();
  for await (const chunk of createReadStream(file)) hashed.add(chunk as Buffer);
  return hashed.result();
}
