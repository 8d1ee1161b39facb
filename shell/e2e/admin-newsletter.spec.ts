import { expect, test } from './utils/test.js';
import { post } from './utils/post.js';
import {
  postAtOnce,
  logIn,
  tick,
  screenRows,
  column,
  expectCsvMatchesScreen,
  cells,
  expectSortCycle,
  OPRY_SIGNUPS,
  READERS_NEWEST_FIRST,
} from './utils/admin.js';

// Newsletter signups in the dashboard, against the production build, the real API and a fresh
// database of this file's own (`siteName`, utils/test.ts): the counts it checks are those of its
// own data. The tests run in order and build on each other's data.
test.use({ siteName: 'admin-newsletter' });
test.describe.configure({ mode: 'serial' });

test('newsletter: the bulk action waits with no selection, then the selected signup is marked contacted', async ({
  page,
}) => {
  await page.goto('/');
  for (const email of ['patsy@example.com', 'hank@example.com']) {
    expect(await post(page, '/api/email-signup', { email })).toBeLessThan(300);
  }
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Newsletter', exact: true })
    .click();
  await expect(page.getByText('patsy@example.com')).toBeVisible();
  // Nothing selected: the button waits, and says why on hover.
  const none = page.getByRole('button', { name: 'Mark 0 as Contacted' });
  await expect(none).toBeDisabled();
  await expect(none).toHaveAttribute('title', 'Please select signups to mark as contacted.');
  await tick(page.getByLabel('Select patsy@example.com'));
  await page.getByRole('button', { name: 'Mark 1 as Contacted' }).click();
  await expect(page.getByText('Marked 1 signup as contacted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contacted (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Pending (1)' }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\?status=pending$/);
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
});

test('newsletter: paging, search, the sort cycle, a CSV that matches the screen, and copying', async ({
  page,
  context,
}) => {
  await page.goto('/');
  for (let i = 1; i <= 55; i++) {
    expect(await post(page, '/api/email-signup', { email: `reader${i}@example.com` })).toBe(201);
  }
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Newsletter', exact: true })
    .click();
  await expect(page.getByText('Showing 1-50 of 57')).toBeVisible();
  expect(await screenRows(page)).toHaveLength(50);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 51-57 of 57')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  expect(await screenRows(page)).toHaveLength(7);
  await page.reload();
  await expect(page.getByText('Showing 51-57 of 57')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Showing 1-50 of 57')).toBeVisible();

  // Searching returns to the first page.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('reader1');
  await expect(page.getByText('Showing 1-11 of 11')).toBeVisible();
  await expect(page).not.toHaveURL(/page=/);

  const emails = () => column(page, /\S+@example\.com/);
  // The server sorts text as its database does: on SQLite (this site) by code point, so
  // 'reader10@' comes before 'reader1@' ('0' before '@').
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const emailHeader = page.getByRole('columnheader', { name: 'Email' });
  await emailHeader.click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await emails();
  expect(ascending).toEqual([...ascending].sort(byName));
  await emailHeader.click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await emails()).toEqual([...ascending].reverse());
  // A new sort shows its first row at once: the rows do not glide up under the pointer.
  const body = page.locator('.data-table .ant-table-body');
  const scrolled = await body.evaluate((b) => {
    b.scrollTop = b.scrollHeight;
    return b.scrollTop;
  });
  expect(scrolled).toBeGreaterThan(0);
  await emailHeader.click();
  expect(await body.evaluate((b) => b.scrollTop)).toBe(0);
  await expect(emailHeader).not.toHaveAttribute('aria-sort');

  await tick(page.getByLabel('Select reader10@example.com'));
  await page.getByRole('button', { name: 'Mark 1 as Contacted' }).click();
  await expect(page.getByText('Marked 1 signup as contacted')).toBeVisible();
  await page.getByRole('button', { name: /^Pending/ }).click();
  await expect(page.getByText('Showing 1-10 of 10')).toBeVisible();
  const records = await expectCsvMatchesScreen(page, 'newsletter', 'email');
  expect(records.every((r) => r.contacted === 'false')).toBe(true);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy reader11@example.com' }).click();
  await expect(page.getByText('Copied to clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('reader11@example.com');
});

test('newsletter: filter, search and page survive a reload together; the CSV holds both pages in order; email sorts and returns to newest first', async ({
  page,
}) => {
  await page.goto('/');
  for (const email of OPRY_SIGNUPS) {
    expect(await post(page, '/api/email-signup', { email })).toBe(201);
  }
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Newsletter', exact: true })
    .click();
  const emails = () => cells(page, 'Email');
  await page.getByRole('button', { name: 'Contacted (2)' }).click();
  await expect.poll(emails).toEqual(['reader10@example.com', 'patsy@example.com']);

  const pending = READERS_NEWEST_FIRST.filter((email) => email !== 'reader10@example.com');
  await page.getByRole('button', { name: 'Pending (58)' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('reader');
  await expect(page.getByText('Showing 1-50 of 54')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter(\?|$)/);
  await expect(page).toHaveURL(/[?&]status=pending(&|$)/);
  await expect(page).toHaveURL(/[?&]search=reader(&|$)/);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await page.reload();
  await expect(page.getByText('Showing 51-54 of 54')).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('reader');
  // Counted under the search: the 54 pending readers.
  await expect(page.getByRole('button', { name: 'Pending (54)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await emails()).toEqual(pending.slice(50));
  const secondPage = await screenRows(page);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Showing 1-50 of 54')).toBeVisible();
  expect(await emails()).toEqual(pending.slice(0, 50));
  const firstPage = await screenRows(page);
  const records = await expectCsvMatchesScreen(page, 'newsletter', 'email', [
    ...firstPage,
    ...secondPage,
  ]);
  expect(records.map((r) => r.email)).toEqual(pending);

  await page.getByRole('searchbox', { name: 'Search' }).fill('opry');
  await expect(page.getByText('Showing 1-3 of 3')).toBeVisible();
  await expectSortCycle(page, 'Email', {
    unsorted: ['tammy@opry.example.com', 'dottie@opry.example.com', 'skeeter@opry.example.com'],
    ascending: ['dottie@opry.example.com', 'skeeter@opry.example.com', 'tammy@opry.example.com'],
  });
});

test('newsletter: "Select all matching" marks every signup of the filter and search, beyond the page, and only those', async ({
  page,
}) => {
  const statuses = await postAtOnce(
    page,
    '/api/email-signup',
    Array.from({ length: 120 }, (_, i) => ({
      email: `bulk${String(i).padStart(3, '0')}@example.net`,
    })),
  );
  expect(statuses.every((s) => s === 201)).toBe(true);
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Newsletter', exact: true })
    .click();
  const count = async (name: string) =>
    Number(
      /\((\d+)\)/.exec(
        (await page.getByRole('button', { name: new RegExp(`^${name} \\(`) }).textContent()) ?? '',
      )?.[1],
    );
  await expect(page.getByRole('button', { name: /^Pending \(\d+\)/ })).toBeVisible();
  // Every button counts 0 until the list's first answer, which fills the first page.
  await expect(page.getByText(/^Showing 1-50 of \d+$/)).toBeVisible();
  const contactedBefore = await count('Contacted');
  const pendingBefore = await count('Pending');

  await page.getByRole('button', { name: /^Pending/ }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('example.net');
  await expect(page.getByText('Showing 1-50 of 120')).toBeVisible();
  await tick(page.getByRole('checkbox', { name: 'Select all' }).first());
  await expect(page.getByText('All 50 on this page are selected.')).toBeVisible();
  await page.getByRole('button', { name: 'Select all 120 matching' }).click();
  await expect(page.getByText('All 120 matching newsletter signups are selected.')).toBeVisible();
  await page.getByRole('button', { name: 'Mark 120 as Contacted' }).click();
  await expect(page.getByText('Marked 120 signups as contacted')).toBeVisible();
  await expect(page.getByText('Showing 0-0 of 0')).toBeVisible();

  // Every one of the 120, on all three pages, is contacted; no other signup changed.
  await page.getByRole('button', { name: /^Contacted/ }).click();
  await expect(page.getByText('Showing 1-50 of 120')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(
    page.getByRole('button', { name: `Contacted (${contactedBefore + 120})` }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Pending (${pendingBefore - 120})` }),
  ).toBeVisible();
});
