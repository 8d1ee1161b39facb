import { expect, test, type Page } from '@playwright/test';
import { TestSmtpServer } from '../../api/test/utils/smtp.js';
import { axeViolations } from './utils/axe.js';
import { post } from './utils/post.js';
import { ADMIN_PASSWORD, startSite, type RunningSite } from './utils/site.js';

// A site of its own with SMTP_URL set (campaigns are sent only with email set up), pointed at a
// loopback SMTP server that parses every message it accepts.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });
// Three fans confirm by email, the artist writes, previews, tests and sends, scanned four times.
test.setTimeout(300_000);

const ARTIST = 'wren@e2e.example';
/** Two fans near Nashville (a ZIP and a town), one in Seattle. */
const NEAR = ['near.zip@example.com', 'near.town@example.com'];
const FAR = 'far.away@example.com';
const VENUE = 'Ryman Auditorium';

const smtp = new TestSmtpServer();
const to = (address: string) => smtp.to(address);
const tests = () => to(ARTIST).filter((r) => r.parsed.subject?.startsWith('[Test] '));
let site: RunningSite;

test.beforeAll(async () => {
  await smtp.start();
  site = await startSite({
    ARTIST_EMAIL: ARTIST,
    SMTP_URL: smtp.url,
    CAMPAIGN_RATE_PER_SECOND: '0',
    FORM_RATE_LIMIT: '1000',
  });
});

test.afterAll(async () => {
  await site?.stop();
  await smtp.stop();
});

const area = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name, exact: true });

async function logIn(page: Page) {
  await page.goto(`${site.url}/admin/login`);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(area(page, 'Shows')).toBeVisible();
}

/** A fan joins with a place and confirms with the token of the email they were sent. */
async function confirmedFan(page: Page, email: string, location: string) {
  expect(await post(page, '/api/email-signup', { email, location })).toBe(201);
  await expect.poll(() => to(email).length).toBe(1);
  const text = to(email)[0]!.parsed.text ?? '';
  const token = new URL(/Confirm: (\S+)/.exec(text)![1]!).searchParams.get('token');
  const status = await page.evaluate(
    (token) =>
      fetch('/api/newsletter/confirm', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token }),
      }).then((r) => r.status),
    token,
  );
  expect(status).toBe(200);
}

test('announces a show from the Shows tab: writes, previews, test-sends, and sends it to the fans nearby after a confirmation naming them, axe clean', async ({
  page,
}) => {
  await page.goto(site.url);
  await confirmedFan(page, NEAR[0]!, '37203');
  await confirmedFan(page, NEAR[1]!, 'Franklin, TN');
  await confirmedFan(page, FAR, 'Seattle, WA');
  await logIn(page);
  const date = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  expect(
    await post(page, '/api/admin/shows', {
      venue: VENUE,
      city: 'Nashville, TN',
      date,
      time: '20:00',
      ageRequirement: 'All Ages',
      ticketButtonType: 'url',
      ticketUrl: 'https://tickets.example/ryman',
      soldOut: 'false',
      status: 'published',
    }),
  ).toBe(201);
  // The dashboard read the shows before this one was added behind its back.
  await page.reload();

  // The postal address every campaign email carries, on the Page first.
  await area(page, 'Page').click();
  await page.getByLabel('Postal address').fill('PO Box 1234, Nashville, TN 37203');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Page saved')).toBeVisible();

  await area(page, 'Shows').click();
  await page.getByRole('button', { name: `Announce ${VENUE} on ${date} to fans nearby` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Subject')).toHaveValue(new RegExp(VENUE));
  await expect(dialog.getByLabel('Message')).toHaveValue(/https:\/\/tickets\.example\/ryman/);
  await expect(dialog.getByText('Reaches 2 fans')).toBeVisible();
  await dialog.getByLabel('Message').press('End');
  await dialog.getByLabel('Message').pressSequentially('\n\nSee you there!');
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();

  // The preview, as fans get it, at both widths.
  const desktop = dialog.getByTitle('Preview at desktop width');
  await expect(desktop).toBeVisible();
  await expect(desktop.contentFrame().getByText('See you there!')).toBeVisible();
  await expect(desktop.contentFrame().getByText('PO Box 1234, Nashville, TN 37203')).toBeVisible();
  await dialog.getByText('Phone', { exact: true }).click();
  await expect(dialog.getByTitle('Preview at phone width')).toBeVisible();
  expect(await axeViolations(page, undefined, ['iframe']), 'campaign editor').toEqual([]);

  // A test copy to the artist, marked as a test; nothing is counted.
  await dialog.getByLabel('Test addresses').fill(ARTIST);
  await dialog.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('Test sent')).toBeVisible();
  await expect.poll(() => tests().length).toBe(1);
  expect(tests()[0]!.parsed.text).toContain('See you there!');

  await dialog.getByRole('button', { name: 'Send to 2 fans' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Send to 2 fans now?' });
  await expect(confirm).toBeVisible();
  expect(await axeViolations(page, undefined, ['iframe']), 'send confirmation').toEqual([]);
  await confirm.getByRole('button', { name: 'Send to 2 fans' }).click();
  await expect(dialog.getByText('2 of 2 sent')).toBeVisible();
  await expect(dialog.getByText('Sent', { exact: true })).toBeVisible();
  expect(await axeViolations(page), 'campaign progress').toEqual([]);

  // Each fan nearby has exactly one message, with the one-click unsubscribe; Seattle has none.
  const subject = tests()[0]!.parsed.subject!.replace(/^\[Test\] /, '');
  for (const fan of NEAR) {
    const mails = to(fan).filter((r) => r.parsed.subject === subject);
    expect(mails, fan).toHaveLength(1);
    expect(mails[0]!.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    expect(mails[0]!.parsed.text).toContain('See you there!');
  }
  expect(to(FAR).filter((r) => r.parsed.subject === subject)).toEqual([]);
});
