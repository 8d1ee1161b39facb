// `npm run bench:web`: builds the production site, starts it as `npm start` does on a fresh
// database, runs Lighthouse (mobile preset, scripts/lighthouse.mjs) five times on `/` with
// Debian's Chromium, and prints the median scores, LCP, TBT, CLS, script evaluation
// ("bootup-time") and the transfer bytes of JavaScript, CSS and images as Lighthouse counts them.
//   --no-build        measure this checkout's existing build
//   --runs=N          number of Lighthouse runs of each build (default 5)
//   --save=FILE       keep the last run's full Lighthouse report of this build as JSON
//   --against=COMMIT  also build COMMIT in a temporary git worktree, start both sites, and run
//                     Lighthouse on them in turn (ABBA…, so neither always goes first on a machine
//                     whose load drifts), then print the two side by side with this build's
//                     figure as a share of the other's. The worktree shares this checkout's
//                     node_modules when COMMIT's package-lock.json pins nothing differently
//                     (otherwise it gets its own `npm install`), and is removed at the end.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { readBudgets } from '../../scripts/budgets.mjs';
import { adminScripts, runLighthouse, transferred } from '../../scripts/lighthouse.mjs';
import { ROOT as root, startSite } from '../../scripts/site.mjs';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
};
const runs = Number(option('runs') ?? 5);
const against = option('against');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = {
  performance: 99,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.02,
  // The same budget `npm test` holds the page to (docs/ci.md, "Budgets").
  jsKiB: readBudgets().get('JavaScript for /').kib,
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kib = (n) => (n / 1024).toFixed(1);
const git = (...gitArgs) => {
  const out = spawnSync('git', gitArgs, { cwd: root, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git ${gitArgs.join(' ')}: ${out.stderr}`);
  return out.stdout.trim();
};
const run = (command, commandArgs, cwd) => {
  // No Nx daemon left behind in a worktree that is removed at the end.
  const env = { ...process.env, NX_DAEMON: 'false' };
  const out = spawnSync(command, commandArgs, { cwd, stdio: 'inherit', env });
  if (out.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed in ${cwd}`);
};

/** Seconds this machine takes for a 10^9-iteration loop, printed beside the figures. */
function loopSeconds() {
  const start = process.hrtime.bigint();
  for (let i = 0; i < 1e9; i++);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** Whether every package `lockFile` pins is pinned at the same version in this checkout. */
function sameDependencies(lockFile) {
  const mine = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages;
  const theirs = JSON.parse(readFileSync(lockFile, 'utf8')).packages;
  return Object.entries(theirs).every(
    ([where, entry]) => where === '' || entry.link || mine[where]?.version === entry.version,
  );
}

/**
 * Gives the worktree at `dir` this checkout's installed packages: a `node_modules` of its own
 * whose entries link to this one's, except the workspaces (`@artist/*`, which must be the
 * worktree's own sources) and `.cache` (webpack's and Nx's caches stay apart).
 */
function linkDependencies(dir) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const workspaces = new Map(
    pkg.workspaces.map((ws) => [
      JSON.parse(readFileSync(path.join(dir, ws, 'package.json'), 'utf8')).name,
      ws,
    ]),
  );
  for (const from of ['', ...pkg.workspaces]) {
    const source = path.join(root, from, 'node_modules');
    if (!existsSync(source)) continue;
    const target = path.join(dir, from, 'node_modules');
    mkdirSync(target, { recursive: true });
    for (const entry of readdirSync(source)) {
      if (entry === '.cache') continue;
      if (entry.startsWith('@') && [...workspaces.keys()].some((n) => n.startsWith(`${entry}/`))) {
        mkdirSync(path.join(target, entry), { recursive: true });
        for (const scoped of readdirSync(path.join(source, entry))) {
          const ws = workspaces.get(`${entry}/${scoped}`);
          symlinkSync(
            ws ? path.join(dir, ws) : path.join(source, entry, scoped),
            path.join(target, entry, scoped),
          );
        }
        continue;
      }
      symlinkSync(path.join(source, entry), path.join(target, entry));
    }
  }
}

/** Checks `commit` out in a temporary worktree, installs and builds it; returns its folder. */
function buildOther(commit) {
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'bench-web-')), sha.slice(0, 10));
  git('worktree', 'add', '--detach', dir, sha);
  if (sameDependencies(path.join(dir, 'package-lock.json'))) {
    console.log(`${commit}: same dependencies as this checkout, linking its node_modules`);
    linkDependencies(dir);
  } else {
    console.log(`${commit}: other dependencies, installing them`);
    run('npm', ['install', '--no-audit', '--no-fund'], dir);
  }
  console.log(`Building ${commit} in ${dir}…`);
  run('npm', ['run', 'build', '--', '--skip-nx-cache'], dir);
  return dir;
}

/** Lighthouse runs on one site for one figure: a run whose trace it could not record is run again. */
const ATTEMPTS = 3;

/** One Lighthouse run on a site's `/`, reduced to the figures compared. */
async function measure(site) {
  let lhr;
  for (let attempt = 1; !lhr; attempt++) {
    try {
      lhr = await runLighthouse(`${site.url}/`, { categories: CATEGORIES });
    } catch (error) {
      // Lighthouse's own advice for a failed trace ("NO_NAVSTART", …): run it again.
      if (attempt === ATTEMPTS || !/run Lighthouse again/i.test(error.message)) throw error;
      console.log(`Lighthouse failed (${error.message}); running it again`);
    }
  }
  const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const value = (id) => lhr.audits[id].numericValue ?? NaN;
  const { bytes, scripts } = transferred(lhr);
  return {
    lhr,
    scripts,
    figures: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      tbtMs: value('total-blocking-time'),
      bootupMs: value('bootup-time'),
      lcpMs: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      js: bytes.Script,
      css: bytes.Stylesheet,
      images: bytes.Image,
    },
  };
}

const loop = loopSeconds();
let otherDir;
const builds = [{ label: 'this build', root }];
const sites = [];
try {
  if (!args.includes('--no-build')) {
    console.log('Building the production site…');
    run('npm', ['run', 'build'], root);
  }
  if (against) {
    otherDir = buildOther(against);
    builds.push({ label: against, root: otherDir });
  }
  for (const build of builds) {
    build.site = await startSite({}, { root: build.root });
    sites.push(build.site);
    build.results = [];
  }
  const save = option('save');
  for (let i = 0; i < runs; i++) {
    // A B, B A, A B …: each build goes first as often as the other.
    for (const build of i % 2 ? [...builds].reverse() : builds) {
      const { lhr, scripts, figures: f } = await measure(build.site);
      build.results.push(f);
      build.scripts = scripts;
      if (build.root === root && save) writeFileSync(save, JSON.stringify(lhr));
      console.log(
        `run ${i + 1}/${runs} ${build.label}: perf ${f.performance}, TBT ${Math.round(f.tbtMs)} ms, bootup ${Math.round(f.bootupMs)} ms, LCP ${Math.round(f.lcpMs)} ms, CLS ${f.cls.toFixed(3)}, JS ${kib(f.js)} KiB`,
      );
      if (i === 0 && build.root === root) {
        for (const id of CATEGORIES.filter((c) => c !== 'performance')) {
          const failing = lhr.categories[id].auditRefs
            .map((ref) => lhr.audits[ref.id])
            .filter(
              (a) =>
                a.score !== null &&
                a.score < 1 &&
                !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode),
            );
          if (failing.length) {
            console.log(`  ${id} audits below full marks: ${failing.map((a) => a.id).join(', ')}`);
          }
        }
      }
    }
  }

  const summaries = builds.map((b) =>
    Object.fromEntries(
      Object.keys(b.results[0]).map((key) => [key, median(b.results.map((r) => r[key]))]),
    ),
  );
  const summary = summaries[0];
  const mine = builds[0];
  const mark = (ok) => (ok ? 'meets target' : 'MISSES target');
  console.log(`\nThis build: median of ${runs} Lighthouse runs (mobile preset) on /`);
  for (const key of ['performance', 'accessibility', 'best-practices', 'seo']) {
    console.log(
      `  ${key.padEnd(15)} ${String(summary[key]).padStart(9)}   ${mark(summary[key] >= TARGETS[key])} (≥ ${TARGETS[key]})`,
    );
  }
  console.log(
    `  ${'LCP'.padEnd(15)} ${`${(summary.lcpMs / 1000).toFixed(2)} s`.padStart(9)}   ${mark(summary.lcpMs <= TARGETS.lcpMs)} (≤ 2.0 s)`,
  );
  console.log(
    `  ${'TBT'.padEnd(15)} ${`${Math.round(summary.tbtMs)} ms`.padStart(9)}   ${mark(summary.tbtMs <= TARGETS.tbtMs)} (≤ 150 ms)`,
  );
  console.log(
    `  ${'CLS'.padEnd(15)} ${summary.cls.toFixed(3).padStart(9)}   ${mark(summary.cls <= TARGETS.cls)} (≤ 0.02)`,
  );
  console.log(
    `  ${'JS'.padEnd(15)} ${`${kib(summary.js)} KiB`.padStart(9)}   ${mark(summary.js / 1024 <= TARGETS.jsKiB)} (≤ ${TARGETS.jsKiB} KiB transferred)`,
  );
  console.log(`  ${'CSS'.padEnd(15)} ${`${kib(summary.css)} KiB`.padStart(9)}`);
  console.log(`  ${'Images'.padEnd(15)} ${`${kib(summary.images)} KiB`.padStart(9)}`);
  const admin = adminScripts(mine.scripts);
  console.log(
    `  ${'Admin code'.padEnd(15)} ${`${admin.length} files`.padStart(9)}   ${mark(admin.length === 0)} (none)`,
  );
  console.log('  Scripts (transfer bytes, last run):');
  for (const s of mine.scripts) {
    console.log(`    ${kib(s.bytes).padStart(6)} KiB  ${new URL(s.url).pathname}`);
  }

  if (against) {
    const [now, then] = summaries;
    const rows = [
      ['TBT (ms)', 'tbtMs', (v) => Math.round(v), '≤ 50 %'],
      ['bootup-time (ms)', 'bootupMs', (v) => Math.round(v), '≤ 50 %'],
      ['LCP (ms)', 'lcpMs', (v) => Math.round(v), 'no worse'],
      ['CLS', 'cls', (v) => v.toFixed(3), '0'],
      ['performance', 'performance', (v) => v, ''],
      ['JS transfer (KiB)', 'js', (v) => kib(v), `≤ ${TARGETS.jsKiB} KiB`],
    ];
    const w = Math.max(12, against.length);
    console.log(
      `\nMedians of ${runs} alternating runs each (mobile preset); this machine runs a 10^9-iteration loop in ${loop.toFixed(2)} s, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `| ${'figure'.padEnd(18)} | ${against.padStart(w)} | ${'this build'.padStart(12)} | ${'this / old'.padStart(10)} | target   |`,
    );
    console.log(
      `| ${'-'.repeat(18)} | ${'-'.repeat(w)} | ${'-'.repeat(12)} | ${'-'.repeat(10)} | -------- |`,
    );
    for (const [name, key, format, target] of rows) {
      const ratio = then[key] ? `${Math.round((now[key] / then[key]) * 100)} %` : '';
      console.log(
        `| ${name.padEnd(18)} | ${String(format(then[key])).padStart(w)} | ${String(format(now[key])).padStart(12)} | ${ratio.padStart(10)} | ${target.padEnd(8)} |`,
      );
    }
    for (const [name, key] of rows.slice(0, 2)) {
      const all = (b) => b.results.map((r) => Math.round(r[key])).join(', ');
      console.log(`  ${name} each run: ${against} ${all(builds[1])}; this build ${all(mine)}`);
    }
  } else {
    console.log(`\nThis machine runs a 10^9-iteration loop in ${loop.toFixed(2)} s`);
  }
} finally {
  for (const site of sites) await site.stop().catch((error) => console.error(error));
  if (otherDir && !args.includes('--keep-worktree')) {
    git('worktree', 'remove', '--force', otherDir);
    rmSync(path.dirname(otherDir), { recursive: true, force: true });
  }
}
