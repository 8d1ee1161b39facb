import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/env.js';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';

/**
 * One set of entities and migrations for both databases. Schema changes are migrations, run at
 * start-up; `synchronize` stays off.
 */
export function dataSourceOptions(database: AppConfig['database']): DataSourceOptions {
  const common = {
    entities,
    migrations,
    migrationsRun: true,
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
    },
  };
}
