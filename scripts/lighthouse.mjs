// Lighthouse on a page with Debian's Chromium, as `npm run bench:web` and the JavaScript budget
// stage of `npm test` (scripts/page-weight.mjs) run it: the mobile preset (a mid-range phone,
// simulated slow 4G, the CPU slowed four times), and the figures both read from its report.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One Lighthouse run on `url` in a fresh Chromium; returns its report (`lhr`).
 * @param {string} url
 * @param {{ categories?: string[], audits?: string[] }} [options] `audits` runs only those
 *   audits (quicker: the page still loads until it is idle, as for a full run)
 */
export async function runLighthouse(url, { categories, audits } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ...(audits ? { onlyAudits: audits } : { onlyCategories: categories }),
    });
    if (!result) throw new Error(`Lighthouse gave no report for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    return lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * What the page loaded, as Lighthouse counts it: every request it saw until the page was idle,
 * by kind, in transfer bytes (compressed body and headers, as they travelled), each URL once.
 * @param {any} lhr a Lighthouse report that ran the `network-requests` audit
 * @returns {{ bytes: Record<string, number>, scripts: { url: string, bytes: number }[] }}
 */
export function transferred(lhr) {
  const items = lhr.audits['network-requests']?.details?.items;
  if (!items) throw new Error('The Lighthouse report has no network requests');
  const bytes = { Script: 0, Stylesheet: 0, Image: 0, Document: 0, Fetch: 0 };
  const scripts = [];
  const seen = new Set();
  for (const { url, resourceType, transferSize } of items) {
    if (seen.has(url) || !url.startsWith('http')) continue;
    seen.add(url);
    bytes[resourceType] = (bytes[resourceType] ?? 0) + (transferSize ?? 0);
    if (resourceType === 'Script') scripts.push({ url, bytes: transferSize ?? 0 });
  }
  scripts.sort((a, b) => b.bytes - a.bytes);
  return { bytes, scripts };
}

/** The admin remote's files among what a page loaded (the public page must load none). */
export function adminScripts(scripts) {
  return scripts.filter(({ url }) => new URL(url).pathname.startsWith('/remotes/admin/'));
}
