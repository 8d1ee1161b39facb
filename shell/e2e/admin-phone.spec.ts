import { expect, test } from './utils/test.js';
import { ADMIN_PASSWORD, startSite } from './utils/site.js';
import { post } from './utils/post.js';

// The dashboard on a 390 px wide phone: every area in its menu and the header within the screen.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone every area is in the menu, the overview stays in sight, and the header fits', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();

  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: 'Back to Site' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
  const header = page.locator('header');
  expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  if (process.env.E2E_SCREENSHOT) await page.screenshot({ path: process.env.E2E_SCREENSHOT });

  await menu.click();
  const nav = page.getByRole('navigation', { name: 'Admin areas' });
  await expect(nav.getByRole('link', { name: 'Shows' })).toHaveAttribute('aria-current', 'page');
  for (const name of [
    'Orders',
    'Products',
    'Fans',
    'Newsletter',
    'Notify-me',
    'Messages',
    'Shows',
    'Page',
    'Photos',
    'Sales',
    'Emails',
  ]) {
    const link = nav.getByRole('link', { name, exact: true });
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await nav.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(nav).toBeHidden();

  const overview = page.getByRole('navigation', { name: 'Overview' });
  await expect(overview.getByRole('link')).toHaveCount(4);
  await overview.getByRole('link', { name: /Orders to ship/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
  await menu.click();
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
});

/** An address as long as real ones get, with no place a line could break. */
const LONG_ADDRESS = 'constance.wilhelmina.abernathy-fitzgerald@riverbend-mailboxes.example.com';

test("on a phone every tab's table keeps to the screen, long addresses and all", async ({
  page,
}) => {
  // A site of its own: the rows it adds would change the counts the desktop suite expects.
  const site = await startSite();
  try {
    await page.goto(`${site.url}/admin/login`);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    const show = {
      venue: 'The Grand Ole Opry House Backstage Songwriters Circle',
      city: 'Nashville, TN',
      date: '2099-05-01',
      status: 'published',
      time: '8:00 PM',
      ageRequirement: 'All Ages',
      ticketButtonType: 'free',
      soldOut: 'false',
    };
    expect(await post(page, '/api/admin/shows', show)).toBe(201);
    const order = {
      salesChannel: 'online',
      customerName: 'Constance Abernathy-Fitzgerald',
      email: LONG_ADDRESS,
      lineItems: [{ product_name: 'Tour Poster', quantity: 1, price: 1500 }],
      shippingAddress: JSON.stringify({ address: '12 Revelator Road, Nashville, TN' }),
      paymentMethod: 'venmo',
    };
    expect(await post(page, '/api/admin/orders/manual', order)).toBe(201);
    expect(await post(page, '/api/email-signup', { email: LONG_ADDRESS })).toBe(201);
    const request = { email: LONG_ADDRESS, productName: 'Sticker Pack' };
    expect(await post(page, '/api/notify-me', request)).toBe(201);
    const message = {
      firstName: 'Constance',
      lastName: 'Abernathy-Fitzgerald',
      email: LONG_ADDRESS,
      subject: 'fan',
      message: 'Saw you at the Opry.',
    };
    expect(await post(page, '/api/contact', message)).toBe(201);

    for (const tab of [
      'shows',
      'orders',
      'products',
      'notify-me',
      'newsletter',
      'messages',
      'emails',
      'fans',
    ]) {
      await page.goto(`${site.url}/admin/${tab}`);
      const table = page.locator('.data-table');
      await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
      const body = table.locator('.ant-table-body');
      const widths = await body.evaluate((b) => [b.scrollWidth, b.clientWidth]);
      expect({ tab, fits: widths[0]! <= widths[1]! }).toEqual({ tab, fits: true });
      await expect(table.locator('thead th').last()).toBeInViewport({ ratio: 1 });
    }
  } finally {
    await site.stop();
  }
});
