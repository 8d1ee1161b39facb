import { expect, test } from '@playwright/test';
import { axeViolations } from './utils/axe.js';
import { adminApi, publishRelease, releaseZip } from './utils/releases.js';
import { startSite, type RunningSite } from './utils/site.js';

// A site of its own with a release the artist made and uploaded through the admin API.
let site: RunningSite;
const zip = releaseZip(20_000, 7);

test.beforeAll(async () => {
  site = await startSite();
  const admin = await adminApi(site);
  await publishRelease(admin, {
    minPriceCents: 800,
    zip,
    tracks: [
      { title: 'Porch Light', durationSeconds: 215 },
      { title: 'Gravel Road', durationSeconds: 187 },
    ],
  });
  await admin.dispose();
});

test.afterAll(async () => {
  await site?.stop();
});

test('a fan buys a release at the price she chose and downloads it from the receipt', async ({
  page,
}) => {
  await page.goto(`${site.url}/`);
  const card = page.locator('article', {
    has: page.getByRole('heading', { name: 'Porch Light', exact: true }),
  });
  await expect(card.getByText('$8.00 or more')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Tracks of Porch Light' })).toContainText(
    'Gravel Road 3:07',
  );
  const price = card.getByLabel('Name your price (USD)');
  await expect(price).toHaveValue('8.00');
  await price.fill('5');
  await expect(card.getByRole('alert')).toHaveText('The lowest price for Porch Light is $8.00.');
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await price.fill('12.50');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await card.getByRole('button', { name: 'Add to Cart' }).click();

  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const cart = page.getByRole('dialog');
  await expect(cart.getByText('$12.50').first()).toBeVisible();
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(
    page.getByRole('heading', { name: 'Test checkout — no real payment' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Pay $12.50 (test)' }).click();

  const receipt = page.getByRole('dialog', { name: /^Thank you! Order #\d+$/ });
  await expect(receipt).toBeVisible();
  const link = receipt.getByRole('link', { name: 'Download Porch Light (MP3 320)' });
  await expect(link).toBeVisible();
  expect(await axeViolations(page, '.ant-modal')).toEqual([]);

  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Porch Light (MP3 320).zip');
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(zip)).toBe(true);
});
