import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConnection, type Connection } from 'mysql2/promise';
import type { AppConfig } from '../../src/config/env.js';
import { dataSourceOptions, openDatabase } from '../../src/database/data-source.js';
import { entities } from '../../src/entities.js';

export interface TestDatabase {
  name: 'sqlite' | 'mysql';
  /**
   * A fresh database for one suite: empty, or with `{ migrated: true }` holding what the
   * migrations make. Within a jest run that is a copy of the run's template database, migrated
   * once (see schema-templates.cjs): on MariaDB 10.11 the migrations took 4 to 6 s per database
   * on a busy machine, a copy about 1 s.
   */
  create(options?: {
    migrated?: boolean;
  }): Promise<{ database: AppConfig['database']; drop(): Promise<void> }>;
}

/** Runs the migrations on a database and disconnects. */
async function migrate(database: AppConfig['database']): Promise<void> {
  const dataSource = await openDatabase(dataSourceOptions(database, entities));
  await dataSource.destroy();
}

/** The jest run's name, set by its globalSetup; without one every database migrates itself. */
const run = () => process.env.ARTIST_TEST_RUN;

const sqlite: TestDatabase = {
  name: 'sqlite',
  async create({ migrated = false } = {}) {
    const dir = mkdtempSync(path.join(tmpdir(), 'artist-api-'));
    const file = path.join(dir, 'test.sqlite');
    if (migrated) {
      const id = run();
      if (id) copyFileSync(await sqliteTemplate(id), file);
      else await migrate({ type: 'sqlite', file });
    }
    return {
      database: { type: 'sqlite', file },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

/**
 * The run's migrated SQLite file. Workers that find none each migrate a file of their own and
 * rename it into place, which is atomic: whichever lands last, every copy is a whole one.
 */
async function sqliteTemplate(id: string): Promise<string> {
  const template = path.join(tmpdir(), `artist-template-${id}.sqlite`);
  if (existsSync(template)) return template;
  const dir = mkdtempSync(path.join(tmpdir(), 'artist-template-'));
  try {
    await migrate({ type: 'sqlite', file: path.join(dir, 'template.sqlite') });
    renameSync(path.join(dir, 'template.sqlite'), template);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return template;
}

/** Each suite gets its own MySQL database, so suites can run side by side. */
function mysql(serverUrl: string): TestDatabase {
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    name: 'mysql',
    async create({ migrated = false } = {}) {
      const name = `artist_test_${randomBytes(4).toString('hex')}`;
      const admin = await createConnection(serverUrl);
      try {
        await admin.query(
          `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
        );
        const id = run();
        if (migrated && id) await copySchema(admin, await mysqlTemplate(admin, id, urlOf), name);
      } finally {
        await admin.end();
      }
      if (migrated && !run()) await migrate({ type: 'mysql', url: urlOf(name) });
      return {
        database: { type: 'mysql', url: urlOf(name) },
        drop: async () => {
          const conn = await createConnection(serverUrl);
          await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
          await conn.end();
        },
      };
    },
  };
}

/** The run's migrated MySQL database, made by the first worker that asks, under a lock. */
async function mysqlTemplate(
  admin: Connection,
  id: string,
  urlOf: (name: string) => string,
): Promise<string> {
  const template = `artist_template_${id}`;
  await admin.query('SELECT GET_LOCK(?, 600)', [template]);
  try {
    const [found] = await admin.query(
      'SELECT schema_name FROM information_schema.schemata WHERE schema_name = ?',
      [template],
    );
    if ((found as unknown[]).length === 0) {
      await admin.query(
        `CREATE DATABASE \`${template}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      );
      await migrate({ type: 'mysql', url: urlOf(template) });
    }
  } finally {
    await admin.query('SELECT RELEASE_LOCK(?)', [template]);
  }
  return template;
}

/**
 * Copies every table of `from` into the empty database `to`, rows included, and its triggers.
 * SHOW CREATE TABLE
 * keeps what `CREATE TABLE … LIKE` would drop (foreign keys); with the checks off, a table may
 * name one that is created after it. TypeORM's own record of generated columns names their
 * database, which becomes the copy's.
 */
async function copySchema(admin: Connection, from: string, to: string): Promise<void> {
  const [tables] = await admin.query(
    `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = ? AND table_type = 'BASE TABLE'`,
    [from],
  );
  await admin.query('SET SESSION foreign_key_checks = 0');
  await admin.query(`USE \`${to}\``);
  for (const { name } of tables as { name: string }[]) {
    const [[created]] = (await admin.query(`SHOW CREATE TABLE \`${from}\`.\`${name}\``)) as [
      Record<string, string>[],
      unknown,
    ];
    await admin.query(created['Create Table']);
    await admin.query(`INSERT INTO \`${to}\`.\`${name}\` SELECT * FROM \`${from}\`.\`${name}\``);
  }
  // After the rows, so that copying them fires none: the search index's (api/src/modules/search).
  const [triggers] = await admin.query(
    'SELECT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = ?',
    [from],
  );
  for (const { name } of triggers as { name: string }[]) {
    const [[created]] = (await admin.query(`SHOW CREATE TRIGGER \`${from}\`.\`${name}\``)) as [
      Record<string, string>[],
      unknown,
    ];
    await admin.query(created['SQL Original Statement']);
  }
  if ((tables as { name: string }[]).some(({ name }) => name === 'typeorm_metadata'))
    await admin.query('UPDATE typeorm_metadata SET `schema` = ? WHERE `schema` = ?', [to, from]);
}

/**
 * The databases a suite runs on, for suites whose assertions touch SQL that MariaDB and SQLite
 * answer differently (writes under concurrency and locks, collations and letter case, search,
 * migrations, dates and time zones, JSON, big numbers, the drivers' own errors): SQLite always;
 * MySQL when `MYSQL_URL` is set (CI sets it). In CI a missing `MYSQL_URL` is an error rather
 * than a silent skip. `TEST_DATABASE=sqlite` or `=mysql` keeps one of the two.
 */
export function testDatabases(): TestDatabase[] {
  const url = process.env.MYSQL_URL;
  const only = process.env.TEST_DATABASE;
  if (only !== undefined && only !== 'sqlite' && only !== 'mysql')
    throw new Error(`TEST_DATABASE must be sqlite or mysql, not "${only}".`);
  if (!url && only === 'mysql') throw new Error('TEST_DATABASE=mysql needs MYSQL_URL.');
  if (!url && process.env.CI && only !== 'sqlite')
    throw new Error('MYSQL_URL must be set in CI so the MySQL suites run.');
  const all = url ? [sqlite, mysql(url)] : [sqlite];
  return only ? all.filter((db) => db.name === only) : all;
}

/**
 * The database of a suite whose assertions cannot come out differently by database (settings,
 * headers, files, documents, single writes read back): SQLite, or MySQL alone when
 * `TEST_DATABASE=mysql` asks for it, so that a run by hand can still check them there. A second
 * run on MariaDB would prove nothing the first did not. docs/ci.md lists each suite's databases
 * and why; a suite unsure of its SQL uses testDatabases().
 */
export function oneDatabase(): TestDatabase[] {
  return testDatabases().slice(0, 1);
}

/**
 * `describe` for the tests of a file that open no database, beside others that run on each: CI
 * runs each database's suites in a jest process of its own (`TEST_DATABASE`), and these run in
 * the SQLite one, as the files that never call testDatabases() do (jest.config.cjs). The MySQL
 * run lists them as skipped rather than running the same thing a second time.
 */
export const describeWithoutDatabase: typeof describe =
  process.env.TEST_DATABASE === 'mysql' ? describe.skip : describe;
