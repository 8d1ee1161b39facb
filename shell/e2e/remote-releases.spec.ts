import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { expect, test, type Page } from '@playwright/test';
import { create } from 'tar';
import { ROOT, startSite, type RunningSite } from './utils/site.js';

const TOKEN = 'e2e-storefront-deploy-token-0123456789abcdef';
const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
// One request per connection, as a deploy script makes them: a kept-alive connection left idle
// while the page loads (longer than the server's 5 s keep-alive on a busy machine) can be closed
// by the server just as the next request is written on it, which the client reads as ECONNRESET.
const AUTHORIZATION = { Authorization: `Bearer ${TOKEN}`, Connection: 'close' };

// A site of its own: these tests change which storefront is live for every visitor. One site
// serves them all, in order.
let site: RunningSite;
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startSite({ DEPLOY_TOKEN_STOREFRONT: TOKEN, METRICS_TOKEN });
});

test.afterAll(async () => {
  await site?.stop();
});

/**
 * The built storefront with its shows section's "Join the List" button saying `button` instead,
 * and, with `broken`, its exposed module throwing as it loads; packed as a release.
 */
async function storefrontRelease(button: string, { broken = false } = {}): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-release-'));
  try {
    cpSync(path.join(ROOT, 'storefront', 'dist'), dir, { recursive: true });
    // The shows section is in a chunk of its own (the sections further down the home page), so
    // its text is changed in whichever script has it.
    for (const name of readdirSync(dir).filter((file) => file.endsWith('.js'))) {
      const file = path.join(dir, name);
      const code = readFileSync(file, 'utf8');
      if (code.includes('Join the List'))
        writeFileSync(file, code.replaceAll('Join the List', button));
    }
    const exposed = readdirSync(dir).find((name) =>
      /^__federation_expose_App\..*\.js$/.test(name),
    )!;
    const file = path.join(dir, exposed);
    const code = readFileSync(file, 'utf8');
    if (broken) writeFileSync(file, `throw new Error('This release is broken.');\n${code}`);
    return await buffer(create({ gzip: true, cwd: dir, portable: true }, readdirSync(dir)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function publish(page: Page, release: Buffer): Promise<string> {
  const answer = await page.request.post(`${site.url}/api/deploy/storefront/releases`, {
    headers: { ...AUTHORIZATION, 'Content-Type': 'application/gzip' },
    data: release,
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { version: string }).version;
}

async function makeLive(page: Page, version: string) {
  const answer = await page.request.post(`${site.url}/api/deploy/storefront/live`, {
    headers: AUTHORIZATION,
    data: { version },
  });
  expect(answer.status()).toBe(200);
}

const joinButton = (page: Page, name: string) =>
  page.locator('.shows__join').getByRole('button', { name, exact: true });

test('a changed storefront published and promoted shows without a restart; a rollback shows the old text', async ({
  page,
}) => {
  await page.goto(site.url);
  await expect(joinButton(page, 'Join the List')).toBeVisible();

  const changed = await publish(page, await storefrontRelease('Join the Fan List'));
  await makeLive(page, changed);
  await page.goto(site.url);
  await expect(joinButton(page, 'Join the Fan List')).toBeVisible();

  await makeLive(page, 'built-in');
  await page.goto(site.url);
  await expect(joinButton(page, 'Join the List')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a preview shows the release in one browser and not in another', async ({ browser, page }) => {
  const version = await publish(page, await storefrontRelease('Join the Preview List'));
  const link = await page.request.post(
    `${site.url}/api/deploy/storefront/releases/${version}/preview`,
    { headers: AUTHORIZATION },
  );
  const { url } = (await link.json()) as { url: string };

  const previewer = await browser.newContext();
  const other = await browser.newContext();
  try {
    const previewing = await previewer.newPage();
    await previewing.goto(url);
    await expect(joinButton(previewing, 'Join the Preview List')).toBeVisible();
    await expect(
      previewing.getByText(`Preview: storefront ${version} · end preview`),
    ).toBeVisible();

    const visitor = await other.newPage();
    await visitor.goto(site.url);
    await expect(joinButton(visitor, 'Join the List')).toBeVisible();
    await expect(visitor.getByText(/Preview:/)).toHaveCount(0);

    await previewing.getByRole('link', { name: 'end preview' }).click();
    await expect(joinButton(previewing, 'Join the List')).toBeVisible();
    await expect(previewing.getByText(/Preview:/)).toHaveCount(0);
  } finally {
    await previewer.close();
    await other.close();
  }
});

test('a promoted release whose exposed module throws leaves visitors on the previous version, and is counted', async ({
  page,
}) => {
  const working = await publish(page, await storefrontRelease('Join the Working List'));
  await makeLive(page, working);
  const broken = await publish(
    page,
    await storefrontRelease('Join the Broken List', { broken: true }),
  );
  await makeLive(page, broken);

  await page.goto(site.url);
  await expect(joinButton(page, 'Join the Working List')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await expect(async () => {
    const releases = await page.request.get(`${site.url}/api/deploy/storefront/releases`, {
      headers: AUTHORIZATION,
    });
    const listed = (await releases.json()) as {
      version: string;
      live: boolean;
      failures: number;
    }[];
    expect(listed.find((release) => release.version === broken)).toMatchObject({
      live: true,
      failures: 1,
    });
  }).toPass();
  const metrics = await page.request.get(`${site.url}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}`, Connection: 'close' },
  });
  expect(await metrics.text()).toContain(
    `remote_load_failures_total{remote="storefront",version="${broken}"} 1`,
  );
});
