import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { AppConfig } from '../src/config/env.js';
import { browser, loggedIn } from './utils/admin.js';
import { buildApi, cleanEnv, projectRoot, runNode } from './utils/built.js';
import { describeWithoutDatabase, testDatabases } from './utils/databases.js';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './utils/test-app.js';

const command = path.join(projectRoot, 'api/dist/cli/reset-admin-password.js');
const urlOf = (database: AppConfig['database']) =>
  database.type === 'sqlite' ? `sqlite:${database.file}` : database.url;

let settingsDir: string;
/** A settings file naming the database, as a deployment's `.env` does; the environment does not. */
function envFile(lines: Record<string, string>): string {
  const file = path.join(settingsDir, `${Math.random().toString(36).slice(2)}.env`);
  writeFileSync(
    file,
    Object.entries(lines)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
  return file;
}

beforeAll(() => {
  buildApi();
  settingsDir = mkdtempSync(path.join(tmpdir(), 'artist-settings-'));
}, 180_000);

afterAll(() => rmSync(settingsDir, { recursive: true, force: true }));

describe.each(testDatabases())('npm run admin:reset-password on $name', (db) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(db);
  });

  afterAll(async () => {
    await t.close();
  });

  it('sets the password of the database named in the settings file and ends its sessions', async () => {
    const agent = await loggedIn(t);
    const ENV_FILE = envFile({ DATABASE_URL: urlOf(t.config.database) });
    const run = await runNode(command, { ENV_FILE }, 'a-new-password-typed\n');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /The admin password of the database at .+ is set\. 1 session was ended/,
    );
    expect(run.stdout).not.toContain('a-new-password-typed');
    expect((await agent.get('/api/admin/session')).body).toEqual({ authenticated: false });
    await browser(t).post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(401);
    await browser(t)
      .post('/api/admin/login')
      .send({ password: 'a-new-password-typed' })
      .expect(200);
  });

  it('does not echo the password typed at a terminal', async () => {
    const ENV_FILE = envFile({ DATABASE_URL: urlOf(t.config.database) });
    // `script` runs the command on a pseudo-terminal, as when the artist types in a shell.
    const child = spawn('script', ['-qec', `${process.execPath} ${command}`, '/dev/null'], {
      cwd: projectRoot,
      env: cleanEnv({ ENV_FILE }),
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('New admin password: ') && !output.includes('typed')) {
        output += '(typed)';
        child.stdin.write('typed-at-a-terminal\r');
      }
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    // The terminal's whole output beside the code, so a failure shows what the command said.
    expect({ code, output }).toEqual({ code: 0, output: expect.stringMatching(/is set\./) });
    expect(output).not.toContain('typed-at-a-terminal');
    await browser(t).post('/api/admin/login').send({ password: 'typed-at-a-terminal' }).expect(200);
  });

  it('takes ADMIN_PASSWORD from the environment over the settings file', async () => {
    const ENV_FILE = envFile({
      DATABASE_URL: urlOf(t.config.database),
      ADMIN_PASSWORD: 'from-the-file-1',
    });
    const run = await runNode(command, { ENV_FILE, ADMIN_PASSWORD: 'from-the-environment' });
    expect(run.code).toBe(0);
    await request(t.server)
      .post('/api/admin/login')
      .set('Origin', t.config.publicUrl)
      .send({ password: 'from-the-environment' })
      .expect(200);
  });

  it('refuses, changing nothing, a database without an admin account', async () => {
    const empty = await db.create();
    // An empty SQLite file: a database the site has never started on.
    if (empty.database.type === 'sqlite') writeFileSync(empty.database.file, '');
    try {
      const ENV_FILE = envFile({ DATABASE_URL: urlOf(empty.database) });
      const run = await runNode(command, { ENV_FILE, ADMIN_PASSWORD: 'whatever-password' });
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/This database has no admin account: start the site once/);
      expect(run.stdout).toBe('');
    } finally {
      await empty.drop();
    }
  });

  it('refuses a password shorter than 8 characters', async () => {
    const ENV_FILE = envFile({ DATABASE_URL: urlOf(t.config.database) });
    const run = await runNode(command, { ENV_FILE }, 'short\n');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/at least 8 characters/);
  });
});

describeWithoutDatabase('npm run admin:reset-password without a database', () => {
  it('says the database cannot be reached when the server is down', async () => {
    const ENV_FILE = envFile({ DATABASE_URL: 'mysql://root:secret-pw@127.0.0.1:9/artist' });
    const run = await runNode(command, { ENV_FILE, ADMIN_PASSWORD: 'whatever-password' });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/Cannot reach the database at 127\.0\.0\.1:9\/artist/);
    expect(run.stderr).not.toContain('secret-pw');
  });

  it('says so when the SQLite file does not exist, and creates none', async () => {
    const file = path.join(settingsDir, 'missing', 'site.sqlite');
    const ENV_FILE = envFile({ DATABASE_URL: `sqlite:${file}` });
    const run = await runNode(command, { ENV_FILE, ADMIN_PASSWORD: 'whatever-password' });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`Cannot reach the database: no SQLite file at ${file}`);
  });

  it('names a missing settings file', async () => {
    const run = await runNode(command, { ENV_FILE: path.join(settingsDir, 'nope.env') });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/ENV_FILE: no settings file at/);
  });
});
