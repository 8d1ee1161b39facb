import { expect, test } from '@playwright/test';
import { launchOptionsResolving } from './utils/browser.js';
import { startSite, type RunningSite } from './utils/site.js';

/**
 * A site with no Stripe key whose PUBLIC_URL is a public address: the test payment provider must
 * not stand in there, so checkout is closed and the cart says why.
 */
let site: RunningSite;
const PUBLIC_HOST = 'shop.example.com';

// The browser visits the site at its PUBLIC_URL (resolved to loopback): the cross-site check
// accepts only that origin.
test.use({ launchOptions: launchOptionsResolving(PUBLIC_HOST) });

test.beforeAll(async () => {
  site = await startSite({ TRUST_PROXY: '1' }, PUBLIC_HOST);
});

test.afterAll(async () => {
  await site?.stop();
});

test("shows 'Payments are not set up yet.' in the cart when no payment provider is set up", async ({
  page,
}) => {
  await page.goto(`${site.url}/`);
  const card = page.locator('article', { has: page.getByRole('button', { name: 'Add to Cart' }) });
  await card.getByLabel('Size').selectOption('M');
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const answer = page.waitForResponse('**/api/create-checkout-session');
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  expect((await answer).status()).toBe(503);
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
    'Payments are not set up yet.',
  );
  await expect(page).toHaveURL(`${site.url}/`);
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});
