import { expect, test } from '@playwright/test';
import { startSite, type RunningSite } from './utils/site.js';

// A site of its own whose public forms take one post per address, so the second of each is the
// real server's 429.
const TOO_MANY = /^Too many requests\. Please try again in 10 minutes\.$/;

let site: RunningSite;

test.beforeAll(async () => {
  site = await startSite({ FORM_RATE_LIMIT: '1' });
});

test.afterAll(async () => {
  await site?.stop();
});

test('the storefront forms show the server sentence when an address posts too often', async ({
  page,
}) => {
  await page.goto(site.url);

  const signup = page.locator('#email-signup');
  for (let i = 0; i < 2; i++) {
    await signup.getByLabel('Email Address').fill('fan@example.com');
    await signup.getByRole('button', { name: 'Join the List' }).click();
    if (i === 0)
      await expect(
        page.locator('.toast').getByText('Almost there: check your inbox to confirm'),
      ).toBeVisible();
  }
  await expect(signup.getByRole('alert')).toHaveText(TOO_MANY);

  const contact = page.locator('#contact form');
  for (let i = 0; i < 2; i++) {
    await contact.getByLabel('First Name').fill('Dolly');
    await contact.getByLabel('Last Name').fill('Rivers');
    await contact.getByLabel('Email').fill('dolly@example.com');
    await contact.getByLabel('Subject').selectOption('fan');
    await contact.getByLabel('Message').fill('Hello');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    if (i === 0) await expect(page.getByText('Message sent!')).toBeVisible();
  }
  await expect(contact.getByRole('alert')).toHaveText(TOO_MANY);

  const dialog = page.getByRole('dialog', { name: 'Get Notified: Trucker Hat' });
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await dialog.getByLabel('Email Address').fill('fan@example.com');
  await dialog.getByRole('button', { name: 'Notify Me' }).click();
  await expect(dialog.getByText('Thank you!')).toBeVisible();
  await dialog.getByText('Close', { exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await dialog.getByLabel('Email Address').fill('fan@example.com');
  await dialog.getByRole('button', { name: 'Notify Me' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(TOO_MANY);
});
