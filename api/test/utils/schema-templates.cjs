// jest's globalSetup and globalTeardown (jest.config.cjs). The migrations run once per jest run,
// into a template database of each kind, and every suite's server starts on a copy
// (`create({ migrated: true })` in databases.ts, which makes the template on first use). This
// names the run, so that its templates are its own, and drops them at the end.
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
  process.env.ARTIST_TEST_RUN = randomBytes(6).toString('hex');
}

async function teardown() {
  const run = process.env.ARTIST_TEST_RUN;
  if (!run) return;
  const { sqlite, mysql } = templates(run);
  rmSync(sqlite, { force: true });
  if (process.env.MYSQL_URL) {
    const { createConnection } = require('mysql2/promise');
    const admin = await createConnection(process.env.MYSQL_URL);
    await admin.query(`DROP DATABASE IF EXISTS \`${mysql}\``);
    await admin.end();
  }
}

module.exports = { setup, teardown };
