import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import type { AppConfig } from '../../src/config/env.js';

export interface TestDatabase {
  name: 'sqlite' | 'mysql';
  /** A fresh, empty database for one suite. */
  create(): Promise<{ database: AppConfig['database']; drop(): Promise<void> }>;
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  async create() {
    const dir = mkdtempSync(path.join(tmpdir(), 'artist-api-'));
    return {
      database: { type: 'sqlite', file: path.join(dir, 'test.sqlite') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

/** Each suite gets its own MySQL database, so suites can run side by side. */
function mysql(serverUrl: string): TestDatabase {
  return {
    name: 'mysql',
    async create() {
      const name = `artist_test_${randomBytes(4).toString('hex')}`;
      const admin = await createConnection(serverUrl);
      await admin.query(
        `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        database: { type: 'mysql', url: url.toString() },
        drop: async () => {
          const conn = await createConnection(serverUrl);
          await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
          await conn.end();
        },
      };
    },
  };
}

/**
 * SQLite always; MySQL when `MYSQL_URL` is set (CI sets it). In CI a missing `MYSQL_URL` is an
 * error rather than a silent skip.
 */
export function testDatabases(): TestDatabase[] {
  const url = process.env.MYSQL_URL;
  if (!url && process.env.CI)
    throw new Error('MYSQL_URL must be set in CI so the MySQL suites run.');
  return url ? [sqlite, mysql(url)] : [sqlite];
}
