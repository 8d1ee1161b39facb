import type { Page } from '@playwright/test';
import { expect, test } from './utils/test.js';
import { axeViolations } from './utils/axe.js';
import { post } from './utils/post.js';
import {
  buyShirts,
  JESSI,
  LATE_SHOW,
  logIn,
  MORE_SHOWS,
  NEW_MESSAGES,
  OPRY_SIGNUPS,
  postAtOnce,
  send,
  STICKER_FANS,
  WAYLON,
} from './utils/admin.js';

// The dashboard's login, guard and logout, axe over each area, and the page and photos, against
// the production build, the real API and a fresh database of this file's own (`siteName`,
// utils/test.ts). Each area's own tests are in admin-<area>.spec.ts, each on a site of its own.
// These tests do not depend on each other.
test.use({ siteName: 'admin' });

/**
 * Rows in every area, in each of its statuses, for the axe test: the data the areas' own files
 * make through the dashboard (admin-<area>.spec.ts), made here through the API and the checkout.
 * Each answer is checked, so a row that failed to appear fails here rather than leave a table
 * empty. Logged in.
 */
async function fillEveryArea(page: Page) {
  // Shows: published, past (published, dated before today) and draft.
  const show = {
    time: '8:00 PM',
    ageRequirement: 'All Ages',
    ticketButtonType: 'free',
    soldOut: 'false',
  };
  for (const body of [
    {
      ...show,
      venue: 'The Station Inn',
      city: 'Nashville, TN',
      date: '2099-05-01',
      status: 'published',
    },
    {
      ...show,
      venue: LATE_SHOW,
      city: 'New Braunfels, TX',
      date: '2099-03-14',
      status: 'published',
    },
    ...MORE_SHOWS,
  ]) {
    expect(await post(page, '/api/admin/shows', body), body.venue).toBe(201);
  }

  // Orders: a walk-up sale (fulfilled), an online order fulfilled with a tracking number, and two
  // checkout orders through the test payment provider (Test, Paid), one of them fulfilled.
  const shirt = { product_name: 'Wren Calloway T-Shirt', quantity: 1, price: 2500 };
  const walkUp = await send(page, 'POST', '/api/admin/orders/manual', {
    salesChannel: 'in-person',
    showLocation: 'The Station Inn',
    lineItems: [shirt],
  });
  expect(walkUp.status).toBe(201);
  const online = await send(page, 'POST', '/api/admin/orders/manual', {
    salesChannel: 'online',
    customerName: 'Loretta Fan',
    email: 'loretta@example.com',
    lineItems: [shirt],
    shippingAddress: JSON.stringify({ address: '1 Main St, Austin TX 78701' }),
  });
  expect(online.status).toBe(201);
  const fulfil = { fulfillmentStatus: 'fulfilled', trackingNumber: '1Z999AA10123456784' };
  expect((await send(page, 'PUT', `/api/admin/orders/${online.body.id}`, fulfil)).status).toBe(200);
  await buyShirts(page, WAYLON, 2);
  await buyShirts(page, JESSI, 1);
  // The checkout returns to the site's PUBLIC_URL (localhost), whose cookies are not those of
  // 127.0.0.1, where the dashboard is logged in.
  await page.goto('/');
  const waylon = await send(page, 'GET', '/api/admin/orders?search=waylon');
  expect(waylon, JSON.stringify(waylon.body)).toMatchObject({ status: 200 });
  expect(waylon.body.rows).toHaveLength(1);
  const shipped = { ...fulfil, trackingNumber: '9400111899223197428490' };
  expect(
    (await send(page, 'PUT', `/api/admin/orders/${waylon.body.rows[0].id}`, shipped)).status,
  ).toBe(200);

  // Notify-me: 101 requests for the hat and three for stickers; two of the hat's notified.
  const hats = Array.from({ length: 101 }, (_, i) => ({
    email: `fan${i}@example.com`,
    productName: 'Trucker Hat',
  }));
  const stickers = STICKER_FANS.map((email) => ({ email, productName: 'Sticker Pack' }));
  const asked = await postAtOnce(page, '/api/notify-me', [...hats, ...stickers]);
  expect(asked.every((s) => s === 201)).toBe(true);
  for (const search of ['fan7@example.com', 'fan70@example.com']) {
    const marked = await send(page, 'PUT', '/api/admin/notify-me/bulk', {
      filter: { search },
      notified: true,
    });
    expect(marked.body, search).toEqual({ updated: 1 });
  }

  // Newsletter: 60 signups, two contacted.
  const readers = Array.from({ length: 55 }, (_, i) => `reader${i + 1}@example.com`);
  const signups = ['patsy@example.com', 'hank@example.com', ...readers, ...OPRY_SIGNUPS];
  const signed = await postAtOnce(
    page,
    '/api/email-signup',
    signups.map((email) => ({ email })),
  );
  expect(signed.every((s) => s === 201)).toBe(true);
  for (const search of ['patsy@example.com', 'reader10@example.com']) {
    const marked = await send(page, 'PUT', '/api/admin/email-signups/bulk', {
      filter: { search },
      contacted: true,
    });
    expect(marked.body, search).toEqual({ updated: 1 });
  }

  // Messages: five, three of them responded.
  const messages = [
    {
      firstName: 'June',
      lastName: 'Carter',
      email: 'june@example.com',
      subject: 'booking',
      message: 'Can you play our barn dance?',
    },
    {
      firstName: 'Emmylou',
      lastName: 'Harris',
      email: 'emmylou@example.com',
      subject: 'press',
      message: 'Interview request for our spring issue.',
    },
    ...NEW_MESSAGES,
  ];
  for (const message of messages) {
    expect(await post(page, '/api/contact', message), message.firstName).toBe(201);
  }
  for (const search of ['june@example.com', 'emmylou@example.com', 'kris@example.com']) {
    const marked = await send(page, 'PUT', '/api/admin/contact-messages/bulk', {
      filter: { search },
      status: 'responded',
    });
    expect(marked.body, search).toEqual({ updated: 1 });
  }
}

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
  await expect(page).toHaveURL(/\/admin\/shows$/);
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/shows$/);
});

test('axe finds no accessibility violations on the login screen and each area', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await logIn(page);
  await test.step('rows in every area, sent through the API and the checkout', () =>
    fillEveryArea(page));
  await page.goto('/admin/shows');
  const nav = page.getByRole('navigation', { name: 'Admin areas' });
  for (const tab of ['Shows', 'Orders', 'Products', 'Notify-me', 'Newsletter', 'Messages']) {
    await nav.getByRole('link', { name: tab, exact: true }).click();
    await expect(nav.getByRole('link', { name: tab, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText(/Showing \d+-\d+ of \d+|No /).first()).toBeVisible();
    expect(await axeViolations(page), tab).toEqual([]);
  }
});

test('logout returns to the login screen', async ({ page }) => {
  await logIn(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('page and photos: the artist changes her tagline and adds a photo, and / shows both at once, before any script runs too; axe on both tabs', async ({
  page,
  browser,
}) => {
  const tagline = 'Songs from the Hill Country, live & unplugged';
  const alt = 'Wren Calloway tuning her fiddle backstage';
  await logIn(page);

  await page.goto('/admin?tab=page');
  await expect(
    page
      .getByRole('navigation', { name: 'Admin areas' })
      .getByRole('link', { name: 'Page', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  const field = page.getByLabel('Tagline');
  await expect(field).toHaveValue('Singer • Songwriter • Musician');
  expect(await axeViolations(page), 'Page tab').toEqual([]);
  await field.fill(tagline);
  await expect(page.getByRole('region', { name: 'Preview' }).getByText(tagline)).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Page saved')).toBeVisible();

  await page.goto('/admin?tab=photos');
  await expect(
    page
      .getByRole('navigation', { name: 'Admin areas' })
      .getByRole('link', { name: 'Photos', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  const list = page.getByRole('list', { name: 'Photos in gallery order' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  expect(await axeViolations(page), 'Photos tab').toEqual([]);
  // A phone photo: 1200 × 900, larger than the grid's size in both directions.
  const sharp = (await import('sharp')).default;
  const jpeg = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: '#8a5a2b' },
  })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Photo', { exact: true }).setInputFiles({
    name: 'backstage.jpg',
    mimeType: 'image/jpeg',
    buffer: jpeg,
  });
  await page.getByRole('textbox', { name: 'Description' }).fill(alt);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Photo uploaded')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('listitem').last()).toHaveAccessibleName(`Photo 4: ${alt}`);

  // Moved from last to third (the jsdom suite covers dragging's order arithmetic).
  await page.getByRole('button', { name: `Move up: ${alt}` }).click();
  await expect(list.getByRole('listitem').nth(2)).toHaveAccessibleName(`Photo 3: ${alt}`);

  // A visitor's first look, in a fresh browser context.
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.locator('.hero__tagline')).toHaveText(tagline);
  const photos = visitor.locator('#gallery').getByRole('button', { name: /^Enlarge photo: / });
  await expect(photos).toHaveCount(4);
  await expect(photos.nth(2)).toHaveAccessibleName(`Enlarge photo: ${alt}`);
  const picture = photos.nth(2).locator('picture');
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /^\/media\/gallery\/[\w-]+\.avif$/,
  );
  const img = picture.locator('img');
  await expect(img).toHaveAttribute('src', /^\/media\/gallery\/[\w-]+\.webp$/);
  await expect(img).toHaveAttribute('width', '600');
  await expect(img).toHaveAttribute('height', '400');
  // The browser really shows it (an image that failed to load has no natural width), in AVIF.
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(600);
  expect(await img.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/\.avif$/);
  await photos.nth(2).click();
  await expect(visitor.getByRole('dialog').getByRole('img', { name: alt })).toBeVisible();
  await visitor.close();

  // Without scripts, the page the server sent already says it.
  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScripts.newPage();
  await bare.goto(new URL('/', page.url()).href);
  await expect(bare.locator('.hero__tagline')).toHaveText(tagline);
  await noScripts.close();

  // Deleted, it leaves the page.
  await page.getByRole('button', { name: `Delete: ${alt}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  // The photo leaving the list is what the deletion means; the toast that says so lasts seconds,
  // and under load the page may show it late.
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('Failed to delete the photo')).toHaveCount(0);
  await page.goto('/');
  await expect(
    page.locator('#gallery').getByRole('button', { name: /^Enlarge photo: / }),
  ).toHaveCount(3);
});
