// The JavaScript the public page `/` loads, against its budget in docs/ci.md, counted as
// Lighthouse counts it (and `npm run bench:web` prints it): it starts the built site as
// `npm start` does, runs Lighthouse's mobile preset on `/` (scripts/lighthouse.mjs), which loads
// the page until it is idle, and adds up the transfer bytes (compressed body and headers, as they
// travelled) of every script the page loaded before then: the shell, the storefront's remote and
// the shared libraries alike, wherever Module Federation chose to load them from. Any file of the
// admin remote among them fails it too.
//   node scripts/page-weight.mjs   (after `npm run build`; `npm test` runs it as a stage)
import { readBudgets } from './budgets.mjs';
import { adminScripts, runLighthouse, transferred } from './lighthouse.mjs';
import { startSite } from './site.mjs';

export const FIGURE = 'JavaScript for /';

/** Transfer KiB of the scripts `/` loads, and the scripts themselves, largest first. */
export async function pageJavaScript() {
  const site = await startSite();
  try {
    const lhr = await runLighthouse(`${site.url}/`, { audits: ['network-requests'] });
    const { bytes, scripts } = transferred(lhr);
    return {
      kib: bytes.Script / 1024,
      files: scripts.map(({ url, bytes: b }) => ({ path: new URL(url).pathname, kib: b / 1024 })),
      admin: adminScripts(scripts).map(({ url }) => new URL(url).pathname),
    };
  } finally {
    await site.stop();
  }
}

/** Measures `/`, prints each script and the total against the budget; true when within it. */
export async function checkPageWeight() {
  const budget = readBudgets().get(FIGURE)?.kib;
  if (budget === undefined) throw new Error(`docs/ci.md has no budget for "${FIGURE}"`);
  const { kib, files, admin } = await pageJavaScript();
  for (const file of files) console.log(`  ${file.kib.toFixed(1).padStart(6)} KiB  ${file.path}`);
  const ok = kib <= budget && admin.length === 0;
  console.log(
    `${FIGURE}: ${kib.toFixed(1)} KiB transferred in ${files.length} files, budget ${budget} KiB${kib <= budget ? '' : ' — OVER BUDGET'}`,
  );
  if (admin.length) console.log(`Admin code loaded on /: ${admin.join(', ')} — none may be`);
  return { name: FIGURE, ok, value: `${kib.toFixed(1)} KiB`, budget: `${budget} KiB` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await checkPageWeight();
  process.exit(ok ? 0 : 1);
}
