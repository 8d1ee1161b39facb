import { expect, test } from './utils/test.js';
import { axeViolations } from './utils/axe.js';
import {
  logIn,
  dialog,
  column,
  downloadCsv,
  expectCsvMatchesScreen,
  cells,
  expectSortCycle,
  buyShirts,
  WAYLON,
  JESSI,
} from './utils/admin.js';

// Orders in the dashboard (manual orders, checkout orders, the Sales view), against the production
// build, the real API and a fresh database of this file's own (`siteName`, utils/test.ts): the
// counts it checks are those of its own data. The tests run in order and build on each other's
// data.
test.use({ siteName: 'admin-orders' });
test.describe.configure({ mode: 'serial' });

test('manual orders: in person is fulfilled with no shipping, online is pending with $5.00', async ({
  page,
}) => {
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();

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

test('orders: filter, search, the sort cycle and the CSV follow the screen', async ({ page }) => {
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'All (2)' })).toBeVisible();
  await page.getByRole('button', { name: 'Pending (0)' }).click();
  await expect(page.getByText('Showing 0-0 of 0')).toBeVisible();
  await page.getByRole('button', { name: 'Fulfilled (2)' }).click();
  await expect(page.getByText('Showing 1-2 of 2')).toBeVisible();

  const totals = () => column(page, /\$\d+\.\d{2}/);
  const totalHeader = page.getByRole('columnheader', { name: 'Total' });
  await totalHeader.click();
  await expect(totalHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(await totals()).toEqual(['$25.00', '$30.00']);
  await totalHeader.click();
  expect(await totals()).toEqual(['$30.00', '$25.00']);
  await totalHeader.click();
  await expect(totalHeader).not.toHaveAttribute('aria-sort');

  await page.getByRole('searchbox', { name: 'Search' }).fill('loretta');
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  const records = await expectCsvMatchesScreen(page, 'orders', 'email');
  expect(records[0]).toMatchObject({ customerName: 'Loretta Fan', total: '30.00' });
  expect(records[0]!.trackingNumber).toBe('1Z999AA10123456784');
});

test('orders: checkout orders wait under Pending; Order Details fulfils one with a tracking number and notes, which reopen with it and can still be saved', async ({
  page,
  context,
}) => {
  await buyShirts(page, WAYLON, 2);
  await buyShirts(page, JESSI, 1);
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  const customers = () => cells(page, 'Customer');
  await expect(page.getByRole('button', { name: 'All (4)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectSortCycle(page, 'Customer', {
    unsorted: ['Jessi Colter', 'Waylon Jennings', 'Loretta Fan', 'Walk-up Customer'],
    ascending: ['Jessi Colter', 'Loretta Fan', 'Walk-up Customer', 'Waylon Jennings'],
  });

  await page.getByRole('button', { name: 'Pending (2)' }).click();
  await expect.poll(customers).toEqual(['Jessi Colter', 'Waylon Jennings']);
  // Paid through the test payment provider, so each carries the Test mark.
  expect(await cells(page, 'Total')).toEqual(['$30.00 Test', '$55.00 Test']);
  expect(await cells(page, 'Status')).toEqual(['Pending', 'Pending']);

  const tracking = '9400111899223197428490';
  const notes = 'Two shirts in one mailer.';
  const waylon = page.getByRole('row', { name: /Waylon Jennings/ });
  await waylon.getByRole('button', { name: 'Manage' }).click();
  await expect(dialog(page).getByText('Order Details')).toBeVisible();
  await expect(dialog(page).getByTestId('shipping-address')).toContainText('123 Main St');
  await dialog(page).getByLabel('Tracking Number').fill(tracking);
  await dialog(page).getByLabel('Notes').fill(notes);
  await dialog(page).getByRole('button', { name: 'Mark as Fulfilled' }).click();
  await expect(page.getByText('Order marked as fulfilled')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect.poll(customers).toEqual(['Jessi Colter']);
  await page.getByRole('button', { name: 'Fulfilled (3)' }).click();
  await expect.poll(customers).toEqual(['Waylon Jennings', 'Loretta Fan', 'Walk-up Customer']);
  // A test-provider order, paid, now fulfilled: its row's three tags.
  await expect(waylon.locator('.status-tag')).toHaveText(['Test', 'Paid', 'Fulfilled']);

  await waylon.getByRole('button', { name: 'Manage' }).click();
  await expect(dialog(page).getByLabel('Tracking Number')).toHaveValue(tracking);
  await expect(dialog(page).getByLabel('Notes')).toHaveValue(notes);
  await expect(dialog(page).getByRole('button', { name: 'Mark as Fulfilled' })).toHaveCount(0);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await dialog(page).getByRole('button', { name: 'Copy email' }).click();
  await expect(page.getByText('Copied to clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(WAYLON.email);
  // Once fulfilled, the tracking number and notes can still be saved.
  await dialog(page).getByLabel('Notes').fill(`${notes} Delivered.`);
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Order updated successfully')).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  // Fulfilled leaves out Jessi Colter; the search leaves out the walk-up's placeholder address.
  await page.getByRole('searchbox', { name: 'Search' }).fill('example.com');
  await expect.poll(customers).toEqual(['Waylon Jennings', 'Loretta Fan']);
  // The filter buttons count the rows under the search.
  await expect(page.getByRole('button', { name: 'Fulfilled (2)' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Fulfilled (2)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('example.com');
  await expect.poll(customers).toEqual(['Waylon Jennings', 'Loretta Fan']);
  const records = await expectCsvMatchesScreen(page, 'orders', 'email');
  expect(records[0]).toMatchObject({
    customerName: WAYLON.name,
    total: '55.00',
    fulfillmentStatus: 'fulfilled',
    trackingNumber: tracking,
    notes: `${notes} Delivered.`,
  });

  await page.getByRole('searchbox', { name: 'Search' }).fill(tracking);
  await expect.poll(customers).toEqual(['Waylon Jennings']);
});

test('sales: a merch-table sale at a picked show is in the Sales view, whose charts load only there and pass axe', async ({
  page,
}) => {
  // The scripts of the charts: the view's own chunk (named) and the charting library's (found by
  // a class name only recharts writes), to see that the dashboard fetches them only for Sales.
  const chartScripts: string[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    reading.push(
      res.text().then(
        (body) => {
          if (/sales-charts/.test(res.url()) || body.includes('recharts-surface'))
            chartScripts.push(res.url());
        },
        () => undefined,
      ),
    );
  });
  const chartChunks = async () => {
    await Promise.all(reading);
    return chartScripts;
  };
  await logIn(page);
  await expect(
    page
      .getByRole('navigation', { name: 'Admin areas' })
      .getByRole('link', { name: 'Shows', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/Showing \d+-\d+ of \d+/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await chartChunks()).toEqual([]);

  await page.getByRole('button', { name: 'Create Show' }).click();
  await dialog(page).getByLabel('Venue').fill('The Sales Barn');
  await dialog(page).getByLabel('City').fill('Lockhart, TX');
  await dialog(page).getByLabel('Date').fill('2099-06-01');
  await dialog(page).getByLabel('Time', { exact: true }).fill('7:00 PM');
  await dialog(page).getByRole('button', { name: 'Create Show' }).click();
  await expect(page.getByText('Show created successfully')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  await page.getByRole('button', { name: 'Create Order' }).click();
  const picker = dialog(page).getByRole('combobox', { name: 'Show' });
  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/admin/shows?') && r.url().includes('search=Sales+Barn'),
  );
  await picker.fill('Sales Barn');
  // The picker first offers the latest shows, this one among them, then the server's answer to
  // the search. The show is picked from that answer with the keyboard: a click can meet the
  // dropdown as it shrinks to the one match and is realigned, and land on the field beneath it.
  await searched;
  const options = page.locator('.ant-select-item-option:visible');
  await expect(options).toHaveCount(1);
  await expect(options).toHaveText('Mon, Jun 1, 2099 · The Sales Barn, Lockhart, TX');
  await expect(options).toHaveClass(/ant-select-item-option-active/);
  await picker.press('Enter');
  // The list closes on the show now shown in the picker.
  await expect(options).toHaveCount(0);
  await expect(
    dialog(page)
      .getByText('Mon, Jun 1, 2099 · The Sales Barn, Lockhart, TX', { exact: true })
      .filter({ visible: true }),
  ).toHaveCount(1);
  await expect(dialog(page).getByLabel('Show Location')).toHaveCount(0);
  await dialog(page).getByLabel('Quantity 1').fill('2');
  await expect(dialog(page).getByTestId('order-total')).toContainText('Total$50.00');
  await dialog(page).getByRole('button', { name: 'Create Order' }).click();
  await expect(page.getByText('Order created successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /The Sales Barn, Lockhart, TX/ })).toContainText(
    '$50.00',
  );
  expect(await chartChunks()).toEqual([]);

  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Sales', exact: true })
    .click();
  // A merch-table sale counts on its show's date: the view is moved to that year.
  await page.getByLabel('From', { exact: true }).fill('2099-01-01');
  await page.getByLabel('To', { exact: true }).fill('2099-12-31');
  const byShow = page.locator('.ant-card', {
    has: page.getByRole('heading', { name: 'By show (merch table)' }),
  });
  await expect(byShow.getByRole('row', { name: /The Sales Barn/ })).toContainText(
    'The Sales Barn, Lockhart, TX (Mon, Jun 1, 2099)12$50.00$0.00$50.00',
  );
  for (const kind of ['month', 'product', 'show', 'channel']) {
    await expect(
      page.getByTestId(`sales-chart-${kind}`).locator('.recharts-surface').first(),
    ).toBeVisible();
  }
  await expect(
    page.getByTestId('sales-chart-show').locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  expect(await chartChunks()).toHaveLength(2);

  const file = await downloadCsv(page);
  expect(file.name).toMatch(/^sales-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(file.records.find((r) => r.name === 'The Sales Barn, Lockhart, TX')).toMatchObject({
    breakdown: 'show',
    orders: '1',
    items: '2',
    net: '50.00',
  });

  expect(await axeViolations(page)).toEqual([]);
});
