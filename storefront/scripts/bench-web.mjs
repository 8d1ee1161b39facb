// `npm run bench:web`: builds the production site, starts it as `npm start` does on a fresh
// database, runs Lighthouse (mobile preset) five times on `/` with Debian's Chromium, and prints
// the median scores, LCP, TBT, CLS and the gzip bytes of JavaScript, CSS and images.
//   --no-build   measure the existing build    --runs=N   number of Lighthouse runs (default 5)
//   --save=FILE  keep the last run's full Lighthouse report as JSON
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { readBudgets } from '../../scripts/budgets.mjs';
import { gzipBytes, ROOT as root, startSite } from '../../scripts/site.mjs';

const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 5);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
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

if (!args.includes('--no-build')) {
  console.log('Building the production site…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const site = await startSite();
const results = [];
let requests = [];
try {
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
    try {
      const { lhr } = await lighthouse(`${site.url}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
      const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
      const value = (id) => lhr.audits[id].numericValue ?? NaN;
      requests = lhr.audits['network-requests'].details?.items ?? requests;
      const run = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
      };
      results.push(run);
      const save = args.find((a) => a.startsWith('--save='))?.split('=')[1];
      if (save) writeFileSync(save, JSON.stringify(lhr));
      console.log(
        `run ${i + 1}/${runs}: perf ${run.performance}, a11y ${run.accessibility}, bp ${run['best-practices']}, seo ${run.seo}, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`,
      );
      for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
        const failing = lhr.categories[id].auditRefs
          .map((ref) => lhr.audits[ref.id])
          .filter(
            (a) =>
              a.score !== null &&
              a.score < 1 &&
              a.scoreDisplayMode !== 'informative' &&
              a.scoreDisplayMode !== 'notApplicable' &&
              a.scoreDisplayMode !== 'manual',
          );
        if (i === 0 && failing.length && id !== 'performance') {
          console.log(`  ${id} audits below full marks: ${failing.map((a) => a.id).join(', ')}`);
        }
      }
    } finally {
      chrome.kill();
    }
  }
  const bytes = await gzipBytes(requests);
  const adminRequests = requests.filter((r) =>
    new URL(r.url).pathname.startsWith('/remotes/admin/'),
  );
  const summary = Object.fromEntries(
    Object.keys(results[0]).map((key) => [key, median(results.map((r) => r[key]))]),
  );
  const kib = (n) => (n / 1024).toFixed(1);
  const mark = (ok) => (ok ? 'meets target' : 'MISSES target');
  console.log(`\nMedian of ${runs} Lighthouse runs (mobile preset) on ${site.url}/`);
  for (const key of ['performance', 'accessibility', 'best-practices', 'seo']) {
    console.log(
      `  ${key.padEnd(15)} ${String(summary[key]).padStart(6)}   ${mark(summary[key] >= TARGETS[key])} (≥ ${TARGETS[key]})`,
    );
  }
  console.log(
    `  ${'LCP'.padEnd(15)} ${`${(summary.lcpMs / 1000).toFixed(2)} s`.padStart(6)}   ${mark(summary.lcpMs <= TARGETS.lcpMs)} (≤ 2.0 s)`,
  );
  console.log(
    `  ${'TBT'.padEnd(15)} ${`${Math.round(summary.tbtMs)} ms`.padStart(6)}   ${mark(summary.tbtMs <= TARGETS.tbtMs)} (≤ 150 ms)`,
  );
  console.log(
    `  ${'CLS'.padEnd(15)} ${summary.cls.toFixed(3).padStart(6)}   ${mark(summary.cls <= TARGETS.cls)} (≤ 0.02)`,
  );
  console.log(
    `  ${'JS (gzip)'.padEnd(15)} ${`${kib(bytes.Script)} KiB`.padStart(6)}   ${mark(bytes.Script / 1024 <= TARGETS.jsKiB)} (≤ ${TARGETS.jsKiB} KiB)`,
  );
  console.log(`  ${'CSS (gzip)'.padEnd(15)} ${`${kib(bytes.Stylesheet)} KiB`.padStart(6)}`);
  console.log(`  ${'Images'.padEnd(15)} ${`${kib(bytes.Image)} KiB`.padStart(6)}`);
  console.log(
    `  ${'Admin code'.padEnd(15)} ${`${adminRequests.length} files`.padStart(6)}   ${mark(adminRequests.length === 0)} (none)`,
  );
} finally {
  await site.stop();
}
