import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './utils/browser.js';
import { ROOT } from './utils/site.js';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(ROOT, 'test-results'),
  // Two files at a time, each worker against a site of its own (utils/test.ts): a browser test
  // mostly waits (on the page, the server, an animation), so two of them fill each other's waits.
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // A failed test runs once more, with its trace recorded (below), and the run fails all the
  // same: a test that passes only on its second try is reported flaky and fails it.
  retries: 1,
  failOnFlakyTests: true,
  // The longest tests (axe over every admin tab, the page-and-photos walk) take about 30 s on
  // an idle two-core machine; a busy one can take three times that, and a slower machine of the
  // same kind, with the rest of `npm test` beside it, took over 2 minutes (docs/ci.md).
  timeout: 240_000,
  // A wrong page fails at the first assertion that sees it; on a busy machine a right one can
  // take longer than Playwright's default 5 s to appear (the admin remote loading, a build's
  // first request): a dialog's save was still waiting for its answer after 15 s on that slower
  // machine, so assertions wait up to 30 s.
  expect: { timeout: 30_000 },
  reporter: 'list',
  // A failed test's second run records its trace (every action, with the page's DOM before and
  // after it), kept beside the page snapshot Playwright writes at each failure. Recorded for every
  // test, passed or not, the trace cost a tenth of the stage's CPU, and its screencast (a JPEG of
  // the page many times a second) a quarter more (docs/ci.md), which stays off.
  use: { launchOptions, trace: { mode: 'on-first-retry', screenshots: false } },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    // The composed-site checks run once; the visitor flows also run on a phone.
    {
      name: 'phone',
      testMatch: /(storefront|checkout)\.spec\.ts$/,
      use: { ...devices['Pixel 7'], launchOptions },
    },
  ],
});
