import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './utils/axe.js';
import { pastTheScreen } from './utils/layout.js';
import { adminApi, publishRelease, releaseZip } from './utils/releases.js';
import { startSite, type RunningSite } from './utils/site.js';

// A site of its own, without SMTP_URL: the artist makes a release, uploads its ZIP and a batch
// of download codes through the admin API; the emailed links are read from the held outbox.
let site: RunningSite;
let admin: APIRequestContext;
let codes: string[];
const NOT_FOUND = 'This code does not work. Check it against the card, letter by letter.';
const USED = 'This code has already been used.';
const zip = releaseZip(30_000, 9);

test.beforeAll(async () => {
  site = await startSite();
  admin = await adminApi(site);
  await publishRelease(admin, { minPriceCents: 800, zip });
  const batch = await admin.post('/api/admin/products/porch-light/codes', { data: { count: 5 } });
  expect(batch.status()).toBe(201);
  const { batchId } = (await batch.json()) as { batchId: number };
  const csv = await admin.get(`/api/admin/products/porch-light/codes/export?batchId=${batchId}`);
  expect(csv.status()).toBe(200);
  const [header, ...rows] = (await csv.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(header).toBe('code,url');
  codes = rows.map((row) => row.split(',')[0]!);
  expect(codes).toHaveLength(5);
});

test.afterAll(async () => {
  await admin?.dispose();
  await site?.stop();
});

/** A code of the right shape (10 characters of the cards' alphabet) that is not one of the batch's. */
function wrongCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  for (let shift = 0; ; shift++) {
    const code = Array.from({ length: 10 }, (_, i) => alphabet[(i * 7 + shift) % 31]).join('');
    if (!codes.includes(code)) return code;
  }
}

/** The download link of the newest email held for this address. */
async function emailedLink(email: string): Promise<{ text: string; path: string }> {
  const list = await admin.get('/api/admin/emails', { params: { search: email } });
  expect(list.status()).toBe(200);
  const { rows } = (await list.json()) as { rows: { id: number; kind: string }[] };
  expect(rows.map((r) => r.kind)).toEqual(['download-links']);
  const detail = await admin.get(`/api/admin/emails/${rows[0]!.id}`);
  const { text } = (await detail.json()) as { text: string };
  const url = /Porch Light \(MP3 320\): (\S+)/.exec(text)?.[1];
  expect(url, text).toMatch(/\/download\/[A-Za-z0-9_-]{32}$/);
  return { text, path: new URL(url!).pathname };
}

async function redeem(page: Page, code: string, email: string) {
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send my download links' }).click();
}

for (const [name, viewport, index] of [
  ['desktop', { width: 1280, height: 800 }, 0],
  ['phone', { width: 390, height: 844 }, 1],
] as const) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('a fan redeems a card’s code and gets the links by email; a wrong code and a used one are refused in words', async ({
      page,
    }) => {
      const code = codes[index]!;
      const email = `card-${name}@example.com`;
      await page.goto(`${site.url}/redeem`);
      await expect(page.getByRole('heading', { name: 'Redeem a download code' })).toBeVisible();
      expect(await axeViolations(page), 'the empty form').toEqual([]);
      expect(await pastTheScreen(page), 'the empty form').toEqual([]);

      await redeem(page, wrongCode(), email);
      await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
      expect(await axeViolations(page), 'a wrong code').toEqual([]);
      expect(await pastTheScreen(page), 'a wrong code').toEqual([]);

      // As printed on a card, in lower case with a dash: the server reads it all the same.
      await redeem(page, `${code.slice(0, 5)}-${code.slice(5)}`.toLowerCase(), email);
      await expect(page.getByRole('status')).toHaveText(
        `Your download links are on their way to ${email}.`,
      );
      await expect(page.getByLabel('Code')).toHaveValue('');
      expect(await axeViolations(page), 'the code redeemed').toEqual([]);
      expect(await pastTheScreen(page), 'the code redeemed').toEqual([]);

      await redeem(page, code, `someone-else-${name}@example.com`);
      await expect(page.getByRole('alert')).toHaveText(USED);
      expect(await axeViolations(page), 'a used code').toEqual([]);
      expect(await pastTheScreen(page), 'a used code').toEqual([]);

      // The email holds one link per format, which downloads the ZIP the artist uploaded.
      const { text, path } = await emailedLink(email);
      expect(text).toContain('Your music is ready.');
      const file = await page.request.get(`${site.url}${path}`);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-disposition']).toContain('Porch Light (MP3 320).zip');
      expect((await file.body()).equals(zip)).toBe(true);
      // The used code sent nothing to the second address.
      const other = await admin.get('/api/admin/emails', {
        params: { search: `someone-else-${name}@example.com` },
      });
      expect(((await other.json()) as { total: number }).total).toBe(0);
    });
  });
}
