import { test as base } from '@playwright/test';
import { startSite, type RunningSite } from './site.js';

/**
 * `test` for the files that share a site: each worker starts one (`npm start`'s own command, on a
 * fresh database) for all the files it runs, and every test's `baseURL` is that site. Two workers
 * then run two files at once, each against a site no other file is writing to at the same time.
 * The files that need a site of another configuration start their own (`startSite`).
 *
 * A file whose checks count its own data alone (the admin areas: "Responded (1)", "Showing 1-50
 * of 101") names a site of its own at its top: `test.use({ siteName: 'admin-orders' })`.
 * `siteName` is a worker option, and Playwright runs a file that sets a worker fixture in a
 * worker of its own (a worker's fixtures are fixed for its life: the worker hash covers every
 * worker fixture's registration, and `test.use` at a file's top registers one), so that file gets
 * a fresh site of its own, which no other file ever writes to. When the file is done, the next
 * file needs another worker, and so another site.
 */
export const test = base.extend<object, { siteName: string; sharedSite: RunningSite }>({
  siteName: ['shared', { scope: 'worker', option: true }],
  sharedSite: [
    // `siteName` only names the site in an error: a file that sets it gets a worker of its own
    // whether or not a fixture reads it (see above).
    async ({ siteName }, use) => {
      const site = await startSite({
        // Every visitor here is 127.0.0.1 and the admin tests post hundreds of forms: the
        // per-address limits are proven by api/test/rate-limits.e2e-spec.ts and limits.spec.ts.
        FORM_RATE_LIMIT: '100000',
        CHECKOUT_RATE_LIMIT: '100000',
      }).catch((error: unknown) => {
        throw new Error(`The '${siteName}' site did not start`, { cause: error });
      });
      await use(site);
      await site.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ sharedSite }, use) => use(sharedSite.url),
});

export { expect } from '@playwright/test';
