import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD } from './utils/site.js';

// The dashboard on a 390 px wide phone: every tab in sight and the header within the screen.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone every tab and the overview stay in sight, and the header fits', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();

  const bar = page.getByRole('tablist', { name: 'Sections' });
  await expect(bar.getByRole('tab', { name: 'Shows' })).toHaveAttribute('aria-selected', 'true');
  for (const name of [
    'Shows',
    'Orders',
    'Products',
    'Sales',
    'Notify Me',
    'Newsletter',
    'Contact',
    'Emails',
    'Fans',
    'Page',
    'Photos',
  ]) {
    const tab = bar.getByRole('tab', { name });
    await expect(tab).toBeInViewport({ ratio: 1 });
    await expect(tab).toHaveText(name);
  }
  await expect(page.getByRole('link', { name: 'Back to Site' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
  const header = page.locator('header');
  expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  if (process.env.E2E_SCREENSHOT) await page.screenshot({ path: process.env.E2E_SCREENSHOT });

  await bar.getByRole('tab', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=contact$/);
  await expect(bar.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true');

  const overview = page.getByRole('navigation', { name: 'Overview' });
  await expect(overview.getByRole('link')).toHaveCount(4);
  await overview.getByRole('link', { name: /Orders to ship/ }).click();
  await expect(page).toHaveURL(/\/admin\?tab=orders&status=pending$/);
  await expect(bar.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
});
