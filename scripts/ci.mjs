// The test command (`npm test`): runs every check in stages, prints each stage's duration as
// `== stage (N s)` and a table at the end, and exits non-zero when any stage fails. Stages in one
// group run side by side (one mostly waits on a database while the other uses the CPU).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = ['npx', '--no-install'];
const nx = (...args) => [...npx, 'nx', ...args, '--output-style=static'];

const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  NX_TUI: 'false',
  // The trial build stage compiles the trials' scripts once for both trials.
  TRIAL_BUILT: '1',
};

/** Groups run one after another; the stages of a group run together. */
const groups = [
  [
    {
      name: 'lint',
      commands: [
        [...npx, 'eslint', '.'],
        [...npx, 'prettier', '--check', '.'],
      ],
    },
    // The build first builds @artist/contracts, which the type checks and suites import.
    { name: 'build', commands: [nx('run-many', '-t', 'build')] },
  ],
  [
    {
      name: 'typecheck',
      commands: [nx('run-many', '-t', 'typecheck', '--exclude-task-dependencies')],
    },
  ],
  [
    {
      name: process.env.MYSQL_URL ? 'API suites (SQLite and MySQL)' : 'API suites (SQLite)',
      commands: [nx('run', '@artist/api:test', '--exclude-task-dependencies')],
    },
    {
      name: 'front-end unit suites',
      commands: [
        nx(
          'run-many',
          '-t',
          'test',
          '-p',
          'shell',
          'storefront',
          'admin',
          '--parallel=1',
          '--exclude-task-dependencies',
        ),
      ],
    },
  ],
  // The trials' scripts compiled once (the API and contracts were built in the first group),
  // then both trials side by side: each mostly waits, on retries or on a restarted server.
  [{ name: 'trial build', commands: [[...npx, 'tsc', '-p', 'api/tsconfig.trial.json']] }],
  [
    { name: 'webhook trial', commands: [['node', 'scripts/trial-webhooks.mjs']] },
    { name: 'mail trial', commands: [['node', 'scripts/trial-mail.mjs']] },
  ],
  [{ name: 'browser tests', commands: [['npm', 'run', 'e2e']] }],
];

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(signal ? 1 : code));
  });
}

async function runStage(stage) {
  const start = Date.now();
  console.log(`\n== ${stage.name} (started)`);
  let ok = true;
  for (const command of stage.commands) {
    if ((await run(command)) !== 0) {
      ok = false;
      break;
    }
  }
  const seconds = Math.round((Date.now() - start) / 1000);
  console.log(`\n== ${stage.name} (${seconds} s)${ok ? '' : ' FAILED'}`);
  return { name: stage.name, seconds, ok };
}

const started = Date.now();
const results = [];
for (const group of groups) {
  const done = await Promise.all(group.map(runStage));
  results.push(...done);
  if (done.some((r) => !r.ok)) break;
}
const total = Math.round((Date.now() - started) / 1000);

const width = Math.max(...results.map((r) => r.name.length), 'total'.length);
console.log('\n== Stage timings');
for (const r of results) {
  console.log(
    `${r.name.padEnd(width)}  ${String(r.seconds).padStart(5)} s  ${r.ok ? 'ok' : 'FAILED'}`,
  );
}
console.log(`${'total'.padEnd(width)}  ${String(total).padStart(5)} s`);
const failed = results.filter((r) => !r.ok);
if (failed.length > 0) {
  console.log(`\nFailed: ${failed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
