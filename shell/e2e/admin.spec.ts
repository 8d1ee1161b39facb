import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from './utils/site.js';

// The admin remote against the production build, the real API and a fresh database. The tests
// run in order and build on each other's data.
test.describe.configure({ mode: 'serial' });

async function logIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('tab', { name: 'Shows' })).toBeVisible();
}

const dialog = (page: Page) => page.getByRole('dialog');

test('the guard sends a visitor of /admin to the login screen', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('the login screen requires a password and links back to the site', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Site' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-remote="storefront"]')).toBeVisible();
});

test('a wrong password shows the server message; the right one opens the dashboard', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin$/);
});

test('a published show created in the dashboard is served to the public page', async ({ page }) => {
  await logIn(page);
  await page.getByRole('button', { name: 'Create Show' }).click();
  await dialog(page).getByLabel('Venue').fill('The Station Inn');
  await dialog(page).getByLabel('City').fill('Nashville, TN');
  await dialog(page).getByLabel('Date').fill('2099-05-01');
  await dialog(page).getByLabel('Time').fill('8:00 PM');
  await dialog(page).getByLabel('Status').click();
  await page.locator('.ant-select-item-option', { hasText: 'Published' }).click();
  await dialog(page).getByRole('button', { name: 'Create Show' }).click();
  await expect(page.getByText('Show created successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /The Station Inn/ })).toContainText('Published');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^shows-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString()).toContain('The Station Inn');

  // The public page lists what /api/shows serves (its shows section is still being built).
  const publicShows = (await (await page.request.get('/api/shows')).json()) as { venue: string }[];
  expect(publicShows.map((s) => s.venue)).toContain('The Station Inn');
});

test('manual orders: in person is fulfilled with no shipping, online is pending with $5.00', async ({
  page,
}) => {
  await logIn(page);
  await page.getByRole('tab', { name: 'Orders' }).click();

  await page.getByRole('button', { name: 'Create Order' }).click();
  await dialog(page).getByLabel('Show Location').fill('The Station Inn');
  await expect(dialog(page).getByTestId('order-total')).toContainText('Total$25.00');
  await dialog(page).getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Order created successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Create Order' }).click();
  await dialog(page).getByText('Online').click();
  await dialog(page).getByLabel('Customer Name').fill('Loretta Fan');
  await dialog(page).getByLabel('Email').fill('loretta@example.com');
  await dialog(page).getByLabel('Shipping Address').fill('1 Main St, Austin TX 78701');
  await expect(dialog(page).getByTestId('order-total')).toContainText('Total$30.00');
  await dialog(page).getByRole('button', { name: 'Create Order' }).click();
  // The first order's toast may still be leaving.
  await expect(page.getByText('Order created successfully').last()).toBeVisible();

  const walkUp = page.getByRole('row', { name: /Walk-up Customer/ });
  await expect(walkUp).toContainText('$25.00');
  await expect(walkUp).toContainText('Fulfilled');
  const online = page.getByRole('row', { name: /Loretta Fan/ });
  await expect(online).toContainText('$30.00');
  await expect(online).toContainText('Pending');

  await online.getByRole('button', { name: 'Manage' }).click();
  await dialog(page).getByLabel('Tracking Number').fill('1Z999AA10123456784');
  await dialog(page).getByRole('button', { name: 'Mark as Fulfilled' }).click();
  await expect(page.getByText('Order marked as fulfilled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fulfilled (2)' })).toBeVisible();
});

test('newsletter: no selection is refused, then the selected signup is marked contacted', async ({
  page,
}) => {
  await page.goto('/');
  for (const email of ['patsy@example.com', 'hank@example.com']) {
    const status = await page.evaluate(
      (email) =>
        fetch('/api/email-signup', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email }),
        }).then((r) => r.status),
      email,
    );
    expect(status).toBeLessThan(300);
  }
  await logIn(page);
  await page.getByRole('tab', { name: 'Newsletter' }).click();
  await expect(page.getByText('patsy@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Mark 0 as Contacted' }).click();
  await expect(page.getByText('No selection')).toBeVisible();
  await page.getByLabel('Select patsy@example.com').check();
  await page.getByRole('button', { name: 'Mark 1 as Contacted' }).click();
  await expect(page.getByText('Marked 1 signup as contacted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contacted (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Pending (1)' }).click();
  await expect(page).toHaveURL(/tab=newsletter&status=pending/);
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
});

test('the contact dialog drafts a reply and changes the status', async ({ page }) => {
  await page.goto('/');
  const status = await page.evaluate(() =>
    fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'June',
        lastName: 'Carter',
        email: 'june@example.com',
        subject: 'booking',
        message: 'Can you play our barn dance?',
      }),
    }).then((r) => r.status),
  );
  expect(status).toBeLessThan(300);
  await logIn(page);
  await page.getByRole('tab', { name: 'Contact' }).click();
  await page.getByRole('button', { name: 'View message from June Carter' }).click();
  await expect(dialog(page).getByText('Can you play our barn dance?')).toBeVisible();
  await expect(dialog(page).getByRole('link', { name: 'Reply via Email' })).toHaveAttribute(
    'href',
    'mailto:june@example.com?subject=Re%3A%20Booking%20Inquiry',
  );
  await dialog(page).getByLabel('Status').click();
  await page.locator('.ant-select-item-option', { hasText: 'Responded' }).click();
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('button', { name: 'Responded (1)' })).toBeVisible();
});

test('notify me: more than 100 requests are refused; the CSV holds the rows on screen', async ({
  page,
}) => {
  await page.goto('/');
  const statuses = await page.evaluate(() =>
    Promise.all(
      Array.from({ length: 101 }, (_, i) =>
        fetch('/api/notify-me', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `fan${i}@example.com`, productName: 'Trucker Hat' }),
        }).then((r) => r.status),
      ),
    ),
  );
  expect(statuses.every((s) => s < 300)).toBe(true);
  await logIn(page);
  await page.getByRole('tab', { name: 'Notify Me' }).click();
  await expect(page.getByText('Showing 1-50 of 101')).toBeVisible();
  for (const next of ['Showing 51-100 of 101', 'Showing 101-101 of 101']) {
    await page.getByRole('checkbox', { name: 'Select all' }).first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(next)).toBeVisible();
  }
  await page.getByRole('checkbox', { name: 'Select all' }).first().check();
  await page.getByRole('button', { name: 'Mark 101 as Notified' }).click();
  await expect(page.getByText('Too many selections')).toBeVisible();
  await expect(
    page.getByText(
      'Please select up to 100 requests at a time. Use filters to process larger batches.',
    ),
  ).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('fan1');
  await expect(page.getByText('Showing 1-12 of 12')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^notify-me-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Buffer.concat(await (await file.createReadStream()).toArray()).toString();
  expect(csv.trim().split(/\r?\n/)).toHaveLength(1 + 12);
});

test('axe finds no accessibility violations on the login screen and each tab', async ({ page }) => {
  // antd's fixed-header tables render a hidden, zero-height copy of the header row to measure
  // column widths; it is aria-hidden yet keeps a copy of the "Select all" checkbox focusable.
  // That copy is antd's internal markup (docs/admin.md lists it as a known gap), so it is left
  // out of the scan; everything the artist sees is scanned.
  const scan = async () =>
    (await new AxeBuilder({ page }).exclude('.ant-table-measure-row').analyze()).violations;
  await page.goto('/admin/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(await scan()).toEqual([]);
  await logIn(page);
  for (const tab of ['Shows', 'Orders', 'Notify Me', 'Newsletter', 'Contact']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/Showing \d+-\d+ of \d+|No /).first()).toBeVisible();
    expect(await scan(), tab).toEqual([]);
  }
});

test('logout returns to the login screen', async ({ page }) => {
  await logIn(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
