// The test command (`npm test`): runs every check in stages, prints each stage's duration as
// `== stage (N s)` and a table at the end with each stage's budget (docs/ci.md, "Budgets"), and
// exits non-zero when any stage fails or takes longer than its budget. Stages in one group run
// side by side (those that mostly wait, on a database, a page or a retry, beside those that use
// the CPU).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBudgets } from './budgets.mjs';
import { checkPageWeight } from './page-weight.mjs';
import { processCpu } from './proc-cpu.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = ['npx', '--no-install'];
// TypeScript 7's compiler (docs/ci.md, "TypeScript 7 checks and emits").
const TSC = 'node_modules/@typescript/native/bin/tsc';
const workspace = (name, script, ...args) => [
  'npm',
  'run',
  '--silent',
  script,
  '-w',
  name,
  ...(args.length ? ['--', ...args] : []),
];
const budgets = readBudgets();

/**
 * Seconds this machine takes for a 10^9-iteration loop, timed once before anything else runs:
 * printed beside the run's CPU seconds, so that runs on machines of other speeds compare.
 */
function loopSeconds() {
  const start = process.hrtime.bigint();
  for (let i = 0; i < 1e9; i++);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/**
 * Seconds this machine takes to build and keep 2,000,000 small objects, timed after the loop: a
 * machine slow at memory-heavy work (module loading, jsdom, the bundler) ran the loop as fast as
 * another and took twice its CPU seconds, which the loop alone does not show.
 */
function allocationSeconds() {
  const start = process.hrtime.bigint();
  const kept = new Array(2_000_000);
  for (let i = 0; i < kept.length; i++) kept[i] = { i, text: `item ${i}` };
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (kept[kept.length - 1].i !== kept.length - 1) throw new Error('The objects were not kept.');
  return seconds;
}
const loop = loopSeconds();
const allocation = allocationSeconds();
const speed =
  `runs a 10^9-iteration loop in ${loop.toFixed(2)} s ` +
  `and builds 2,000,000 small objects in ${allocation.toFixed(2)} s`;
console.log(`== this machine ${speed}`);
const started = Date.now();

const env = {
  ...process.env,
  // The build stage compiles the trials' scripts once for every trial.
  TRIAL_BUILT: '1',
  // The build stage compiles the API once; the suites that run its commands use that build.
  API_BUILT: '1',
};

// The API suites, cut into parts by their files' times, each part a jest process running its
// files one after another in one jest file (api/test/utils/part-run.ts), each file on both
// databases: the app's modules load once for the part, not once per file and database. Their
// files mostly wait (on the database, on the servers they start), and the other lanes fill those
// waits. Two files at a time in one process starved the CPU-bound tests under load and made the
// whole run longer (docs/ci.md).
const API_PARTS = 6;
// One run name for every part, so that the parts share one pair of migrated template databases:
// the first part to start makes them, the others copy from them, and they are dropped once the
// run is over (api/test/utils/schema-templates.cjs).
const apiRun = { ARTIST_TEST_RUN: randomBytes(6).toString('hex'), ARTIST_TEST_RUN_SHARED: '1' };
const apiParts = Array.from({ length: API_PARTS }, (_, i) => ({
  name: `API suites (${i + 1}/${API_PARTS})`,
  budget: 'API suites, a part',
  env: { ...apiRun, API_PART: `${i + 1}/${API_PARTS}` },
  commands: [workspace('@artist/api', 'test', '-c', 'jest.part.config.cjs')],
}));

/**
 * Groups run one after another. A group's lanes run side by side; a lane is one stage or a list of
 * stages run in turn; a stage's commands run in turn, or side by side when grouped in an array of
 * their own. A group's queue holds stages that any lane may run: `width` of them start with the
 * group, and a lane that ends while stages wait runs the next, as long as fewer than `width` run.
 */
const groups = [
  {
    lanes: [
      {
        name: 'lint',
        // Side by side: none needs another's result.
        commands: [
          [
            [...npx, 'eslint', '.'],
            [...npx, 'prettier', '--check', '.'],
            ['node', 'scripts/check-imports.mjs'],
          ],
        ],
      },
      // The contracts first: the API and the front ends import them. Then the four builds at once.
      // The API and the trials' scripts are emitted without checking their types (`--noCheck`,
      // the same files): the typecheck stage checks them all, src, test and scripts, once.
      {
        name: 'build',
        commands: [
          workspace('@artist/contracts', 'build'),
          [
            workspace('@artist/api', 'build', '--noCheck'),
            workspace('@artist/shell', 'build'),
            workspace('@artist/storefront', 'build'),
            workspace('@artist/admin', 'build'),
            // The trials' scripts, compiled once for every trial.
            ['node', TSC, '-p', 'api/tsconfig.trial.json', '--noCheck'],
          ],
        ],
      },
    ],
  },
  // Everything that needs the build starts at once. The API suites wait on their databases and
  // the servers they start, the browser tests on the page, the trials on retries, a killed
  // sender's lease and restarted servers; jsdom and typecheck compute. Together they keep both
  // cores busy to the end, where a group per kind of work waited on its slowest lane while the
  // CPU idled (docs/ci.md, "One group after the build"). Two of the API suites' parts start with
  // the group; the trials' lanes, which end after a few minutes of mostly waiting, and then any
  // lane that ends, take the parts still waiting, four at a time at most.
  {
    lanes: [
      { name: 'browser tests', commands: [['npm', 'run', 'e2e']], explain: pageSnapshots },
      // The three front ends' suites side by side: each runs its files one at a time, the admin's
      // in one jest file, so that antd and React load once (docs/ci.md, "Test files in one
      // registry").
      {
        name: 'front-end unit suites',
        commands: [
          [
            workspace('@artist/shell', 'test'),
            workspace('@artist/storefront', 'test'),
            workspace('@artist/admin', 'test', '-c', '../scripts/jest.web.together.cjs'),
          ],
        ],
      },
      [
        { name: 'mail trial', commands: [['node', 'scripts/trial-mail.mjs']] },
        {
          name: 'typecheck',
          commands: ['@artist/api', '@artist/shell', '@artist/storefront', '@artist/admin'].map(
            (name) => workspace(name, 'typecheck'),
          ),
        },
        { name: 'webhook trial', commands: [['node', 'scripts/trial-webhooks.mjs']] },
        { name: 'JavaScript budget', run: checkPageWeight },
        // Three instances behind nginx on MariaDB (only where both are: .ci/run installs them).
        { name: 'cluster trial', commands: [['node', 'scripts/trial-cluster.mjs']] },
      ],
      { name: 'campaign trial', commands: [['node', 'scripts/trial-campaign.mjs']] },
    ],
    queue: apiParts,
    startWith: 2,
    width: 4,
  },
];

/**
 * The last lines a stage printed, kept so that a failed stage's own words are repeated just above
 * the closing table: stages run side by side, and a log read from its end would otherwise show
 * only whichever stage printed last.
 */
class Tail {
  static LINES = 40;
  lines = [];
  partial = '';

  /** Passes a chunk of output on to `out` and keeps its last lines. */
  write(chunk, out) {
    out.write(chunk);
    const parts = (this.partial + chunk.toString()).split('\n');
    this.partial = parts.pop();
    this.lines.push(...parts);
    if (this.lines.length > Tail.LINES) this.lines.splice(0, this.lines.length - Tail.LINES);
  }

  text() {
    return [...this.lines, this.partial].filter((line) => line !== '').join('\n');
  }
}

/**
 * What the page showed when each failed browser test stopped: the accessibility snapshot
 * Playwright writes beside the test's trace (`error-context.md`), its first lines each.
 */
function pageSnapshots() {
  const results = path.join(ROOT, 'test-results');
  if (!fs.existsSync(results)) return '';
  return fs
    .readdirSync(results)
    .map((dir) => path.join(results, dir, 'error-context.md'))
    .filter((file) => fs.existsSync(file))
    .map((file) => {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      return `-- ${path.relative(ROOT, file)}\n${lines.slice(0, 50).join('\n')}`;
    })
    .join('\n');
}

/**
 * Runs a command through `cpu-time.mjs`, which reports on a pipe the CPU seconds the command and
 * its waited-for children used; resolves to its exit code and those seconds.
 */
function run(command, stageEnv, tail) {
  return new Promise((resolve) => {
    const child = spawn('node', [path.join(ROOT, 'scripts/cpu-time.mjs'), ...command], {
      cwd: ROOT,
      env: { ...env, ...stageEnv },
      stdio: ['inherit', 'pipe', 'pipe', 'pipe'],
    });
    let cpu = '';
    child.stdout.on('data', (chunk) => tail.write(chunk, process.stdout));
    child.stderr.on('data', (chunk) => tail.write(chunk, process.stderr));
    child.stdio[3].on('data', (chunk) => (cpu += chunk));
    child.on('error', () => resolve({ code: 1, cpu: 0 }));
    child.on('close', (code, signal) =>
      resolve({ code: signal ? 1 : code, cpu: Number(cpu) || 0 }),
    );
  });
}

/** A command, or an array of commands run side by side: code 0 when every one succeeded. */
async function runStep(step, stageEnv, tail) {
  const runs = Array.isArray(step[0])
    ? await Promise.all(step.map((command) => run(command, stageEnv, tail)))
    : [await run(step, stageEnv, tail)];
  return {
    code: runs.every((r) => r.code === 0) ? 0 : 1,
    cpu: runs.reduce((sum, r) => sum + r.cpu, 0),
  };
}

/**
 * CPU seconds the MariaDB servers here have used since they started (.ci/run starts one for the
 * tests beside the machine's own), or undefined where none runs: the API suites' and trials'
 * database work, which no stage's own CPU includes.
 */
function databaseCpuSeconds() {
  let total;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const { name, own } = processCpu(Number(pid));
      if (name === 'mariadbd' || name === 'mysqld') total = (total ?? 0) + own;
    } catch {
      // The process ended while the list was read.
    }
  }
  return total;
}

async function runStage(stage) {
  const start = Date.now();
  console.log(`\n== ${stage.name} (started at ${Math.round((start - started) / 1000)} s)`);
  let failed = false;
  let figure;
  let cpu;
  const tail = new Tail();
  if (stage.run) {
    // A measuring stage: it fails when it cannot measure, and is over budget when its figure is.
    try {
      figure = await stage.run();
    } catch (error) {
      console.error(error);
      failed = true;
    }
  } else {
    cpu = 0;
    for (const step of stage.commands) {
      const result = await runStep(step, stage.env ?? {}, tail);
      cpu += result.cpu;
      if (result.code !== 0) {
        failed = true;
        break;
      }
    }
  }
  const seconds = Math.round((Date.now() - start) / 1000);
  const budget = budgets.get(stage.budget ?? stage.name)?.seconds;
  const overTime = !failed && budget !== undefined && seconds > budget;
  const verdict = failed
    ? ' FAILED'
    : overTime
      ? ` OVER BUDGET (budget ${budget} s)`
      : figure && !figure.ok
        ? ` OVER BUDGET (${figure.value}, budget ${figure.budget})`
        : '';
  const cpuNote = cpu === undefined ? '' : `, ${Math.round(cpu)} s CPU`;
  console.log(`\n== ${stage.name} (${seconds} s${cpuNote})${verdict}`);
  return {
    name: stage.name,
    seconds,
    cpu,
    budget,
    failed,
    overTime,
    figure,
    tail,
    explain: stage.explain,
  };
}

/**
 * Runs a group: its lanes side by side, and its queue's stages as described above `groups`. The
 * results come in the order the group names its stages; after a failure no waiting stage starts.
 */
async function runGroup({ lanes, queue = [], startWith = 0, width = 0 }) {
  const waiting = [...queue];
  const results = new Map();
  let running = 0;
  const failed = () => [...results.values()].some((r) => r.failed);
  /** Queue runners started beside a lane's, once queued stages have begun to end. */
  const extra = [];
  async function takeFromQueue() {
    while (waiting.length > 0 && running < width && !failed()) {
      const stage = waiting.shift();
      running += 1;
      results.set(stage, await runStage(stage));
      running -= 1;
      // A queued stage that ends takes the next and, while fewer than `width` run, starts one
      // more beside it: by then the group's first, heaviest minutes are over.
      if (waiting.length > 1 && running + 1 < width) extra.push(takeFromQueue());
    }
  }
  await Promise.all([
    ...Array.from({ length: startWith }, takeFromQueue),
    ...lanes.map(async (lane) => {
      const stages = Array.isArray(lane) ? lane : [lane];
      for (const stage of stages) {
        results.set(stage, await runStage(stage));
        if (results.get(stage).failed) return;
      }
      await takeFromQueue();
    }),
  ]);
  while (extra.length > 0) await extra.shift();
  return [...lanes.flat(), ...queue]
    .filter((stage) => results.has(stage))
    .map((stage) => results.get(stage));
}

const databaseCpuAtStart = databaseCpuSeconds();
const results = [];
for (const group of groups) {
  const done = await runGroup(group);
  results.push(...done);
  // A failed stage stops the run; one over its budget lets the rest run, then fails it.
  if (done.some((r) => r.failed)) break;
}
// The API parts' shared templates, whichever part made them.
spawnSync('node', ['api/test/utils/schema-templates.cjs', 'drop'], {
  cwd: ROOT,
  env: { ...env, ...apiRun },
  stdio: 'inherit',
});
const total = Math.round((Date.now() - started) / 1000);
const totalBudget = budgets.get('total')?.seconds;
const databaseCpu =
  databaseCpuAtStart === undefined ? undefined : databaseCpuSeconds() - databaseCpuAtStart;
results.push({
  name: 'total',
  seconds: total,
  cpu: results.reduce((sum, r) => sum + (r.cpu ?? 0), 0) + (databaseCpu ?? 0),
  budget: totalBudget,
  overTime: totalBudget !== undefined && total > totalBudget,
});

for (const r of results.filter((r) => r.failed)) {
  const explanation = r.explain?.() ?? '';
  if (explanation) console.log(`\n== What the page showed in ${r.name}\n${explanation}`);
  if (r.tail?.text()) console.log(`\n== Last lines of ${r.name}\n${r.tail.text()}`);
}

const figures = results.filter((r) => r.figure);
const width = Math.max(
  ...results.map((r) => r.name.length),
  ...figures.map((r) => r.figure.name.length),
);
const row = (name, value, budget, cpu, verdict) =>
  console.log(
    `${name.padEnd(width)}  ${value.padStart(9)}  ${budget.padStart(9)}  ${cpu.padStart(7)}  ${verdict}`,
  );
const seconds = (value) => (value === undefined ? '' : `${Math.round(value)} s`);
console.log('\n== Stage timings (budgets: docs/ci.md; CPU: the stage and its child processes)');
row('stage', 'time', 'budget', 'CPU', '');
for (const r of results) {
  const verdict = r.failed ? 'FAILED' : r.overTime ? 'OVER BUDGET' : 'ok';
  row(r.name, seconds(r.seconds), seconds(r.budget), seconds(r.cpu), verdict);
}
if (databaseCpu !== undefined) row('(MariaDB server)', '', '', seconds(databaseCpu), '');
for (const { figure } of figures) {
  row(figure.name, figure.value, figure.budget, '', figure.ok ? 'ok' : 'OVER BUDGET');
}
const cpuTotal = results.find((r) => r.name === 'total').cpu;
console.log(
  `\n== ${Math.round(cpuTotal)} CPU seconds in all (the stages and the MariaDB server), on a ` +
    `machine that ${speed}`,
);

const problems = [
  ...results.filter((r) => r.failed).map((r) => `Failed: ${r.name}`),
  ...results
    .filter((r) => r.overTime)
    .map((r) => `Over budget: ${r.name} took ${r.seconds} s, its budget is ${r.budget} s`),
  ...figures
    .filter((r) => !r.figure.ok)
    .map(
      ({ name, figure }) =>
        `Over budget: ${name}: ${figure.name} is ${figure.value}, its budget is ${figure.budget}`,
    ),
];
if (problems.length > 0) {
  console.log(`\n${problems.join('\n')}`);
  process.exit(1);
}
