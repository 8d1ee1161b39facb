import { test as base } from '@playwright/test';
import { startSite, type RunningSite } from './site.js';

/**
 * `test` for the files that share a site: each worker starts one (`npm start`'s own command, on a
 * fresh database) for all the files it runs, and every test's `baseURL` is that site. Two workers
 * then run two files at once, each against a site no other file is writing to at the same time.
 * The files that need a site of another configuration start their own (`startSite`).
 */
export const test = base.extend<object, { sharedSite: RunningSite }>({
  sharedSite: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSite({
        // Every visitor here is 127.0.0.1 and the admin tests post hundreds of forms: the
        // per-address limits are proven by api/test/rate-limits.e2e-spec.ts and limits.spec.ts.
        FORM_RATE_LIMIT: '100000',
        CHECKOUT_RATE_LIMIT: '100000',
      });
      await use(site);
      await site.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ sharedSite }, use) => use(sharedSite.url),
});

export { expect } from '@playwright/test';
