import { startSite as startBuiltSite, type RunningSite } from '../../../scripts/site.mjs';

export { ROOT, type RunningSite } from '../../../scripts/site.mjs';
export const ADMIN_PASSWORD = 'e2e-admin-password';

/**
 * Starts the built site the way `npm start` does (scripts/site.mjs: a free port, a fresh SQLite
 * database), with the artist's password `ADMIN_PASSWORD` and the given environment; `stop()` ends
 * it by its PID. With `publicHost`, PUBLIC_URL is that host on the site's port, and `url` is that
 * address (the browser must resolve the host to loopback: `launchOptionsResolving` in browser.ts).
 */
export const startSite = (
  env: Record<string, string> = {},
  publicHost?: string,
): Promise<RunningSite> => startBuiltSite({ ADMIN_PASSWORD, ...env }, { publicHost });
