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

/** The text of each data row of the table on screen, in order. */
const screenRows = (page: Page) =>
  page.locator('.data-table .ant-table-tbody tr.ant-table-row').allInnerTexts();

/** Splits RFC 4180 text into rows of fields (quoted fields may hold commas, quotes, breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      endField();
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else {
      field += c;
    }
  }
  if (field || row.length) endRow();
  return rows;
}

/** Clicks 'Download CSV' and reads the file: its name and its data rows keyed by header. */
async function downloadCsv(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
  const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  return {
    name: file.suggestedFilename(),
    records: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))),
  };
}

/** The file holds exactly the rows on screen: as many, each one found in a row on screen. */
async function expectCsvMatchesScreen(page: Page, name: string, key: string) {
  const csv = await downloadCsv(page);
  expect(csv.name).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const rows = await screenRows(page);
  expect(csv.records.map((r) => r[key])).toHaveLength(rows.length);
  for (const record of csv.records) {
    expect(
      rows.filter((row) => row.includes(record[key]!)),
      record[key],
    ).toHaveLength(1);
  }
  return csv.records;
}

/** Posts to one of the public endpoints from the page, as the site's forms do. */
const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    ([path, body]) =>
      fetch(path as string, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status),
    [path, body] as const,
  );

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

/** The value of each row on screen that matches a pattern (a venue, an email), in order. */
const column = async (page: Page, pattern: RegExp) =>
  (await screenRows(page)).map((row) => row.match(pattern)?.[0] ?? row);

test('shows: filter, search, the sort cycle and the CSV follow the screen; an edit reaches /', async ({
  page,
}) => {
  await logIn(page);
  // A draft dated before the published show, with a venue that sorts after it.
  await page.getByRole('button', { name: 'Create Show' }).click();
  await dialog(page).getByLabel('Venue').fill('Whitewater Amphitheater');
  await dialog(page).getByLabel('City').fill('New Braunfels, TX');
  await dialog(page).getByLabel('Date').fill('2099-03-14');
  await dialog(page).getByLabel('Time').fill('9:00 PM');
  await dialog(page).getByRole('button', { name: 'Create Show' }).click();
  await expect(page.getByText('Show created successfully')).toBeVisible();

  const venues = () => column(page, /Whitewater Amphitheater|The Station Inn/);
  await expect(page.getByRole('button', { name: 'Published (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(venues).toEqual(['The Station Inn']);
  await page.getByRole('button', { name: 'Draft (1)' }).click();
  await expect(page).toHaveURL(/status=draft/);
  await expect.poll(venues).toEqual(['Whitewater Amphitheater']);
  await page.getByRole('button', { name: 'All (2)' }).click();
  // Date ascending by default; the venue column cycles ascending, descending, none.
  await expect.poll(venues).toEqual(['Whitewater Amphitheater', 'The Station Inn']);
  const venueHeader = page.getByRole('columnheader', { name: 'Venue' });
  await venueHeader.click();
  await expect(venueHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(venues).toEqual(['The Station Inn', 'Whitewater Amphitheater']);
  await venueHeader.click();
  await expect(venueHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(venues).toEqual(['Whitewater Amphitheater', 'The Station Inn']);
  await venueHeader.click();
  await expect(venueHeader).not.toHaveAttribute('aria-sort');

  await page.getByRole('searchbox', { name: 'Search' }).fill('whitewater');
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('whitewater');
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  const records = await expectCsvMatchesScreen(page, 'shows', 'venue');
  expect(records.map((r) => r.status)).toEqual(['draft']);

  await page.getByRole('button', { name: 'Edit Whitewater Amphitheater on 2099-03-14' }).click();
  await expect(dialog(page).getByText('Edit Show')).toBeVisible();
  await dialog(page).getByLabel('Venue').fill('Whitewater Amphitheater (Late Show)');
  await dialog(page).getByLabel('Status').click();
  await page.locator('.ant-select-item-option', { hasText: 'Published' }).click();
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Show updated successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Late Show/ })).toContainText('Published');

  await page.goto('/#shows');
  const shows = page.locator('#shows');
  await expect(shows).toContainText('Whitewater Amphitheater (Late Show)');
  await expect(shows).toContainText('The Station Inn');
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
  await page.getByRole('tab', { name: 'Newsletter' }).click();
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
  const byName = (a: string, b: string) => a.localeCompare(b);
  const emailHeader = page.getByRole('columnheader', { name: 'Email' });
  await emailHeader.click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await emails();
  expect(ascending).toEqual([...ascending].sort(byName));
  await emailHeader.click();
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await emails()).toEqual([...ascending].reverse());
  await emailHeader.click();
  await expect(emailHeader).not.toHaveAttribute('aria-sort');

  await page.getByLabel('Select reader10@example.com').check();
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

test('notify me and contact: bulk actions mark the selection and refuse an empty one', async ({
  page,
}) => {
  await page.goto('/');
  const message = {
    firstName: 'Emmylou',
    lastName: 'Harris',
    email: 'emmylou@example.com',
    subject: 'press',
    message: 'Interview request for our spring issue.',
  };
  expect(await post(page, '/api/contact', message)).toBe(201);
  await logIn(page);

  await page.getByRole('tab', { name: 'Notify Me' }).click();
  await page.getByRole('button', { name: 'Mark 0 as Notified' }).click();
  await expect(page.getByText('No selection')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('fan7');
  await expect(page.getByText('Showing 1-11 of 11')).toBeVisible();
  await page.getByLabel('Select fan7@example.com Trucker Hat').check();
  await page.getByLabel('Select fan70@example.com Trucker Hat').check();
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

  await page.getByRole('tab', { name: 'Contact' }).click();
  await expect(page.getByRole('button', { name: 'New (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark 0 as Responded' }).click();
  await expect(page.getByText('No selection')).toBeVisible();
  await page.getByLabel('Select Emmylou Harris').check();
  await page.getByRole('button', { name: 'Mark 1 as Responded' }).click();
  await expect(page.getByText('Marked 1 message as responded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Responded (2)' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('emmylou');
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  await expectCsvMatchesScreen(page, 'contact-messages', 'email');
});

test('orders: filter, search, the sort cycle and the CSV follow the screen', async ({ page }) => {
  await logIn(page);
  await page.getByRole('tab', { name: 'Orders' }).click();
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
