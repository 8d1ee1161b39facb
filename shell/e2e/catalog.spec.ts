import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './utils/axe.js';
import { post } from './utils/post.js';
import { ADMIN_PASSWORD, startSite, type RunningSite } from './utils/site.js';

// Product photos and archiving in the admin, and notify-me for one size in the shop, on a wide
// screen and on a phone. Each screen has a site of its own, its tests one after another on it:
// the products and requests they add would change what the other suites count, and neither of
// these two touches what the other counts (a poster archived, a shirt's XL requested).
const SCREENS = [
  { name: '1440 px', viewport: { width: 1440, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
] as const;

/** A 48 × 32 PNG: small, and a real image for the gallery's pipeline. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCF8VIRryoH2PPOFgAET03NF/drCtAQdGhmiFsWdbxg2CMDtUMYcuyDiF80KJDNUPYssihCMY6HRwe1wd1FGBbuQK87AAAAABJRU5ErkJggg==',
  'base64',
);

/** Sends JSON from the page with the session cookie, as the dashboard does. The status. */
const send = (page: Page, method: string, path: string, body: unknown) =>
  page.evaluate(
    ([method, path, body]) =>
      fetch(path as string, {
        method: method as string,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status),
    [method, path, body] as const,
  );

async function logIn(page: Page, site: RunningSite) {
  await page.goto(`${site.url}/admin/login`);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Whether the table's widest part fits the screen (no sideways scroll on a phone). */
const tableFits = (page: Page) =>
  page
    .locator('.ant-table')
    .first()
    .evaluate((table) => table.scrollWidth <= document.documentElement.clientWidth);

for (const screen of SCREENS) {
  test.describe(`at ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });
    test.describe.configure({ timeout: 240_000 });
    let site: RunningSite;

    test.beforeAll(async () => {
      site = await startSite();
    });

    test.afterAll(async () => {
      await site?.stop();
    });

    test('a product gets its photo in its dialog, is archived once ordered and restored', async ({
      page,
    }) => {
      await logIn(page, site);
      const product = {
        name: 'Tour Poster',
        description: 'Screen-printed, 18 × 24 in.',
        priceInCents: 1500,
        image: null,
        sizes: [],
      };
      expect(await post(page, '/api/admin/products', product)).toBe(201);
      const sale = {
        stripeSessionId: `manual_e2e_${Date.now()}`,
        salesChannel: 'in-person',
        customerName: '',
        email: '',
        showLocation: 'Ryman Auditorium',
        lineItems: [{ product_name: 'Tour Poster', quantity: 1, price: 1500 }],
        total: 1500,
        paymentMethod: 'cash',
      };
      expect(await post(page, '/api/admin/orders/manual', sale)).toBe(201);

      await page.goto(`${site.url}/admin?tab=products`);
      await page.getByRole('button', { name: 'Edit Tour Poster' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Product' });
      await dialog
        .getByLabel('Photos')
        .setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText('Photo added')).toBeVisible();
      const preview = dialog.getByRole('img', { name: 'Photo 1 of Tour Poster (the card’s)' });
      await expect(preview).toHaveAttribute('src', /^\/media\/gallery\/[0-9a-f-]+-full\.webp$/);
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(48);
      // The card's photo is the first one's 600 px square.
      await expect(dialog.getByLabel('Image address')).toHaveValue(
        /^\/media\/gallery\/[0-9a-f-]+-medium\.webp$/,
      );
      expect(await axeViolations(page, '.ant-modal')).toEqual([]);

      await dialog.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: 'Delete this product?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(
        page.getByText('Product archived: it was ordered, so it stays on its orders'),
      ).toBeVisible();
      const shop = await page.request.get(`${site.url}/api/products`);
      expect(((await shop.json()) as { name: string }[]).map((p) => p.name)).not.toContain(
        'Tour Poster',
      );

      await page.getByRole('button', { name: 'Archived (1)' }).click();
      const row = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Tour Poster (archived)');
      expect(await tableFits(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      if (process.env.E2E_SCREENSHOT_DIR)
        await page.screenshot({
          path: `${process.env.E2E_SCREENSHOT_DIR}/products-archived-${screen.viewport.width}.png`,
        });

      await page.getByRole('button', { name: 'Restore Tour Poster' }).click();
      await expect(page.getByText('Tour Poster is back in the shop')).toBeVisible();
      const back = (await (await page.request.get(`${site.url}/api/products`)).json()) as {
        name: string;
        photo: { medium: { avif: string } } | null;
      }[];
      expect(back.at(-1)).toMatchObject({
        name: 'Tour Poster',
        photo: { medium: { avif: expect.stringMatching(/-medium\.avif$/) } },
      });
    });

    test('a sold-out size offers "Notify me when XL is back" and asks for that size', async ({
      page,
    }) => {
      await logIn(page, site);
      expect(
        await send(page, 'PUT', '/api/admin/products/tshirt/stock', { size: 'XL', stock: 0 }),
      ).toBe(200);

      await page.goto(`${site.url}/#merch`);
      const card = page.getByRole('article', { name: 'Wren Calloway T-Shirt' });
      await card.getByLabel('Size').selectOption('XL');
      await expect(card.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
      const notify = card.getByRole('button', { name: 'Notify me when XL is back' });
      // Beside the picker, and wholly on the screen once scrolled to (none of it off the side).
      await notify.scrollIntoViewIfNeeded();
      await expect(notify).toBeInViewport({ ratio: 1 });
      expect(await axeViolations(page, '#merch')).toEqual([]);
      if (process.env.E2E_SCREENSHOT_DIR)
        await page.screenshot({
          path: `${process.env.E2E_SCREENSHOT_DIR}/notify-size-${screen.viewport.width}.png`,
        });
      await notify.click();

      const dialog = page.getByRole('dialog', {
        name: 'Get Notified: Wren Calloway T-Shirt in XL',
      });
      await dialog.getByLabel('Email Address').fill('fan@example.com');
      await dialog.getByRole('button', { name: 'Notify Me' }).click();
      await expect(dialog.getByText("We'll notify you when XL is back.")).toBeVisible();
      expect(await axeViolations(page, '.ant-modal')).toEqual([]);

      const requests = await page.request.get(`${site.url}/api/admin/notify-me`);
      const rows = ((await requests.json()) as { rows: { email: string; size: string }[] }).rows;
      expect(rows).toEqual([expect.objectContaining({ email: 'fan@example.com', size: 'XL' })]);
    });
  });
}
