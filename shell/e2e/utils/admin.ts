import type { Locator, Page } from '@playwright/test';
import { expect } from './test.js';
import { ADMIN_PASSWORD } from './site.js';
import { stillScreen } from './axe.js';

// The helpers and the data of the admin files (admin*.spec.ts): each file runs on a site of its
// own (`siteName` in test.ts), so the counts a file checks are those of its own data.

/**
 * Picks `option` in the antd select `field` with the keyboard, as the sales test picks its show:
 * the field opened, the arrow keys to the option, Enter. A click on an option twice left the
 * select open on its old value in full runs (never alone, nor with animations slowed tenfold);
 * keys act on the select itself wherever its options are drawn. First nothing on the page moves
 * (a dialog has finished zooming in).
 */
export async function pick(page: Page, field: Locator, option: string) {
  await stillScreen(page);
  await field.click();
  const options = page.locator('.ant-select-item-option:visible');
  const wanted = options.filter({ hasText: option });
  await expect(wanted).toHaveCount(1);
  const texts = await options.allInnerTexts();
  const classes = await options.evaluateAll((all) => all.map((o) => o.className));
  const from = Math.max(
    0,
    classes.findIndex((c) => c.includes('ant-select-item-option-active')),
  );
  const to = texts.findIndex((text) => text.includes(option));
  for (let i = from; i !== to; i += Math.sign(to - from))
    await field.press(to > from ? 'ArrowDown' : 'ArrowUp');
  await expect(wanted).toHaveClass(/ant-select-item-option-active/);
  await field.press('Enter');
  await expect(options).toHaveCount(0);
}

/** Posts each body to the public `path` from the storefront, all at once; their statuses. */
export async function postAtOnce(page: Page, path: string, bodies: object[]) {
  await page.goto('/');
  return page.evaluate(
    ({ path, bodies }) =>
      Promise.all(
        bodies.map((body) =>
          fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          }).then((r) => r.status),
        ),
      ),
    { path, bodies },
  );
}

export async function logIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(
    page
      .getByRole('navigation', { name: 'Admin areas' })
      .getByRole('link', { name: 'Shows', exact: true }),
  ).toBeVisible();
}

export const dialog = (page: Page) => page.getByRole('dialog');

/**
 * Ticks a checkbox of the table once the table shows the answer to its latest request. While a
 * page, sort or search loads, the table is busy (its spinner, `aria-busy`) and the rows on screen
 * are the last answer's, about to be replaced: an artist waits for the spinner, and so does this.
 */
export async function tick(checkbox: Locator) {
  await tableSettled(checkbox.page());
  await checkbox.check();
}

/** Waits until the table shows the answer to its latest request (see `tick`). */
export const tableSettled = (page: Page) =>
  expect(page.locator('.data-table [aria-busy="true"]')).toHaveCount(0);

/** The text of each data row of the table on screen, in order, once the table has settled. */
export const screenRows = async (page: Page) => {
  await tableSettled(page);
  return page.locator('.data-table .ant-table-tbody tr.ant-table-row').allInnerTexts();
};

/** The value of each row on screen that matches a pattern (a venue, an email), in order. */
export const column = async (page: Page, pattern: RegExp) =>
  (await screenRows(page)).map((row) => row.match(pattern)?.[0] ?? row);

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
export async function downloadCsv(page: Page) {
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

/**
 * Downloads the CSV and checks that it holds exactly the rows on screen (or `screen`, the rows of
 * several pages), in the same order: the key (an email, a venue) of the file's row i is in the
 * screen's row i and in no other row.
 */
export async function expectCsvMatchesScreen(
  page: Page,
  name: string,
  key: string,
  screen?: string[],
) {
  const csv = await downloadCsv(page);
  expect(csv.name).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const rows = screen ?? (await screenRows(page));
  const keys = csv.records.map((r) => r[key]!);
  expect(keys).toHaveLength(rows.length);
  keys.forEach((value, i) => {
    expect(rows[i], `row ${i + 1} of the file: ${value}`).toContain(value);
    expect(
      rows.filter((row) => row.includes(value)),
      value,
    ).toHaveLength(1);
  });
  return csv.records;
}

/**
 * The cells of one column, top to bottom, by its header: each cell's first line (a venue, not its
 * city) less the label of any button in it (the newsletter's Copy).
 */
export async function cells(page: Page, header: string): Promise<string[]> {
  const headers = (await page.locator('.data-table .ant-table-thead th').allInnerTexts()).map(
    (text) => text.trim(),
  );
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No column '${header}' among: ${headers.join(' | ')}`);
  return page
    .locator(`.data-table tr.ant-table-row > td:nth-child(${index + 1})`)
    .evaluateAll((tds) =>
      tds.map((td) => {
        let text = (td as HTMLElement).innerText;
        for (const button of td.querySelectorAll('button')) {
          text = text.replace(button.innerText, '');
        }
        return text.trim().split('\n')[0]!.trim();
      }),
    );
}

/**
 * Clicks a column's header three times and reads that column's cells before and after each
 * click: the order the table opened in, ascending, descending, then none, which is the opening
 * order again (the server's order, the same as each tab's default sort). The data is chosen so
 * that the three orders differ.
 */
export async function expectSortCycle(
  page: Page,
  header: string,
  orders: { unsorted: string[]; ascending: string[] },
) {
  const descending = [...orders.ascending].reverse();
  // Otherwise a header that sorted nothing would pass.
  expect(orders.unsorted, 'test data').not.toEqual(orders.ascending);
  expect(orders.unsorted, 'test data').not.toEqual(descending);
  const th = page.getByRole('columnheader', { name: header });
  await expect.poll(() => cells(page, header)).toEqual(orders.unsorted);
  await th.click();
  await expect(th).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => cells(page, header)).toEqual(orders.ascending);
  await th.click();
  await expect(th).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => cells(page, header)).toEqual(descending);
  await th.click();
  await expect(th).not.toHaveAttribute('aria-sort');
  await expect.poll(() => cells(page, header)).toEqual(orders.unsorted);
}

/**
 * Buys t-shirts (size L, $25.00 each plus $5.00 shipping) through the real checkout: the session
 * is created as the cart's Checkout button does, then paid on the built-in test payment
 * provider's hosted page, which runs the same fulfilment as a paid Stripe session.
 */
export async function buyShirts(
  page: Page,
  buyer: { name: string; email: string },
  quantity: number,
) {
  await page.goto('/');
  const url = await page.evaluate(
    (quantity) =>
      fetch('/api/create-checkout-session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ items: [{ productId: 'tshirt', size: 'L', quantity }] }),
      })
        .then((r) => r.json())
        .then((body: { url: string }) => body.url),
    quantity,
  );
  await page.goto(url);
  await page.getByLabel('Full name').fill(buyer.name);
  await page.getByLabel('Email').fill(buyer.email);
  const total = ((2500 * quantity + 500) / 100).toFixed(2);
  await page.getByRole('button', { name: `Pay $${total} (test)` }).click();
  await expect(page.getByRole('dialog', { name: /^Thank you! Order / })).toBeVisible();
}

// The data a file's later tests add, beside what its earlier tests left (the axe test in
// admin.spec.ts sends some of each, for rows in every area). Each list is sent one item after
// another, so the newest-first order of the tables is known.

/** By the time they are added: The Station Inn (May 1) and the Late Show (Mar 14), published. */
export const LATE_SHOW = 'Whitewater Amphitheater (Late Show)';
export const MORE_SHOWS = [
  // Dated before any day this suite runs on: published, so it displays and filters as Past.
  { venue: "Billy Bob's Texas", city: 'Fort Worth, TX', date: '2000-06-10', status: 'published' },
  { venue: 'Cactus Cafe', city: 'Austin, TX', date: '2099-04-02', status: 'published' },
  { venue: 'Gruene Hall', city: 'New Braunfels, TX', date: '2099-06-20', status: 'draft' },
].map((show) => ({
  ...show,
  time: '8:00 PM',
  ageRequirement: 'All Ages',
  ticketButtonType: 'free',
  soldOut: 'false',
}));

/** Buyers through the checkout, after the walk-up and Loretta Fan's manual orders. */
export const WAYLON = { name: 'Waylon Jennings', email: 'waylon@example.com' };
export const JESSI = { name: 'Jessi Colter', email: 'jessi@example.com' };

/**
 * The fan the Fans test finds, exports and erases: one address written three ways across a
 * manual order, a signup, a notify-me request and a message.
 */
export const GILLIAN = [
  'Gillian.Welch@Example.com',
  'GILLIAN.WELCH@example.com',
  'gillian.welch@EXAMPLE.com',
];

/** Sticker-pack requests, after fan0…fan100 asked for the hat (fan7 and fan70 notified). */
export const STICKER_FANS = ['bluegrass@example.com', 'cajun@example.com', 'americana@example.com'];

/** Newsletter signups after patsy, hank and reader1…reader55 (patsy and reader10 contacted). */
export const OPRY_SIGNUPS = [
  'skeeter@opry.example.com',
  'dottie@opry.example.com',
  'tammy@opry.example.com',
];
export const READERS_NEWEST_FIRST = Array.from(
  { length: 55 },
  (_, i) => `reader${55 - i}@example.com`,
);

/** Contact messages after June Carter's and Emmylou Harris's (both responded by then). */
export const NEW_MESSAGES = [
  {
    firstName: 'Kris',
    lastName: 'Kristofferson',
    email: 'kris@example.com',
    subject: 'booking',
    message: 'Would you play a songwriter night at our Texas listening room?',
  },
  {
    firstName: 'Bobbie',
    lastName: 'Gentry',
    email: 'bobbie@example.com',
    subject: 'fan',
    message: 'Your last record played all summer on the porch.',
  },
  {
    firstName: 'Townes',
    lastName: 'Van Zandt',
    email: 'townes@example.com',
    subject: 'collaboration',
    message: 'Co-write in Texas this fall?',
  },
];

/**
 * Sends JSON from the page as `post` (utils/post.ts) does, with any method: its status and its
 * parsed answer (`null` when there is none).
 */
export const send = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([method, path, body]) => {
      const response = await fetch(path as string, {
        method: method as string,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const answer: any = await response.json().catch(() => null);
      return { status: response.status, body: answer };
    },
    [method, path, body] as const,
  );
