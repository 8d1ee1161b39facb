import { expect, test, type APIRequestContext } from '@playwright/test';
import { TestSmtpServer } from '../../api/test/utils/smtp.js';
import { axeViolations } from './utils/axe.js';
import { adminApi, publishRelease, releaseZip } from './utils/releases.js';
import { startSite, type RunningSite } from './utils/site.js';

// A site of its own at http://localhost:<port> (WebAuthn takes no IP address as its relying
// party), mailing through a loopback SMTP server that parses every message it accepts. A fan who
// bought a release signs in with the emailed code, adds a passkey with Chromium's virtual
// authenticator (the DevTools WebAuthn domain), signs out, signs in with the passkey, and
// downloads the release from her library.
test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

const FAN = 'june@e2e.example';
const zip = releaseZip(20_000, 5);
const smtp = new TestSmtpServer();
let site: RunningSite;
let admin: APIRequestContext;

test.beforeAll(async () => {
  await smtp.start();
  site = await startSite({ SMTP_URL: smtp.url }, 'localhost');
  admin = await adminApi(site);
  await publishRelease(admin, { minPriceCents: 0, zip });
  // She bought it as a guest, before her account existed: a free order of the release.
  const order = await admin.post('/api/create-checkout-session', {
    data: { items: [{ productId: 'porch-light', quantity: 1, priceCents: 0 }], email: FAN },
  });
  expect(order.status(), await order.text()).toBe(200);
});

test.afterAll(async () => {
  await admin?.dispose();
  await site?.stop();
  await smtp.stop();
});

const signInEmails = () =>
  smtp.to(FAN).filter((m) => m.parsed.subject?.startsWith('Your sign-in code'));

/** The code of the newest sign-in email to the fan. */
function latestCode(): string {
  const mail = signInEmails().at(-1);
  const code = /Your code is (\d{6})/.exec(mail?.parsed.text ?? '')?.[1];
  if (!code) throw new Error('No sign-in code was emailed');
  return code;
}

test('a fan signs in by code, adds a passkey, signs in with it and downloads her release', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  // The header's "Account" link, then the sign-in page.
  await page.goto(`${site.url}/`);
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(`${site.url}/account`);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${site.url}/account/sign-in`);

  // By code: the one the loopback SMTP server received.
  await page.getByLabel('Email').fill(FAN);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('status')).toContainText('on their way');
  await expect.poll(() => signInEmails().length).toBe(1);
  await page.getByLabel('6-digit code').fill(latestCode());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${site.url}/account`);
  await expect(page.getByText(`Signed in as ${FAN}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /Download Porch Light \(MP3 320/ })).toBeVisible();

  // axe on /account, wide and narrow.
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A passkey, with the virtual authenticator.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added: next time, sign in with it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove passkey 1' })).toBeVisible();
  // A resident key (discoverable): the sign-in asks for no email to find it.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // Signed out, the account asks her to sign in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${site.url}/account/sign-in`);
  expect((await page.request.get(`${site.url}/api/account`)).status()).toBe(401);

  // With the passkey: no email at all.
  const codesBefore = smtp.to(FAN).length;
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${site.url}/account`);
  await expect(page.getByText(`Signed in as ${FAN}`)).toBeVisible();
  expect(smtp.to(FAN).length).toBe(codesBefore);

  // Her library downloads the release to her session.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Download Porch Light \(MP3 320/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Porch Light (MP3 320).zip');
  const path = await download.path();
  const { statSync } = await import('node:fs');
  expect(statSync(path).size).toBe(zip.length);
});
