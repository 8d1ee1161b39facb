import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { TestSmtpServer } from '../../api/test/utils/smtp.js';
import { axeViolations } from './utils/axe.js';
import { adminApi } from './utils/releases.js';
import { startSite, type RunningSite } from './utils/site.js';

// A site of its own with the built-in test payment provider (no Stripe key, as `npm start`
// runs), mailing through a loopback SMTP server. The artist offers a tier; a signed-in fan joins
// it from the home page's Membership section through the test provider's page, sees the
// membership in her account, and cancels it at the end of the period in the test portal.
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const FAN = 'ruth@e2e.example';
const smtp = new TestSmtpServer();
let site: RunningSite;
let admin: APIRequestContext;

test.beforeAll(async () => {
  await smtp.start();
  site = await startSite({ SMTP_URL: smtp.url });
  admin = await adminApi(site);
  const tier = await admin.post('/api/admin/membership-tiers', {
    data: {
      name: 'Front Row',
      description: 'Closer to the music, month by month.',
      monthlyPriceCents: 500,
      yearlyPriceCents: 5000,
      perks: { allDownloads: true, earlyAccessDays: 7, presale: true },
    },
  });
  expect(tier.status(), await tier.text()).toBe(201);
});

test.afterAll(async () => {
  await admin?.dispose();
  await site?.stop();
  await smtp.stop();
});

async function signIn(page: Page) {
  await page.goto(`${site.url}/account/sign-in`);
  await page.getByLabel('Email').fill(FAN);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect.poll(() => smtp.to(FAN).length).toBe(1);
  const code = /Your code is (\d{6})/.exec(smtp.to(FAN)[0]!.parsed.text ?? '')?.[1];
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(`Signed in as ${FAN}`)).toBeVisible();
}

test('a signed-in fan joins from the Membership section through the test provider and sees it in her account', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);

  await page.goto(`${site.url}/#membership`);
  const section = page.locator('#membership');
  await expect(section.getByRole('heading', { name: 'Membership' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Front Row' })).toBeVisible();
  await expect(section.getByText('New releases 7 days before everyone else.')).toBeVisible();
  expect(await axeViolations(page, '#membership')).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page, '#membership')).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Signed in, the join goes straight to the payment page: the test provider's.
  await section.getByRole('button', { name: 'Join for $5 a month' }).click();
  await expect(page).toHaveURL(/\/api\/checkout\/test-membership\//);
  await expect(page.getByText(`$5.00 a month, for ${FAN}`)).toBeVisible();
  await page.getByRole('button', { name: 'Join for $5.00 a month (test)' }).click();

  await expect(page).toHaveURL(`${site.url}/account?membership=joined`);
  const membership = page.getByRole('region', { name: 'Your membership' });
  await expect(membership).toContainText('Front Row, by the month: Active.');
  await expect(membership).toContainText(/Renews on /);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The test portal cancels at the end of the period: the account then says when it ends.
  await membership.getByRole('button', { name: 'Change card or cancel' }).click();
  await expect(page).toHaveURL(/\/api\/checkout\/test-portal\//);
  await page.getByRole('button', { name: 'Cancel membership at the end of the period' }).click();
  await expect(page).toHaveURL(`${site.url}/account`);
  await expect(membership).toContainText(/Ends on /);
  await expect(membership).not.toContainText(/Renews on /);
});
