// jest's globalSetup and globalTeardown (jest.config.cjs). The migrations run once per jest run,
// into a template database of each kind, and every suite's server starts on a copy
// (`create({ migrated: true })` in databases.ts, which makes the template on first use). This
// names the run, so that its templates are its own, and drops them at the end.
const { spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

/** The run's templates: a SQLite file and a MySQL database (databases.ts names them alike). */
const templates = (run) => ({
  sqlite: path.join(tmpdir(), `artist-template-${run}.sqlite`),
  mysql: `artist_template_${run}`,
});

async function setup() {
  const run = randomBytes(6).toString('hex');
  process.env.ARTIST_TEST_RUN = run;
  // With the API built (`npm test`), the templates are migrated here, where jest sets no time
  // limit, rather than in the first suite's beforeAll under its 30 s: on a loaded machine the
  // thirty-odd migrations on MariaDB came close to that. Run by hand, the first suite makes them.
  if (process.env.API_BUILT === '1') makeTemplates(run);
}

/** Migrates this run's templates with the built API, for the databases this jest run tests. */
function makeTemplates(run) {
  const { sqlite, mysql } = templates(run);
  const only = process.env.TEST_DATABASE;
  const mysqlUrl = only !== 'sqlite' ? process.env.MYSQL_URL : undefined;
  const script = `
    import { renameSync } from 'node:fs';
    import { createConnection } from 'mysql2/promise';
    import { dataSourceOptions, openDatabase } from './dist/database/data-source.js';
    import { entities } from './dist/entities.js';
    const migrate = async (database) =>
      (await openDatabase(dataSourceOptions(database, entities))).destroy();
    const [sqlite, mysql, mysqlUrl, withSqlite] = process.argv.slice(1);
    if (withSqlite === 'yes') {
      await migrate({ type: 'sqlite', file: sqlite + '.partial' });
      renameSync(sqlite + '.partial', sqlite);
    }
    if (mysqlUrl) {
      const admin = await createConnection(mysqlUrl);
      await admin.query(
        'CREATE DATABASE \`' + mysql + '\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
      );
      await admin.end();
      const url = new URL(mysqlUrl);
      url.pathname = '/' + mysql;
      await migrate({ type: 'mysql', url: url.toString() });
    }
  `;
  const made = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      script,
      sqlite,
      mysql,
      mysqlUrl ?? '',
      only === 'mysql' ? 'no' : 'yes',
    ],
    { cwd: path.join(__dirname, '..', '..'), stdio: 'inherit' },
  );
  if (made.status !== 0) throw new Error('The migrated template databases could not be made.');
}

async function teardown() {
  const run = process.env.ARTIST_TEST_RUN;
  if (!run) return;
  const { sqlite, mysql } = templates(run);
  rmSync(sqlite, { force: true });
  // The guard's lock file beside the template as it was migrated (makeTemplates).
  rmSync(`${sqlite}.partial.lock`, { force: true });
  if (process.env.MYSQL_URL) {
    const { createConnection } = require('mysql2/promise');
    const admin = await createConnection(process.env.MYSQL_URL);
    await admin.query(`DROP DATABASE IF EXISTS \`${mysql}\``);
    await admin.end();
  }
}

module.exports = { setup, teardown };
