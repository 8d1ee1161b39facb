// The test command (`npm test`): runs every check in stages, prints each stage's duration as
// `== stage (N s)` and a table at the end, and exits non-zero when any stage fails. Stages in one
// group run side by side (those that mostly wait, on a database or a retry, beside those that use
// the CPU).
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

/**
 * Groups run one after another. A group's lanes run side by side; a lane is one stage or a list of
 * stages run in turn. Lanes are balanced so that a group lasts about as long as its longest lane.
 */
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
      name: process.env.MYSQL_URL ? 'API suites (SQLite and MySQL)' : 'API suites (SQLite)',
      commands: [nx('run', '@artist/api:test', '--exclude-task-dependencies')],
    },
    // The API suites take longest (they mostly wait on the databases), so the type checks and
    // the trials' compilation follow the front-end suites in the other lane.
    [
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
      {
        name: 'typecheck',
        commands: [nx('run-many', '-t', 'typecheck', '--exclude-task-dependencies')],
      },
      // The trials' scripts compiled once (the API and contracts were built in the first group).
      { name: 'trial build', commands: [[...npx, 'tsc', '-p', 'api/tsconfig.trial.json']] },
    ],
  ],
  // The trials mostly wait (on retries, on a restarted server), so they run beside the browser
  // tests, which use the CPU.
  [
    { name: 'browser tests', commands: [['npm', 'run', 'e2e']] },
    { name: 'webhook trial', commands: [['node', 'scripts/trial-webhooks.mjs']] },
    { name: 'mail trial', commands: [['node', 'scripts/trial-mail.mjs']] },
  ],
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
/** Runs a lane's stages in turn, stopping at the first that fails. */
async function runLane(lane) {
  const done = [];
  for (const stage of Array.isArray(lane) ? lane : [lane]) {
    const result = await runStage(stage);
    done.push(result);
    if (!result.ok) break;
  }
  return done;
}

for (const group of groups) {
  const done = (await Promise.all(group.map(runLane))).flat();
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
