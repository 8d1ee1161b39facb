import { devices, expect, test, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { axeViolations } from './utils/axe.js';
import { pastTheScreen } from './utils/layout.js';
import { ADMIN_PASSWORD, startSite, type RunningSite } from './utils/site.js';

// A site of its own, with ARTIST_EMAIL set and no SMTP_URL: the reset email is held in the
// outbox and read in the Emails tab, as the artist would on a site without email set up. Its
// password changes here, so no other file shares it.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });

const NEW_PASSWORD = 'a new e2e password';
let site: RunningSite;

test.beforeAll(async () => {
  site = await startSite({ ARTIST_EMAIL: 'wren@e2e.example' });
});

test.afterAll(async () => {
  await site?.stop();
});

async function logIn(page: Page, password: string) {
  await page.goto(`${site.url}/admin/login`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
}

/** The link of the newest "Reset your password" email, read in the Emails area as the artist would. */
async function resetLinkFromEmails(page: Page): Promise<URL> {
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Emails' })
    .click();
  await page
    .getByRole('button', { name: /^View email Reset your password/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Text', { exact: true }).click();
  const text = await dialog.getByLabel('Plain text').innerText();
  await page.keyboard.press('Escape');
  return new URL(/Choose a new password: (\S+)/.exec(text)![1]!);
}

/** A paid order of the test payment provider, 2 × M, paid on its test checkout page. */
async function paidTestOrder(page: Page) {
  await page.goto(site.url);
  const url = await page.evaluate(async () => {
    const res = await fetch('/api/create-checkout-session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: 'tshirt', size: 'M', quantity: 2 }] }),
    });
    return ((await res.json()) as { url: string }).url;
  });
  await page.goto(url);
  await page.locator('input[name="name"]').fill('June Carter');
  await page.locator('input[name="email"]').fill('june@example.com');
  await page.getByRole('button', { name: 'Pay $55.00 (test)' }).click();
  await page.waitForURL(/checkout=success/);
}

test('refunds part of an order from its dialog, after a confirmation naming the amount', async ({
  page,
}) => {
  await paidTestOrder(page);
  await logIn(page, ADMIN_PASSWORD);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await page
    .getByRole('button', { name: /^Manage order \d+$/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Order Details' });
  const amount = dialog.getByLabel('Amount ($), up to $55.00');
  await expect(amount).toHaveValue('55.00');
  await amount.fill('12.50');
  await dialog.getByRole('checkbox', { name: 'Put the items back in stock' }).check();
  expect(await axeViolations(page), 'Order dialog with Refund').toEqual([]);
  await dialog.getByRole('button', { name: 'Refund…' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Refund $12.50 to June Carter?' });
  await expect(confirm).toContainText('and puts its items back in stock');
  expect(await axeViolations(page), 'refund confirmation').toEqual([]);
  await confirm.getByRole('button', { name: 'Refund $12.50' }).click();
  await expect(page.getByText('Refunded $12.50')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Order Details' })).toBeHidden();

  await page
    .getByRole('button', { name: /^Manage order \d+$/ })
    .first()
    .click();
  await expect(dialog.getByText('Partially refunded')).toBeVisible();
  await expect(dialog.getByLabel('Amount ($), up to $42.50')).toHaveValue('42.50');
  await expect(
    dialog.getByRole('checkbox', { name: 'Items already back in stock' }),
  ).toBeDisabled();
});

test('forgot password: the emailed link sets a new password, once, and the pages pass axe', async ({
  page,
}) => {
  await page.goto(`${site.url}/admin/login`);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText(/^If an email address is set up for the admin/)).toBeVisible();
  expect(await axeViolations(page), 'login page with the reset sent').toEqual([]);

  // The artist reads the held email in the Emails tab.
  await logIn(page, ADMIN_PASSWORD);
  const link = await resetLinkFromEmails(page);
  expect(link.pathname).toBe('/admin/reset-password');
  expect(link.searchParams.get('token')).toMatch(/^[\w-]{40,}$/);
  await logOut(page);

  const resetPage = `${site.url}${link.pathname}${link.search}`;
  await page.goto(resetPage);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('New password again').fill(NEW_PASSWORD);
  expect(await axeViolations(page), 'reset page').toEqual([]);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/every session was logged out/)).toBeVisible();
  expect(await axeViolations(page), 'reset page, done').toEqual([]);

  // Used once.
  await page.goto(resetPage);
  await page.getByLabel('New password', { exact: true }).fill('one more password');
  await page.getByLabel('New password again').fill('one more password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(/expired or was already used/);

  await logIn(page, ADMIN_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Incorrect password.');
  await logIn(page, NEW_PASSWORD);
  await expect(page.getByRole('main', { name: 'Shows' })).toBeVisible();
});

test('two-step login: set up with a QR code, then a login needs a code; recovery codes work once', async ({
  page,
}) => {
  await logIn(page, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account' });
  await dialog.getByRole('button', { name: 'Set up two-step login' }).click();
  await expect(
    dialog.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  const secret = (await dialog.locator('code').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await axeViolations(page), 'Account dialog, set-up').toEqual([]);
  await dialog.getByLabel('Code from the app').fill(generateSync({ secret }));
  await dialog.getByRole('button', { name: 'Turn on two-step login' }).click();
  const list = dialog.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allInnerTexts();
  expect(await axeViolations(page), 'Account dialog, recovery codes').toEqual([]);
  await dialog.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(dialog.getByText('10 recovery codes are left.')).toBeVisible();
  await page.keyboard.press('Escape');
  await logOut(page);

  await logIn(page, NEW_PASSWORD);
  // The code step is a prompt, not an error.
  await expect(
    page.getByRole('status').filter({ hasText: /^Enter the 6-digit code/ }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^That code is not right/);
  expect(await axeViolations(page), 'login page with the code step').toEqual([]);
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('main', { name: 'Shows' })).toBeVisible();
  await logOut(page);

  await logIn(page, NEW_PASSWORD);
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^That code is not right/);
  await page.getByLabel('Authentication code').fill(codes[1]!);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('main', { name: 'Shows' })).toBeVisible();

  // Turned off again with a third recovery code.
  await page.getByRole('button', { name: 'Account' }).click();
  await expect(dialog.getByText('8 recovery codes are left.')).toBeVisible();
  await dialog.getByLabel('Code from the app, or a recovery code, to turn it off').fill(codes[2]!);
  await dialog.getByRole('button', { name: 'Turn off two-step login' }).click();
  await expect(dialog.getByRole('button', { name: 'Set up two-step login' })).toBeVisible();
});

test('on a phone the reset page and the two-step login pages keep to the screen and pass axe', async ({
  page,
  browser,
}) => {
  // Two-step login on, as the artist would have it by now.
  await logIn(page, NEW_PASSWORD);
  await expect(page.getByRole('main', { name: 'Shows' })).toBeVisible();
  const { secret } = await page.evaluate(async () => {
    const res = await fetch('/api/admin/2fa/setup', { method: 'POST' });
    return (await res.json()) as { secret: string };
  });
  const { recoveryCodes } = await page.evaluate(async (code) => {
    const res = await fetch('/api/admin/2fa/enable', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    return (await res.json()) as { recoveryCodes: string[] };
  }, generateSync({ secret }));
  expect(recoveryCodes).toHaveLength(10);

  // A phone (touch, mobile layout) at 390 px, the narrowest width the site is tried at.
  const phoneContext = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    baseURL: site.url,
  });
  const phone = await phoneContext.newPage();
  try {
    // The login page, its reset form sent.
    await phone.goto('/admin/login');
    expect(await phone.evaluate(() => document.documentElement.clientWidth)).toBe(390);
    await phone.getByRole('button', { name: 'Forgot password?' }).click();
    await phone.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(phone.getByText(/^If an email address is set up for the admin/)).toBeVisible();
    expect(await pastTheScreen(phone), 'login page with the reset sent').toEqual([]);
    expect(await axeViolations(phone), 'login page with the reset sent').toEqual([]);

    // The two steps: the password, then the code, a wrong one first.
    await phone.goto('/admin/login');
    await phone.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await phone.getByRole('button', { name: 'Login' }).click();
    await expect(
      phone.getByRole('status').filter({ hasText: /^Enter the 6-digit code/ }),
    ).toBeVisible();
    expect(await pastTheScreen(phone), 'login page asking for the code').toEqual([]);
    expect(await axeViolations(phone), 'login page asking for the code').toEqual([]);
    await phone.getByLabel('Authentication code').fill('000000');
    await phone.getByRole('button', { name: 'Login' }).click();
    await expect(phone.getByRole('alert')).toHaveText(/^That code is not right/);
    expect(await pastTheScreen(phone), 'login page with a wrong code').toEqual([]);
    expect(await axeViolations(phone), 'login page with a wrong code').toEqual([]);
    if (process.env.E2E_SCREENSHOT_DIR) {
      await phone.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/phone-login-code.png` });
    }
    // The app's current code went on turning it on, and is used up: a recovery code instead.
    await phone.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    await phone.getByRole('button', { name: 'Login' }).click();
    await expect(phone.getByRole('main', { name: 'Shows' })).toBeVisible();
    await phone.getByRole('button', { name: 'Logout' }).click();
    await expect(phone.getByRole('heading', { name: 'Admin Login' })).toBeVisible();

    // The emailed link's page, before and after the new password.
    const link = await resetLinkFromEmails(page);
    await phone.goto(`${link.pathname}${link.search}`);
    await phone.getByLabel('New password', { exact: true }).fill('a password set on a phone');
    await phone.getByLabel('New password again').fill('a password set on a phone');
    expect(await pastTheScreen(phone), 'reset page').toEqual([]);
    expect(await axeViolations(phone), 'reset page').toEqual([]);
    await phone.getByRole('button', { name: 'Set new password' }).click();
    await expect(phone.getByText(/every session was logged out/)).toBeVisible();
    expect(await pastTheScreen(phone), 'reset page, done').toEqual([]);
    expect(await axeViolations(phone), 'reset page, done').toEqual([]);
    if (process.env.E2E_SCREENSHOT_DIR) {
      await phone.screenshot({ path: `${process.env.E2E_SCREENSHOT_DIR}/phone-reset-done.png` });
    }
  } finally {
    await phoneContext.close();
  }
});
