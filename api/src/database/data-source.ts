import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/env.js';
import { keepCollationsToMysql } from './exact-text.js';
import { holdSqliteFile } from './sqlite-guard.js';
import { migrations } from './migrations/index.js';
import { SearchGram, SearchGramChange, SearchGramState } from './search-gram.entity.js';
import { SessionRecord } from './session.entity.js';
import { withDatabaseLock } from './transaction.js';

/**
 * One set of migrations for both databases. Schema changes are migrations, run at start-up by
 * `openDatabase`; `synchronize` stays off. The entities are this folder's own (sessions, search
 * grams) and `moduleEntities`: each module registers its tables with `TypeOrmModule.forFeature`,
 * which the app loads (`autoLoadEntities`); a data source outside the app (the command-line tools)
 * is given the whole list, `src/entities.ts` (TypeORM keeps the generated columns that some
 * migrations rebuild in a table of its own, which it makes only when an entity has one).
 */
export function dataSourceOptions(
  database: AppConfig['database'],
  moduleEntities: (new () => object)[],
): DataSourceOptions {
  const entities = [
    SessionRecord,
    SearchGram,
    SearchGramChange,
    SearchGramState,
    ...moduleEntities,
  ];
  const common = {
    entities,
    migrations,
    // Run by openDatabase under a lock, not by TypeORM while it connects.
    migrationsRun: false,
    synchronize: false,
    logging: false,
  } as const;
  if (database.type === 'mysql') {
    return {
      ...common,
      type: 'mariadb',
      url: database.url,
      timezone: 'Z',
      charset: 'utf8mb4_unicode_ci',
    };
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: database.file,
    // WAL lets readers and the single writer proceed side by side.
    prepareDatabase: (db: { pragma(sql: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
      // 4 MB of pages kept by SQLite itself (better-sqlite3 builds it with 16 MB); the operating
      // system keeps the file's pages as well. The admin lists' scans read every page whatever
      // the size, and at half a million signups the smaller cache kept the process under 300 MB
      // during a full export (docs/api.md, "How a list stays fast").
      db.pragma('cache_size = -4000');
    },
  };
}

/**
 * A data source that lets go of its SQLite file (see `holdSqliteFile`) when it is destroyed: the
 * tests close servers within one longer process and start others on the same file.
 */
class HeldDataSource extends DataSource {
  constructor(
    options: DataSourceOptions,
    private readonly release: () => void,
  ) {
    super(options);
  }

  override async destroy(): Promise<void> {
    try {
      await super.destroy();
    } finally {
      this.release();
    }
  }
}

/**
 * Connects and brings the schema up to date. The migrations run under a database lock: servers
 * started at once on one empty database would otherwise each try to create the same tables.
 * The one that waited finds them applied and runs none. On SQLite the file is this process's
 * alone while it runs (see `holdSqliteFile`), so no lock is needed; its writes are serialised by
 * the app's `Transactions`.
 */
export async function openDatabase(options: DataSourceOptions): Promise<DataSource> {
  // SQLite serves one server process: a second one on the same file stops here (sqlite-guard.ts).
  const release =
    options.type === 'better-sqlite3' ? holdSqliteFile(String(options.database)) : () => undefined;
  let dataSource: DataSource;
  try {
    dataSource = await new HeldDataSource(options, release).initialize();
  } catch (error) {
    release();
    throw error;
  }
  keepCollationsToMysql(dataSource);
  try {
    if (options.type === 'better-sqlite3') await dataSource.runMigrations();
    else await withDatabaseLock(dataSource, 'migrations', () => dataSource.runMigrations());
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}
