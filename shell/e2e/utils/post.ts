import type { Page } from '@playwright/test';

/**
 * Posts JSON from the page, as the site's forms and the dashboard do: same origin, with the
 * session cookie once logged in (the admin API refuses writes from other origins). The status.
 */
export const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    ([path, body]) =>
      fetch(path as string, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status),
    [path, body] as const,
  );
