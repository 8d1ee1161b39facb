import type { Page } from '@playwright/test';
import { expect, test } from './utils/test.js';
import { axeViolations } from './utils/axe.js';
import { logIn } from './utils/admin.js';

// The site runs without SMTP_URL here, so every email is held in the outbox: the artist reads
// them in the Emails tab, and the newsletter links are taken from there.
test.describe.configure({ mode: 'serial' });

const FAN = 'e2e-double-opt-in@example.com';

/** The plain text of the held confirmation email, read in the admin's preview. */
async function confirmationText(page: Page): Promise<string> {
  await logIn(page);
  await expect(page.getByText('Email is not set up')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Emails', exact: true })
    .click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(FAN);
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  await expect(
    page.locator('.data-table').locator('.status-tag', { hasText: 'Held' }),
  ).toBeVisible();
  expect(await axeViolations(page), 'Emails tab').toEqual([]);
  await page.getByRole('button', { name: /^View email Please confirm your subscription/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTitle(/^Preview of Please confirm/)).toBeVisible();
  await dialog.getByText('Text', { exact: true }).click();
  const text = await dialog.getByLabel('Plain text').innerText();
  // Scanned with the text shown: axe cannot enter the HTML preview's frame, which is sandboxed
  // with scripts off, and that frame holds the email rather than the dashboard.
  expect(await axeViolations(page), 'email preview').toEqual([]);
  return text;
}

/** The path and query of the link after `label: ` in the email's text. */
function link(text: string, label: string): string {
  const url = new URL(new RegExp(`${label}: (\\S+)`).exec(text)![1]!);
  return `${url.pathname}${url.search}`;
}

test('a signup is confirmed with the button of the page its email links to, then unsubscribed with the button of the unsubscribe page; the pages and the Emails tab pass axe', async ({
  page,
}) => {
  await page.goto('/');
  const status = await page.evaluate(
    (email) =>
      fetch('/api/email-signup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      }).then((r) => r.status),
    FAN,
  );
  expect(status).toBe(201);
  const text = await confirmationText(page);

  await page.goto(link(text, 'Confirm'));
  await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  expect(await axeViolations(page), 'confirm page').toEqual([]);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: "You're on the list" })).toBeVisible();
  expect(await axeViolations(page), 'confirmed page').toEqual([]);

  await page.goto(link(text, 'Unsubscribe'));
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  expect(await axeViolations(page), 'unsubscribe page').toEqual([]);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  expect(await axeViolations(page), 'unsubscribed page').toEqual([]);

  await page.goto('/admin?tab=newsletter');
  await page.getByRole('searchbox', { name: 'Search' }).fill(FAN);
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  await expect(
    page.locator('.data-table').locator('.status-tag', { hasText: 'Unsubscribed' }),
  ).toBeVisible();
});

test('after paying, the buyer sees a receipt whose order number the confirmation email repeats', async ({
  page,
  baseURL,
}) => {
  // The test provider returns buyers to PUBLIC_URL, left at its default http://localhost:<port>.
  const origin = baseURL!.replace('127.0.0.1', 'localhost');
  await page.goto(`${origin}/`);
  const card = page.locator('article', { has: page.getByRole('button', { name: 'Add to Cart' }) });
  await card.getByLabel('Size').selectOption('S');
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: /Test checkout/ })).toBeVisible();
  const buyer = `receipt-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(buyer);
  await page.getByRole('button', { name: 'Pay' }).click();

  const receipt = page.getByRole('dialog', { name: /^Thank you! Order #\d+$/ });
  await expect(receipt).toBeVisible();
  const title = await page.getByText(/^Thank you! Order #\d+$/).innerText();
  const number = /#\d+/.exec(title)?.[0];
  expect(number).toMatch(/^#\d+$/);
  await expect(receipt.getByText('Wren Calloway T-Shirt - S')).toBeVisible();
  await expect(receipt.getByText('$30.00')).toBeVisible();
  await expect(receipt.getByText('123 Main St')).toBeVisible();
  // The receipt alone: the toast beside it is the storefront's own component, scanned elsewhere.
  expect(await axeViolations(page, '.ant-modal'), 'receipt').toEqual([]);

  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Emails', exact: true })
    .click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(buyer);
  await expect(page.getByText(`Your order ${number} is confirmed`)).toBeVisible();
});
