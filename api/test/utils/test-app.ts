import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { App } from 'supertest/types.js';
import { DataSource, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';
import { createApp } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/env.js';
import type { TestDatabase } from './databases.js';

export const TEST_ADMIN_PASSWORD = 'test-admin-password';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  server: App;
  close(): Promise<void>;
}

/**
 * The whole server on a fresh database, with environment overrides for the suite. The database
 * starts as a copy of the run's migrated template, so the server finds nothing to migrate.
 */
export async function startTestApp(
  db: TestDatabase,
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const { database, drop } = await db.create({ migrated: true });
  const t = await startTestAppOn(database, env, overrides);
  return {
    ...t,
    async close() {
      await t.close();
      await drop();
    },
  };
}

/** The app's repository of `entity`, for the rows a test arranges or reads behind the API. */
export function repositoryOf<T extends ObjectLiteral>(
  t: TestApp,
  entity: EntityTarget<T>,
): Repository<T> {
  return t.app.get(DataSource).getRepository(entity);
}

/** Deletes every row of each of `entities`, in the order given, so a test counts from zero. */
export async function clearTables(
  t: TestApp,
  entities: EntityTarget<ObjectLiteral>[],
): Promise<void> {
  for (const entity of entities) await repositoryOf(t, entity).clear();
}

/**
 * The server of a `describe`: started before its tests and closed after them. The handle is
 * filled in when the suite starts, so the tests' closures may name it from the outset.
 */
export function testAppOfSuite(
  db: TestDatabase,
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await startTestApp(db, env, overrides));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/**
 * The whole server on a database that outlives it (as across a restart). Unless the suite names
 * its storage, the app gets an uploads folder of its own: the sweep removes the gallery files
 * its database does not name, which must never be those of the project's own `data/uploads`.
 */
export async function startTestAppOn(
  database: AppConfig['database'],
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const uploads =
    env.UPLOADS_DIR || env.STORAGE_URL ? null : mkdtempSync(path.join(tmpdir(), 'artist-uploads-'));
  const config: AppConfig = {
    ...loadConfig(
      {
        LOG_LEVEL: 'silent',
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        ...(uploads && { UPLOADS_DIR: uploads }),
        ...env,
      },
      process.cwd(),
    ),
    database,
    // The project's own data folder is never written: a suite that tests the kept session
    // secret names a file of its own.
    sessionSecretFile: undefined,
    ...overrides,
  };
  const app = await createApp(config);
  await app.init();
  return {
    app,
    config,
    server: app.getHttpServer() as App,
    async close() {
      await app.close();
      if (uploads) rmSync(uploads, { recursive: true, force: true });
    },
  };
}
