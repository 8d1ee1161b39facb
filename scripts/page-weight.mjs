// The JavaScript the public page `/` loads, in gzip bytes (level 9, as `npm run bench:web`
// counts it), against its budget in docs/ci.md. It starts the built site as `npm start` does,
// opens `/` in Debian's Chromium, waits until the network has been quiet, and weighs every
// script the page fetched: the shell, the storefront's remote and the shared libraries alike,
// wherever Module Federation chose to load them from.
//   node scripts/page-weight.mjs   (after `npm run build`; `npm test` runs it as a stage)
import { chromium } from '@playwright/test';
import { readBudgets } from './budgets.mjs';
import { gzipBytes, startSite } from './site.mjs';

export const FIGURE = 'JavaScript for /';

/** Gzip KiB of the scripts `/` loads, and the scripts themselves, largest first. */
export async function pageJavaScript() {
  const site = await startSite();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${site.url}/`, { waitUntil: 'networkidle', timeout: 120_000 });
    // The sections below the hero mount in a transition after the first paint: wait for the
    // last of them, then for the network to settle again.
    await page.locator('footer').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const files = [];
    for (const url of new Set(scripts)) {
      const { Script } = await gzipBytes([{ url, resourceType: 'Script' }]);
      files.push({ path: new URL(url).pathname, kib: Script / 1024 });
    }
    files.sort((a, b) => b.kib - a.kib);
    return { kib: files.reduce((sum, file) => sum + file.kib, 0), files };
  } finally {
    await browser.close();
    await site.stop();
  }
}

/** Measures `/`, prints each script and the total against the budget; true when within it. */
export async function checkPageWeight() {
  const budget = readBudgets().get(FIGURE)?.kib;
  if (budget === undefined) throw new Error(`docs/ci.md has no budget for "${FIGURE}"`);
  const { kib, files } = await pageJavaScript();
  for (const file of files) console.log(`  ${file.kib.toFixed(1).padStart(6)} KiB  ${file.path}`);
  const ok = kib <= budget;
  console.log(
    `${FIGURE}: ${kib.toFixed(1)} KiB gzip in ${files.length} files, budget ${budget} KiB${ok ? '' : ' — OVER BUDGET'}`,
  );
  return { name: FIGURE, ok, value: `${kib.toFixed(1)} KiB`, budget: `${budget} KiB` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await checkPageWeight();
  process.exit(ok ? 0 : 1);
}
