import { expect, test } from '@playwright/test';

// The admin remote against the production build. Flows that need the admin API (login, the
// tabs, bulk actions, exports) join this file when that API is on main.

test('the guard sends a visitor of /admin to the login screen', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('the login screen requires a password and links back to the site', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Site' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-remote="storefront"]')).toBeVisible();
});
