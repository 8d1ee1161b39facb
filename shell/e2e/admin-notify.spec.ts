import { expect, test } from './utils/test.js';
import { post } from './utils/post.js';
import {
  postAtOnce,
  logIn,
  dialog,
  tick,
  column,
  expectCsvMatchesScreen,
  cells,
  expectSortCycle,
  STICKER_FANS,
} from './utils/admin.js';

// Notify-me requests in the dashboard, and the products' restock that emails the fans who asked,
// against the production build, the real API and a fresh database of this file's own (`siteName`,
// utils/test.ts): the counts it checks are those of its own data. The tests run in order and build
// on each other's data.
test.use({ siteName: 'admin-notify' });
test.describe.configure({ mode: 'serial' });

test('notify me: more than 100 requests are refused; the CSV holds the rows on screen', async ({
  page,
}) => {
  const statuses = await postAtOnce(
    page,
    '/api/notify-me',
    Array.from({ length: 101 }, (_, i) => ({
      email: `fan${i}@example.com`,
      productName: 'Trucker Hat',
    })),
  );
  expect(statuses.every((s) => s < 300)).toBe(true);
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Notify-me', exact: true })
    .click();
  await expect(page.getByText('Showing 1-50 of 101')).toBeVisible();
  for (const next of ['Showing 51-100 of 101', 'Showing 101-101 of 101']) {
    await tick(page.getByRole('checkbox', { name: 'Select all' }).first());
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(next)).toBeVisible();
  }
  await tick(page.getByRole('checkbox', { name: 'Select all' }).first());
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

test('notify me: bulk actions mark the selection and wait while nothing is selected', async ({
  page,
}) => {
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Notify-me', exact: true })
    .click();
  // Nothing selected: the button waits, and says why on hover.
  const none = page.getByRole('button', { name: 'Mark 0 as Notified' });
  await expect(none).toBeDisabled();
  await expect(none).toHaveAttribute('title', 'Please select requests to mark as notified.');
  await page.getByRole('searchbox', { name: 'Search' }).fill('fan7');
  await expect(page.getByText('Showing 1-11 of 11')).toBeVisible();
  await tick(page.getByLabel('Select fan7@example.com Trucker Hat'));
  await tick(page.getByLabel('Select fan70@example.com Trucker Hat'));
  await page.getByRole('button', { name: 'Mark 2 as Notified' }).click();
  await expect(page.getByText('Marked 2 requests as notified')).toBeVisible();
  await page.getByRole('button', { name: 'Notified (2)' }).click();
  await expect.poll(() => column(page, /fan\d+@example\.com/)).toHaveLength(2);
  expect((await column(page, /fan\d+@example\.com/)).sort()).toEqual([
    'fan70@example.com',
    'fan7@example.com',
  ]);
  const notified = await expectCsvMatchesScreen(page, 'notify-me', 'email');
  expect(notified.every((r) => r.notified === 'true')).toBe(true);
});

test('notify me: a Pending page survives a reload; email sorts and returns to newest first; Mark 1 as Notified moves the row; a filtered, searched CSV', async ({
  page,
}) => {
  await page.goto('/');
  for (const email of STICKER_FANS) {
    expect(await post(page, '/api/notify-me', { email, productName: 'Sticker Pack' })).toBe(201);
  }
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Notify-me', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'All (104)' })).toBeVisible();
  await page.getByRole('button', { name: 'Pending (102)' }).click();
  await expect(page.getByText('Showing 1-50 of 102')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 51-100 of 102')).toBeVisible();
  await expect(page).toHaveURL(/[?&]status=pending(&|$)/);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await page.reload();
  await expect(page.getByText('Showing 51-100 of 102')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pending (102)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(new Set(await cells(page, 'Status'))).toEqual(new Set(['Pending']));

  // The search finds the sticker packs by product and returns to the first page.
  await page.getByRole('searchbox', { name: 'Search' }).fill('sticker');
  await expect(page.getByText('Showing 1-3 of 3')).toBeVisible();
  await expect(page).not.toHaveURL(/page=/);
  const emails = () => cells(page, 'Email');
  await expectSortCycle(page, 'Email', {
    unsorted: ['americana@example.com', 'cajun@example.com', 'bluegrass@example.com'],
    ascending: ['americana@example.com', 'bluegrass@example.com', 'cajun@example.com'],
  });

  await tick(page.getByLabel('Select cajun@example.com Sticker Pack'));
  await page.getByRole('button', { name: 'Mark 1 as Notified' }).click();
  await expect(page.getByText('Marked 1 request as notified')).toBeVisible();
  await expect.poll(emails).toEqual(['americana@example.com', 'bluegrass@example.com']);
  // The filter buttons count the rows under the search: three sticker packs, one now notified.
  await expect(page.getByRole('button', { name: 'Notified (1)' })).toBeVisible();
  const records = await expectCsvMatchesScreen(page, 'notify-me', 'email');
  expect(records.map((r) => [r.productName, r.notified])).toEqual([
    ['Sticker Pack', 'false'],
    ['Sticker Pack', 'false'],
  ]);

  await page.getByRole('button', { name: 'All (3)' }).click();
  await expect
    .poll(emails)
    .toEqual(['americana@example.com', 'cajun@example.com', 'bluegrass@example.com']);
  expect(await cells(page, 'Status')).toEqual(['Pending', 'Notified', 'Pending']);
});

test('products: the artist changes a price and restocks the sold-out hat; the shop follows, and the fans who asked are emailed', async ({
  browser,
  page,
}) => {
  await page.goto('/');
  expect(
    await post(page, '/api/notify-me', { email: 'hatfan@example.com', productName: 'Trucker Hat' }),
  ).toBe(201);
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Products', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'Sold out (1)' })).toBeVisible();
  const hat = page.getByRole('row', { name: /Trucker Hat/ });
  await expect(hat).toContainText('0 sold out');

  // A new price for the T-shirt.
  await page.getByRole('button', { name: 'Edit Wren Calloway T-Shirt' }).click();
  await dialog(page).getByLabel('Price').fill('27.50');
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Wren Calloway T-Shirt/ })).toContainText('$27.50');

  // Three hats in the box.
  await hat.getByRole('button', { name: 'Stock of Trucker Hat' }).click();
  await dialog(page).getByLabel('One size: in stock').fill('3');
  await dialog(page).getByRole('button', { name: 'Save Stock' }).click();
  await expect(dialog(page)).toBeHidden();
  await page.getByRole('button', { name: 'All (2)' }).click();
  await expect(page.getByRole('row', { name: /Trucker Hat/ })).toContainText('3 left');

  // A visitor who never saw the old page: the hat can be bought, the shirt costs the new price.
  const visitor = await browser.newPage();
  await visitor.goto('/');
  const hatCard = visitor.locator('article', { hasText: 'Trucker Hat' });
  await expect(hatCard.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(hatCard).toContainText('Only 3 left');
  await expect(visitor.locator('article', { hasText: 'Wren Calloway T-Shirt' })).toContainText(
    '$27.50',
  );
  await visitor.close();

  // The fan who asked was emailed (held: this site has no SMTP server) and marked notified.
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Emails', exact: true })
    .click();
  await expect(page.getByRole('row', { name: /hatfan@example.com/ })).toContainText(
    'The Trucker Hat is back in stock',
  );

  // Back as it was for the tests that follow.
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Products', exact: true })
    .click();
  await page.getByRole('button', { name: 'Stock of Trucker Hat' }).click();
  await dialog(page).getByLabel('One size: in stock').fill('0');
  await dialog(page).getByRole('button', { name: 'Save Stock' }).click();
  await expect(dialog(page)).toBeHidden();
  await page.getByRole('button', { name: 'Edit Wren Calloway T-Shirt' }).click();
  await dialog(page).getByLabel('Price').fill('25');
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated successfully')).toBeVisible();
});
