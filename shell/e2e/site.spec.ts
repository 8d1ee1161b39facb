import { execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from './utils/test.js';
import { axeViolations } from './utils/axe.js';
import { ROOT, startSite } from './utils/site.js';
import { serveFolder } from './utils/static-server.js';

test('the home page shows the storefront remote and downloads no admin code', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('[data-remote="storefront"]')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requested.some((p) => p.startsWith('/remotes/storefront/'))).toBe(true);
  expect(requested.filter((p) => p.startsWith('/remotes/admin/'))).toEqual([]);
});

test('/admin/login shows the admin remote', async ({ page }) => {
  const response = await page.goto('/admin/login');
  expect(response?.status()).toBe(200);
  await expect(page.locator('[data-remote="admin"]')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('an unknown page answers 404 with the 404 page', async ({ page, request }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const response = await page.goto('/nope');
  expect(response?.status()).toBe(404);
  // Its own title from the first response, before any script runs.
  expect(await response?.text()).toContain('<title>Page not found · Wren Calloway</title>');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Wren Calloway');
  // The storefront draws it, in the site's own header and footer.
  await expect(page.locator('[data-remote="storefront"]')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Merch' })).toHaveAttribute('href', '/#merch');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(requested.filter((p) => p.startsWith('/remotes/admin/'))).toEqual([]);
  await header.getByRole('link', { name: 'Wren Calloway' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Wren Calloway', level: 1 })).toBeVisible();
  // An address under /admin that the admin does not know: the same page, in the admin's place.
  const admin = await page.goto('/admin/nope');
  expect(admin?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Merch' })).toBeVisible();
  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ statusCode: 404, message: 'No API route GET /api/nope.' });
});

test('the site has an icon, as SVG and at /favicon.ico', async ({ request }) => {
  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  const bytes = await ico.body();
  // An ICO header: reserved 0, type 1 (icon), then how many images.
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  const svg = await request.get('/favicon.svg');
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
});

test('pointing the manifest at another storefront build changes / without rebuilding the shell', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const outDir = mkdtempSync(path.join(tmpdir(), 'storefront-alt-'));
  execFileSync(
    process.execPath,
    [
      createRequire(import.meta.url).resolve('webpack-cli/bin/cli.js'),
      '--mode',
      'production',
      '--output-path',
      outDir,
    ],
    {
      cwd: path.join(ROOT, 'storefront'),
      env: { ...process.env, BUILD_ID: 'alternate' },
      stdio: 'ignore',
    },
  );
  const cdn = await serveFolder(outDir);
  const site = await startSite({ STOREFRONT_REMOTE_URL: `${cdn.url}/mf-manifest.json` });
  try {
    await page.goto(`${site.url}/`);
    await expect(page.locator('[data-remote="storefront"]')).toHaveAttribute(
      'data-build',
      'alternate',
    );
  } finally {
    await site.stop();
    await cdn.close();
    rmSync(outDir, { recursive: true, force: true });
  }
});

test('a storefront that fails to load shows a friendly error while the admin still works', async ({
  page,
}) => {
  const site = await startSite({ STOREFRONT_REMOTE_URL: 'http://127.0.0.1:9/mf-manifest.json' });
  try {
    await page.goto(`${site.url}/`);
    await expect(page.getByRole('alert')).toContainText('this part of the site didn’t load');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await page.goto(`${site.url}/admin/login`);
    await expect(page.getByLabel('Password')).toBeVisible();
  } finally {
    await site.stop();
  }
});

test('SIGTERM lets a request in flight finish before the server exits', async () => {
  const site = await startSite();
  const { port } = new URL(site.url);
  const socket = connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  const body = JSON.stringify({ ping: true });
  // Headers now, body later: the request is in flight when the signal arrives.
  socket.write(
    `POST /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  await new Promise((r) => setTimeout(r, 200));
  const exited = once(site.process, 'exit');
  site.process.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  expect(site.process.exitCode).toBeNull();
  socket.write(body);
  const [code] = await exited;
  expect(answer).toMatch(/^HTTP\/1\.1 404/);
  expect(answer).toContain('No API route POST /api/health.');
  expect(code).toBe(0);
  socket.destroy();
  await site.stop();
});

test('a bad environment value stops start-up with a message naming it', () => {
  const run = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'postgres://nope' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Invalid environment');
  expect(run.stderr).toMatch(/PORT: PORT must be a whole number/);
  expect(run.stderr).toMatch(/DATABASE_URL: DATABASE_URL must be mysql:\/\//);
});
