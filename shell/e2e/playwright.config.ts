import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePortSync } from './utils/ports.js';
import { launchOptions } from './utils/browser.js';
import { ADMIN_PASSWORD, ROOT } from './utils/site.js';

// Worker processes load this file again: the runner picks the port and database once.
process.env.E2E_PORT ??= String(freePortSync());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'artist-e2e-main-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(ROOT, 'test-results'),
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // The longest tests (axe over every admin tab, the page-and-photos walk) take about 30 s on
  // an idle two-core machine; a busy one can take three times that.
  timeout: 120_000,
  // A wrong page fails at the first assertion that sees it; on a busy machine a right one can
  // take longer than Playwright's default 5 s to appear (the admin remote loading, a build's
  // first request), so assertions wait up to 15 s, as the jsdom suites' findBy do.
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: { baseURL, launchOptions, trace: 'retain-on-failure' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    // The composed-site checks run once; the visitor flows also run on a phone.
    {
      name: 'phone',
      testMatch: /(storefront|checkout)\.spec\.ts$/,
      use: { ...devices['Pixel 7'], launchOptions },
    },
  ],
  webServer: {
    // Exactly what `npm start` runs, on a fresh database.
    command: 'node --heap-growing-percent=20 scripts/start.mjs',
    cwd: ROOT,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      DATABASE_URL: `sqlite:${path.join(process.env.E2E_DATA_DIR, 'site.sqlite')}`,
      UPLOADS_DIR: path.join(process.env.E2E_DATA_DIR, 'uploads'),
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Every visitor here is 127.0.0.1 and the admin tests post hundreds of forms: the
      // per-address limits are proven by api/test/rate-limits.e2e-spec.ts and limits.spec.ts.
      FORM_RATE_LIMIT: '100000',
      CHECKOUT_RATE_LIMIT: '100000',
    },
  },
});
