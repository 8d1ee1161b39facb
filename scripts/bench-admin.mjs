// `npm run bench:admin`: seeds the database of a production build with 50,000 newsletter signups,
// logs in to the dashboard in Chromium, opens the newsletter tab and prints the time to the first
// rows after the list has arrived, to a search result and to a filter change (the median of
// several searches and filter changes). Runs on a fresh SQLite database; run `npm run build`
// first so the build is current.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import Database from 'better-sqlite3';

const ROWS = 50_000;
const TARGETS = { firstRows: 1000, search: 100, filter: 100 };
const PASSWORD = 'bench-admin-password';
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
  const databaseFile = path.join(dataDir, 'site.sqlite');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `sqlite:${databaseFile}`,
      ADMIN_PASSWORD: PASSWORD,
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
  return { url, databaseFile, stop };
}

/** Writes the signups straight into the site's database (its migrations have run by now). */
function seedSignups(databaseFile) {
  const db = new Database(databaseFile);
  try {
    const insert = db.prepare(
      'INSERT INTO email_signups (email, contacted, contactedAt, createdAt) VALUES (?, ?, ?, ?)',
    );
    const start = Date.UTC(2024, 0, 1);
    const stamp = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
    db.transaction(() => {
      for (let i = 0; i < ROWS; i++) {
        const createdAt = start + i * 60_000;
        const contacted = i % 5 === 0;
        insert.run(
          `fan${i + 1}@example.com`,
          String(contacted),
          contacted ? stamp(createdAt + 86_400_000) : null,
          stamp(createdAt),
        );
      }
    })();
  } finally {
    db.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/* global document, HTMLInputElement, MutationObserver, requestAnimationFrame -- the callbacks run in the page */
// Changes the page in the browser and waits until the 'Showing x-y of n' line has changed on screen.
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
    // Checked before each frame; once the change is in the page, the time is taken after that
    // frame has been laid out and painted (a task queued from its animation frame callback).
    await new Promise((resolve) => {
      const check = () =>
        status() !== before ? setTimeout(resolve, 0) : requestAnimationFrame(check);
      requestAnimationFrame(check);
    });
    return performance.now() - t0;
  }, action);

const site = await startSite();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  seedSignups(site.databaseFile);
  const page = await browser.newPage();
  await page.goto(`${site.url}/admin/login`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Shows' }).waitFor();

  // The first row's arrival, in the page's own clock, against the end of the list's response.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('.data-table .ant-table-row')) {
        window.__firstRowAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const fetched = Date.now();
  await page.getByRole('tab', { name: 'Newsletter' }).click();
  await page.getByText(`Showing 1-50 of ${ROWS}`).waitFor({ timeout: 60_000 });
  const { firstRows, listMs, listBytes } = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .findLast((e) => e.name.endsWith('/api/admin/email-signups'));
    return {
      firstRows: window.__firstRowAt - entry.responseEnd,
      listMs: entry.responseEnd - entry.startTime,
      listBytes: entry.encodedBodySize,
    };
  });
  const opened = Date.now() - fetched;

  const searches = [];
  for (const value of ['fan4999', 'fan123', 'fan77', 'fan2', 'example.com', 'nobody', '']) {
    searches.push(await timeChange(page, { type: 'search', value }));
  }
  const filters = [];
  for (const label of ['Contacted', 'Pending', 'All', 'Contacted', 'All']) {
    filters.push(await timeChange(page, { type: 'filter', label }));
  }

  const line = (name, ms, target, extra = '') =>
    `${name.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms  (target ≤ ${target} ms${ms <= target ? ', met' : ', NOT met'})${extra}`;
  const spread = (values) => `  [${values.map((v) => v.toFixed(0)).join(', ')}]`;
  console.log(`Newsletter tab with ${ROWS.toLocaleString('en-US')} signups in the database`);
  console.log(
    `The list: ${(listBytes / 1024).toFixed(0)} KiB over the wire in ${listMs.toFixed(0)} ms; tab open to all rows counted: ${opened} ms`,
  );
  console.log(line('First rows after the data', firstRows, TARGETS.firstRows));
  console.log(line('Search result (median)', median(searches), TARGETS.search, spread(searches)));
  console.log(line('Filter change (median)', median(filters), TARGETS.filter, spread(filters)));
} finally {
  await browser.close();
  await site.stop();
}
