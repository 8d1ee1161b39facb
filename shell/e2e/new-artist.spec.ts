import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dialog, logIn } from './utils/admin.js';
import { post } from './utils/post.js';
import { ROOT } from './utils/site.js';
import { expect, test } from './utils/test.js';

// What a new artist meets on her first days (issue 58's "What she meets"), each point on screen
// at 1440 and 390 px: a screenshot of each is kept in test-results/screens/58-<point>-<width>.png.
// A site of this file's own (`siteName`): the tests build on each other's data, in order.
test.use({ siteName: 'new-artist' });
test.describe.configure({ mode: 'serial' });

const WIDTHS = [1440, 390] as const;

/** Screenshots of the page as it is at each width, then back at 1440. */
async function screens(page: Page, point: number, show?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await show?.(page);
    await page.screenshot({
      path: path.join(ROOT, 'test-results', 'screens', `58-${point}-${width}.png`),
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** JSON from the page, as the dashboard sends it: its status and answer. */
const send = (page: Page, method: string, url: string, body?: unknown) =>
  page.evaluate(
    async ([method, url, body]) => {
      const res = await fetch(url as string, {
        method: method as string,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, text };
    },
    [method, url, body] as const,
  );

/** Picks a zone's country by typing its name, as the artist does, and Enter. */
async function pickCountry(page: Page, name: string) {
  const field = dialog(page).getByRole('combobox', { name: 'Countries' });
  await field.click();
  await field.pressSequentially(name);
  await expect(
    page.locator('.ant-select-item-option-active').filter({ hasText: name }),
  ).toBeVisible();
  await field.press('Enter');
  // The picked country shows by name and code: 'Canada (CA)'.
  await expect(dialog(page).getByText(new RegExp(`^${name} \\([A-Z]{2}\\)$`))).toBeVisible();
}

const area = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name, exact: true })
    .click();

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('1: a card’s code leads to /redeem, filled in, and the footer says where', async ({
  page,
  baseURL,
}) => {
  await logIn(page);
  const release = await send(page, 'POST', '/api/admin/products', {
    name: 'Porch Light',
    description: 'The second album.',
    image: null,
    sizes: [],
    kind: 'digital',
    pricing: 'fixed',
    priceInCents: 900,
    tracks: [{ title: 'Porch Light', durationSeconds: 215 }],
  });
  expect(release.status, release.text).toBe(201);
  // No live code yet: the footer does not offer to redeem one.
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Redeem a code' })).toHaveCount(0);

  await page.goto('/admin/releases');
  await page.getByRole('button', { name: 'Expand row' }).first().click();
  await page.getByRole('button', { name: 'Make Codes' }).click();
  await expect(page.getByText('100 codes made')).toBeVisible();
  await expect(page.getByText(`${baseURL}/redeem`, { exact: true })).toBeVisible();

  const csv = await page.request.get('/api/admin/products/porch-light/codes/export?batchId=1');
  const [header, first] = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(header).toBe('code,url');
  const [code, url] = first!.split(',');
  expect(url).toMatch(new RegExp(`/redeem\\?code=${code}$`));

  await page.goto(`/redeem?code=${code}`);
  await expect(page.getByLabel('Code')).toHaveValue(code!);
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Redeem a code' })).toHaveAttribute(
    'href',
    '/redeem',
  );
  await screens(page, 1);
  await page.goto('/');
  await expect(footer.getByRole('link', { name: 'Redeem a code' })).toBeVisible();
});

test('2: a campaign says first that it needs the postal address; toasts say sentences', async ({
  page,
}) => {
  await logIn(page);
  await area(page, 'Campaigns');
  await page.getByRole('button', { name: 'New campaign' }).click();
  const notice = dialog(page).getByRole('alert').filter({ hasText: 'postal address' });
  await expect(notice).toContainText('Campaigns need your postal address');
  await dialog(page).getByLabel('Subject').fill('New single');
  await dialog(page).getByLabel('Message').fill('It is out on Friday.');
  await dialog(page).getByLabel('Test addresses').fill('me@example.com');
  await dialog(page).getByRole('button', { name: 'Send test' }).click();
  // The server's sentence, never its JSON.
  const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Failed to send' });
  await expect(toast).toContainText('postal address');
  await expect(toast).not.toContainText('{');
  await expect(toast).not.toContainText('statusCode');
  await screens(page, 2);

  await notice.getByRole('link', { name: 'Add your postal address on the Page tab' }).click();
  await expect(page).toHaveURL(/\/admin\/page#postalAddress$/);
  const field = page.getByLabel('Postal address');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('placeholder', /^e\.g\. /);

  // A shipping zone refused: the toast holds the sentence alone.
  await area(page, 'Shipping');
  await page.getByRole('button', { name: 'Add Zone' }).click();
  await dialog(page).getByLabel('Zone name').fill('More of North America');
  await pickCountry(page, 'Canada');
  await dialog(page).getByRole('button', { name: 'Add Zone' }).click();
  const refused = page.locator('.ant-notification-notice').filter({ hasText: 'Failed to add' });
  await expect(refused).toContainText('Canada is already in the International zone');
  await expect(refused).not.toContainText('{');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
});

test('3: a first start prints a screenful, the password and the address last', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'artist-first-start-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
    DATABASE_URL: `sqlite:${path.join(dir, 'site.sqlite')}`,
    UPLOADS_DIR: path.join(dir, 'uploads'),
  };
  delete env.LOG_LEVEL;
  delete env.ADMIN_PASSWORD;
  const server = spawn('sh', ['-c', `exec "${process.execPath}" api/dist/main.js 2>&1`], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let printed = '';
  server.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  try {
    await expect.poll(() => printed, { timeout: 90_000 }).toContain('Site running at');
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('close', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
  const lines = printed
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('SIGTERM received'));
  expect(lines.length).toBeLessThanOrEqual(15);
  expect(lines.at(-1)).toMatch(/^Site running at /);
  expect(lines.at(-5)).toMatch(/^ One-time admin password: /);
  await page.setContent(
    `<pre style="font: 14px monospace; padding: 16px; white-space: pre-wrap">${lines
      .join('\n')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')}</pre>`,
  );
  await screens(page, 3);
});

test('4: every admin table fits at 1440 px with its row action in view', async ({ page }) => {
  await logIn(page);
  // A pre-order bought: its long status tag is in the Orders table.
  const list = await send(page, 'GET', '/api/admin/products?search=T-Shirt');
  const shirt = (
    JSON.parse(list.text) as { rows: { id: string; name: string; description: string }[] }
  ).rows.find((row) => row.id === 'tshirt') as unknown as Record<string, unknown>;
  const { name, description, priceInCents, image } = shirt;
  const product = { name, description, priceInCents, image, sizes: ['S', 'M', 'L', 'XL', '2XL'] };
  const preOrder = await send(page, 'PUT', '/api/admin/products/tshirt', {
    ...product,
    preOrderUntil: '2099-02-01',
  });
  expect(preOrder.status, preOrder.text).toBe(200);
  await page.goto('/');
  const checkout = await send(page, 'POST', '/api/create-checkout-session', {
    items: [{ productId: 'tshirt', size: 'L', quantity: 1 }],
  });
  await page.goto(JSON.parse(checkout.text).url);
  await page.getByLabel('Full name').fill('Loretta Fan');
  await page.getByLabel('Email').fill('loretta@example.com');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('dialog', { name: /^Thank you! Order / })).toBeVisible();

  await page.goto('/admin/orders');
  for (const name of ['Orders', 'Products', 'Newsletter', 'Fans', 'Emails', 'Shows']) {
    await area(page, name);
    const table = page.locator('.data-table .ant-table').first();
    await expect(table).toBeVisible();
    await expect(page.locator('.data-table [aria-busy="true"]')).toHaveCount(0);
    const fits = await table.evaluate((element) => {
      const scroller = element.querySelector('.ant-table-body, .ant-table-content');
      return scroller ? scroller.scrollWidth <= scroller.clientWidth + 1 : true;
    });
    expect(fits, `${name}: the table's columns fit`).toBe(true);
    const action = table.locator('tbody tr.ant-table-row').first().locator('td').last();
    if ((await action.count()) > 0) {
      const box = (await action.boundingBox())!;
      expect(box.x + box.width, `${name}: the row's action is in view`).toBeLessThanOrEqual(1440);
    }
  }
  await area(page, 'Orders');
  const tag = page.getByText(/^Pre-order: ships from /);
  await expect(tag).toHaveAttribute('title', /^Pre-order: ships from Sun, Feb 1, 2099$/);
  await expect(page.getByRole('button', { name: /^Manage order / }).first()).toBeInViewport();
  await screens(page, 4);
  const reset = await send(page, 'PUT', '/api/admin/products/tshirt', {
    ...product,
    preOrderUntil: null,
  });
  expect(reset.status, reset.text).toBe(200);
});

test('5: a refund says what is left after it, emails the buyer, and nets the fan’s spending', async ({
  page,
}) => {
  await logIn(page);
  await area(page, 'Orders');
  await page
    .getByRole('button', { name: /^Manage order / })
    .first()
    .click();
  const amount = dialog(page).getByLabel(/^Amount \(\$\), up to /);
  await amount.fill('10');
  await dialog(page).getByRole('button', { name: 'Refund…' }).click();
  const confirm = page.getByRole('dialog', { name: /^Refund \$10\.00 to / });
  await expect(confirm).toContainText('is left after it');
  await screens(page, 5);
  await confirm.getByRole('button', { name: 'Refund $10.00' }).click();
  await expect(page.getByText('Refunded $10.00')).toBeVisible();
  await page.keyboard.press('Escape');

  await area(page, 'Emails');
  await expect(page.getByRole('row', { name: /Your refund of \$10\.00/ })).toBeVisible();
  await area(page, 'Fans');
  const fan = page.getByRole('row', { name: /loretta@example\.com/ });
  // $25.00 and $5.00 shipping paid, $10.00 refunded.
  await expect(fan).toContainText('$20.00');
});

test('6: the shop says where it ships from the zones, picked by country name', async ({ page }) => {
  await logIn(page);
  await area(page, 'Shipping');
  await page.getByRole('button', { name: 'Add Zone' }).click();
  await dialog(page).getByLabel('Zone name').fill('Europe');
  for (const country of ['Germany', 'France', 'Ireland', 'Italy', 'Spain', 'Sweden'])
    await pickCountry(page, country);
  await dialog(page).getByRole('button', { name: 'Add Zone' }).click();
  await expect(page.getByText('Zone added')).toBeVisible();
  await page.goto('/#merch');
  const sentence = page.locator('.merch__notes');
  await expect(sentence).toContainText(
    'Ships to the United States, Australia, Canada, the United Kingdom, New Zealand and 6 countries in Europe',
  );
  await screens(page, 6, () => sentence.scrollIntoViewIfNeeded());
});

test('7: the cart, the shows, the sign-up and the pages around them', async ({ page, baseURL }) => {
  await logIn(page);
  const code = await send(page, 'POST', '/api/admin/discounts', {
    code: 'tour10',
    percentOff: 10,
    amountOffCents: null,
    minSubtotalCents: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    oncePerEmail: false,
    productIds: null,
    active: true,
  });
  expect(code.status, code.text).toBe(201);
  const stock = await send(page, 'PUT', '/api/admin/products/tshirt/stock', {
    size: 'M',
    stock: 1,
  });
  expect(stock.status, stock.text).toBe(200);
  const nextYear = new Date().getFullYear() + 1;
  const show = await post(page, '/api/admin/shows', {
    venue: 'Gruene Hall',
    city: 'New Braunfels, TX',
    date: `${nextYear}-01-09`,
    time: '8:00 PM',
    ageRequirement: 'All Ages',
    ticketButtonType: 'soon',
    soldOut: 'false',
    status: 'published',
  });
  expect(show).toBe(201);

  await page.goto('/');
  // A January show of next year says its year.
  const row = page.locator('.show', { hasText: 'Gruene Hall' });
  await expect(row.locator('.show__date')).toContainText(String(nextYear));
  // The optional place comes before the button that sends the form.
  const place = await page.getByLabel(/^Your city or ZIP/).boundingBox();
  const join = await page.getByRole('button', { name: 'Join the List' }).last().boundingBox();
  expect(place!.y + place!.height).toBeLessThanOrEqual(join!.y);

  // One M is left: the cart takes one, and no more.
  const card = page.locator('article', { has: page.getByRole('heading', { name: /T-Shirt/ }) });
  await card.getByLabel('Size').selectOption('M');
  await expect(card.getByRole('status')).toHaveText('Only 1 left');
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(card.getByRole('button', { name: 'All left are in your cart' })).toBeDisabled();

  // A refused code's Remove turns back to Apply as another is typed.
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const cart = page.getByRole('dialog', { name: /^Your Cart/ });
  await cart.getByRole('combobox', { name: 'Ship to' }).selectOption('CA');
  const field = cart.getByLabel('Discount code');
  await field.fill('nope');
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(cart.getByRole('alert')).toBeVisible();
  await field.fill('tour10');
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(cart.getByRole('status')).toContainText('TOUR10 applied');
  await expect(
    cart.getByRole('group', { name: /^Quantity of / }).getByRole('button', {
      name: 'Increase quantity',
    }),
  ).toBeDisabled();

  // Country and code stay across a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await expect(cart.getByRole('combobox', { name: 'Ship to' })).toHaveValue('CA');
  await expect(cart.getByLabel('Discount code')).toHaveValue('TOUR10');
  await expect(cart.getByRole('status')).toContainText('TOUR10 applied');
  await screens(page, 7);

  // Payment comes back to the host the fan is on.
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/api/checkout/test/`));
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/\\?checkout=canceled`));

  // The cart is on every page: the 404 page and /redeem too.
  for (const address of ['/no-such-page', '/redeem']) {
    await page.goto(address);
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await expect(page.getByRole('dialog', { name: /^Your Cart/ })).toBeVisible();
  }
});
