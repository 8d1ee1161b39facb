// jest's globalSetup and globalTeardown (jest.config.cjs). The migrations run once per jest run,
// into a template database of each kind, and every suite's server starts on a copy
// (`create({ migrated: true })` in databases.ts, which makes the template on first use). This
// names the run, so that its templates are its own, and drops them at the end.
//
// `npm test` runs the API suites as several jest processes (its parts) and names one run for all
// of them (`ARTIST_TEST_RUN` with `ARTIST_TEST_RUN_SHARED=1`): the first part to start migrates
// the templates, the others find them made, and `npm test` drops them when every part is done
// (`node api/test/utils/schema-templates.cjs drop`). Each part migrating its own took 5 to 7 s of
// CPU and 20 to 40 s on MariaDB, six times over (docs/ci.md).
const { spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { readdirSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');

/** The run's templates: a SQLite file and a MySQL database (databases.ts names them alike). */
const templates = (run) => ({
  sqlite: path.join(tmpdir(), `artist-template-${run}.sqlite`),
  mysql: `artist_template_${run}`,
});

/** Whether the run, and so its templates, are shared with other jest processes (`npm test`). */
const shared = () => process.env.ARTIST_TEST_RUN_SHARED === '1' && !!process.env.ARTIST_TEST_RUN;

async function setup() {
  const run = shared() ? process.env.ARTIST_TEST_RUN : randomBytes(6).toString('hex');
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
    import { existsSync, renameSync } from 'node:fs';
    import { createConnection } from 'mysql2/promise';
    // The app's modules only when a template is missing: finding both made costs a connection.
    const migrate = async (database) => {
      const { dataSourceOptions, openDatabase } = await import('./dist/database/data-source.js');
      const { entities } = await import('./dist/entities.js');
      await (await openDatabase(dataSourceOptions(database, entities))).destroy();
    };
    const [sqlite, mysql, mysqlUrl, withSqlite] = process.argv.slice(1);
    // Under a lock on the MySQL server, when there is one: jest processes of one shared run that
    // start together make the templates once, and the others find them made. The SQLite file
    // lands by a rename, whole, whoever makes it.
    const admin = mysqlUrl ? await createConnection(mysqlUrl) : undefined;
    await admin?.query('SELECT GET_LOCK(?, 600)', [mysql]);
    try {
      if (withSqlite === 'yes' && !existsSync(sqlite)) {
        const partial = sqlite + '.' + process.pid + '.partial';
        await migrate({ type: 'sqlite', file: partial });
        renameSync(partial, sqlite);
      }
      if (admin) {
        const [found] = await admin.query(
          'SELECT schema_name FROM information_schema.schemata WHERE schema_name = ?',
          [mysql],
        );
        if (found.length === 0) {
          await admin.query(
            'CREATE DATABASE \`' + mysql + '\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
          );
          const url = new URL(mysqlUrl);
          url.pathname = '/' + mysql;
          await migrate({ type: 'mysql', url: url.toString() });
        }
      }
    } finally {
      await admin?.query('SELECT RELEASE_LOCK(?)', [mysql]);
      await admin?.end();
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
  // A shared run's templates outlive this jest process: `npm test` drops them at its end.
  if (shared()) return;
  await drop();
}

/** Drops the run's templates. */
async function drop() {
  const run = process.env.ARTIST_TEST_RUN;
  if (!run) return;
  const { sqlite, mysql } = templates(run);
  rmSync(sqlite, { force: true });
  // The guard's lock files beside the template as it was migrated (makeTemplates).
  for (const file of readdirSync(tmpdir()))
    if (file.startsWith(`artist-template-${run}.sqlite.`) && file.endsWith('.lock'))
      rmSync(path.join(tmpdir(), file), { force: true });
  if (process.env.MYSQL_URL) {
    const { createConnection } = require('mysql2/promise');
    const admin = await createConnection(process.env.MYSQL_URL);
    await admin.query(`DROP DATABASE IF EXISTS \`${mysql}\``);
    await admin.end();
  }
}

module.exports = { setup, teardown };

// `node api/test/utils/schema-templates.cjs drop`: `npm test` drops a shared run's templates.
if (require.main === module && process.argv[2] === 'drop') drop();
