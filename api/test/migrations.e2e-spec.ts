import { DataSource } from 'typeorm';
import { migrations } from '../src/database/migrations/index.js';
import { testDatabases } from './utils/databases.js';
import { startTestApp, type TestApp } from './utils/test-app.js';

describe.each(testDatabases())('migrations on $name', (db) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(db);
  });

  afterAll(async () => {
    await t.close();
  });

  it('undoes every migration with down() and applies them again, matching the entities', async () => {
    const dataSource = t.app.get(DataSource);
    for (let i = 0; i < migrations.length; i++) await dataSource.undoLastMigration();
    const runner = dataSource.createQueryRunner();
    try {
      for (const table of ['shows', 'users', 'sessions', 'orders', 'email_signups']) {
        expect([table, await runner.hasTable(table)]).toEqual([table, false]);
      }
    } finally {
      await runner.release();
    }
    await dataSource.runMigrations();
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
