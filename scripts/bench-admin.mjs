// `npm run bench:admin`: opens the newsletter tab of the production build in Chromium with 50,000
// signups and prints the time to the first rows, to a search result and to a filter change.
// The list is answered by the browser's request routing, so the figures are the dashboard's own
// (no database or network time); run `npm run build:web` first so the build is current.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROWS = 50_000;
const TARGETS = { firstRows: 1000, search: 100, filter: 100 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function startSite() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'artist-bench-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dataDir, 'site.sqlite')}`,
      ADMIN_PASSWORD: 'bench-admin-password',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`The site exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      process.kill(child.pid, 'SIGTERM');
    }).then(() => rmSync(dataDir, { recursive: true, force: true }));
  return { url, stop };
}

function signups() {
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: ROWS }, (_, i) => ({
    id: i + 1,
    email: `fan${i + 1}@example.com`,
    contacted: i % 5 === 0 ? 'true' : 'false',
    contactedAt: null,
    createdAt: new Date(start + i * 60_000).toISOString(),
  }));
}

/* global document, HTMLInputElement, requestAnimationFrame -- the callback runs in the page */
// Changes the page in the browser and waits for the 'Showing x-y of n' line to change.
const timeChange = (page, action) =>
  page.evaluate(async (action) => {
    const status = () => document.querySelector('.data-table [aria-live]')?.textContent;
    const before = status();
    const t0 = performance.now();
    if (action.type === 'search') {
      const input = document.querySelector('.data-table input[type="search"]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      setValue.call(input, action.value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    } else {
      const button = [...document.querySelectorAll('.data-table button')].find((b) =>
        b.textContent.startsWith(action.label),
      );
      button.click();
    }
    await new Promise((resolve) => {
      const check = () => (status() !== before ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - t0;
  }, action);

const site = await startSite();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const body = JSON.stringify(signups());
  const page = await browser.newPage();
  let dataAt = 0;
  await page.route('**/api/admin/session', (route) =>
    route.fulfill({ json: { authenticated: true } }),
  );
  await page.route('**/api/admin/email-signups', (route) => {
    dataAt = Date.now();
    return route.fulfill({ contentType: 'application/json', body });
  });
  await page.goto(`${site.url}/admin?tab=newsletter`);
  await page.locator('.ant-table-row').first().waitFor();
  const firstRows = Date.now() - dataAt;
  await page.getByText(`Showing 1-50 of ${ROWS}`).waitFor();
  const search = await timeChange(page, { type: 'search', value: 'fan4999' });
  const filter = await timeChange(page, { type: 'filter', label: 'Contacted' });

  const line = (name, ms, target) =>
    `${name.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms  (target ≤ ${target} ms${ms <= target ? ', met' : ', NOT met'})`;
  console.log(`Newsletter tab with ${ROWS.toLocaleString('en-US')} signups`);
  console.log(line('First rows after the data', firstRows, TARGETS.firstRows));
  console.log(line('Search result', search, TARGETS.search));
  console.log(line('Filter change', filter, TARGETS.filter));
} finally {
  await browser.close();
  await site.stop();
}
