import type { Page } from '@playwright/test';
import { expect, test } from './utils/test.js';
import { axeViolations } from './utils/axe.js';
import { addShirts } from './utils/shop.js';
import { ADMIN_PASSWORD } from './utils/site.js';
import { post } from './utils/post.js';

// The admin's side navigation and the rough edges a newcomer met, at 1440 px and at 390 px.

const AREAS = [
  'Orders',
  'Products',
  'Releases',
  'Discounts',
  'Shipping',
  'Fans',
  'Members',
  'Newsletter',
  'Campaigns',
  'Suppressions',
  'Notify-me',
  'Messages',
  'Shows',
  'Page',
  'Photos',
  'Sales',
  'Emails',
];

async function logIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/shows$/);
}

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOT_DIR) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/${name}.png` });
  }
};

/** Whether the page scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('each area is a link of the side navigation with its own address, which a reload keeps', async ({
    page,
  }) => {
    await logIn(page);
    const nav = page.getByRole('navigation', { name: 'Admin areas' });
    await expect(nav.getByRole('heading')).toHaveText(['Sell', 'Fans', 'Site', 'Reports']);
    await expect(nav.getByRole('link')).toHaveText(AREAS);
    await expect(nav.getByRole('link', { name: 'Shows' })).toHaveAttribute('aria-current', 'page');
    // The overview strip stays on top of the area.
    const overview = page.getByRole('navigation', { name: 'Overview' });
    await expect(overview).toBeVisible();
    await shot(page, 'admin-nav-1440');

    await nav.getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(page.getByRole('main', { name: 'Messages' })).toBeVisible();
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('main', { name: 'Messages' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // An address from before, with its filter: the same area, the same filter.
    await page.goto('/admin?tab=orders&status=fulfilled');
    await expect(page).toHaveURL(/\/admin\/orders\?status=fulfilled$/);
    await expect(page.getByRole('button', { name: /^Fulfilled/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // A filter picked in an area survives a reload of its address.
    await page.goto('/admin/products?status=sold-out');
    await page.reload();
    await expect(page.getByRole('button', { name: /^Sold out/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('the Emails table shows View without scrolling sideways', async ({ page }) => {
    await logIn(page);
    // A confirmation email to a long address, as real ones get.
    const email = `constance.wilhelmina.abernathy-fitzgerald.${Date.now()}@riverbend-mailboxes.example.com`;
    expect(await post(page, '/api/email-signup', { email })).toBe(201);
    await page
      .getByRole('navigation', { name: 'Admin areas' })
      .getByRole('link', { name: 'Emails' })
      .click();
    await expect(page).toHaveURL(/\/admin\/emails$/);
    const table = page.locator('.data-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    const body = table.locator('.ant-table-body, .ant-table-content').first();
    const [scrollWidth, clientWidth] = await body.evaluate((b) => [b.scrollWidth, b.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expect(table.getByRole('button', { name: /^View email / }).first()).toBeInViewport({
      ratio: 1,
    });
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'emails-1440');
  });

  test('the shop says test mode and Sold out, and offers the calendar address to copy', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    const merch = page.locator('#merch');
    await expect(merch.getByText('Test mode: no card is charged')).toBeVisible();
    await expect(merch.getByText(/Secure checkout powered by/)).toHaveCount(0);
    const hat = merch.locator('article', { hasText: 'Trucker Hat' });
    await expect(hat.getByText('Sold out')).toBeVisible();
    await expect(page.getByText('Coming Soon')).toHaveCount(0);

    const shows = page.locator('#shows');
    await shows.getByRole('button', { name: 'Subscribe to calendar' }).click();
    const origin = new URL(page.url()).origin;
    await expect(shows.getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute(
      'href',
      `webcal://${new URL(origin).host}/api/shows.ics`,
    );
    const address = shows.getByLabel('Or add this address to your calendar');
    await expect(address).toHaveValue(`${origin}/api/shows.ics`);
    await shows.getByRole('button', { name: 'Copy' }).click();
    await expect(shows.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${origin}/api/shows.ics`,
    );
    expect(await axeViolations(page, '#shows')).toEqual([]);
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the areas sit in a menu, whose links lead to addresses a reload keeps', async ({
    page,
  }) => {
    await logIn(page);
    await expect(page.getByRole('navigation', { name: 'Admin areas' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Overview' })).toBeVisible();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Admin areas' });
    await expect(nav.getByRole('link')).toHaveText(AREAS);
    for (const area of AREAS)
      await expect(nav.getByRole('link', { name: area, exact: true })).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'admin-menu-390');
    await nav.getByRole('link', { name: 'Sales' }).click();
    await expect(page).toHaveURL(/\/admin\/sales$/);
    await expect(nav).toBeHidden();
    await page.reload();
    await expect(page.getByRole('main', { name: 'Sales' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
  });

  test('the Sales view keeps to the screen, and the photo description count clears its help', async ({
    page,
  }) => {
    await logIn(page);
    await page.goto('/admin/sales');
    await expect(page.getByTestId('sales-totals')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'By month' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    for (const table of await page.locator('.ant-table-content, .ant-table-body').all()) {
      const [scrollWidth, clientWidth] = await table.evaluate((t) => [
        t.scrollWidth,
        t.clientWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    }
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'sales-390');

    await page.goto('/admin/photos');
    const form = page.getByRole('form', { name: 'Upload a photo' });
    await form.getByLabel('Description').fill('The band on the porch at dusk');
    const count = form.locator('.ant-input-data-count');
    const help = form.getByText('What the photo shows, for visitors who cannot see it.');
    await expect(count).toBeVisible();
    const a = (await count.boundingBox())!;
    const b = (await help.boundingBox())!;
    const overlap =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
    await shot(page, 'photos-390');
  });

  test('after paying, the receipt is on screen with its order number, and no toast covers it', async ({
    page,
  }) => {
    await page.goto('/');
    await addShirts(page, 'M', 0);
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const cart = page.getByRole('dialog', { name: /^Your Cart/ });
    await expect(cart.getByText('Test mode: no card is charged')).toBeVisible();
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { name: /Test checkout/ })).toBeVisible();
    await page.getByLabel('Email').fill(`receipt-${Date.now()}@example.com`);
    await page.getByRole('button', { name: /^Pay/ }).click();
    const receipt = page.getByRole('dialog', { name: /^Thank you! Order / });
    await expect(receipt).toBeVisible();
    await expect(receipt.getByText(/^Your order number is/).locator('strong')).toBeInViewport({
      ratio: 1,
    });
    // Past the moment the toast used to come.
    await page.waitForTimeout(1000);
    await expect(page.getByText('Order Successful')).toHaveCount(0);
    await shot(page, 'receipt-390');
  });
});
