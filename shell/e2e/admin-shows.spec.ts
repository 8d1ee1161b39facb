import { expect, test } from './utils/test.js';
import { post } from './utils/post.js';
import {
  logIn,
  dialog,
  pick,
  column,
  expectCsvMatchesScreen,
  cells,
  expectSortCycle,
  LATE_SHOW,
  MORE_SHOWS,
} from './utils/admin.js';

// Shows in the dashboard, against the production build, the real API and a fresh database of this
// file's own (`siteName`, utils/test.ts): the counts it checks are those of its own data. The tests
// run in order and build on each other's data.
test.use({ siteName: 'admin-shows' });
test.describe.configure({ mode: 'serial' });

test('a published show created in the dashboard is served to the public page', async ({ page }) => {
  await logIn(page);
  await page.getByRole('button', { name: 'Create Show' }).click();
  await dialog(page).getByLabel('Venue').fill('The Station Inn');
  await dialog(page).getByLabel('City').fill('Nashville, TN');
  await dialog(page).getByLabel('Date').fill('2099-05-01');
  await dialog(page).getByLabel('Time', { exact: true }).fill('8:00 PM');
  await pick(page, dialog(page).getByLabel('Status'), 'Published');
  await dialog(page).getByRole('button', { name: 'Create Show' }).click();
  await expect(page.getByText('Show created successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /The Station Inn/ })).toContainText('Published');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^shows-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString()).toContain('The Station Inn');

  // The public page lists what /api/shows serves (its shows section is still being built).
  const publicShows = (await (await page.request.get('/api/shows')).json()) as { venue: string }[];
  expect(publicShows.map((s) => s.venue)).toContain('The Station Inn');
});

test('shows: filter, search, the sort cycle and the CSV follow the screen; an edit reaches /', async ({
  page,
}) => {
  await logIn(page);
  // A draft dated before the published show, with a venue that sorts after it.
  await page.getByRole('button', { name: 'Create Show' }).click();
  await dialog(page).getByLabel('Venue').fill('Whitewater Amphitheater');
  await dialog(page).getByLabel('City').fill('New Braunfels, TX');
  await dialog(page).getByLabel('Date').fill('2099-03-14');
  await dialog(page).getByLabel('Time', { exact: true }).fill('9:00 PM');
  await dialog(page).getByRole('button', { name: 'Create Show' }).click();
  await expect(page.getByText('Show created successfully')).toBeVisible();

  const venues = () => column(page, /Whitewater Amphitheater|The Station Inn/);
  // The new draft does not vanish: the list turns to Draft with its row marked.
  await expect(page.getByRole('button', { name: 'Draft (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page).toHaveURL(/status=draft/);
  await expect.poll(venues).toEqual(['Whitewater Amphitheater']);
  await expect(page.locator('tr.data-table__row--highlight')).toContainText(
    'Whitewater Amphitheater',
  );
  await page.getByRole('button', { name: 'Published (1)' }).click();
  await expect.poll(venues).toEqual(['The Station Inn']);
  await page.getByRole('button', { name: 'All (2)' }).click();
  // Date ascending by default; the venue column cycles ascending, descending, none.
  await expect.poll(venues).toEqual(['Whitewater Amphitheater', 'The Station Inn']);
  const venueHeader = page.getByRole('columnheader', { name: 'Venue' });
  await venueHeader.click();
  await expect(venueHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(venues).toEqual(['The Station Inn', 'Whitewater Amphitheater']);
  await venueHeader.click();
  await expect(venueHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(venues).toEqual(['Whitewater Amphitheater', 'The Station Inn']);
  await venueHeader.click();
  await expect(venueHeader).not.toHaveAttribute('aria-sort');

  await page.getByRole('searchbox', { name: 'Search' }).fill('whitewater');
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('whitewater');
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  const records = await expectCsvMatchesScreen(page, 'shows', 'venue');
  expect(records.map((r) => r.status)).toEqual(['draft']);

  await page.getByRole('button', { name: 'Edit Whitewater Amphitheater on 2099-03-14' }).click();
  await expect(dialog(page).getByText('Edit Show')).toBeVisible();
  await dialog(page).getByLabel('Venue').fill('Whitewater Amphitheater (Late Show)');
  await pick(page, dialog(page).getByLabel('Status'), 'Published');
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Show updated successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Late Show/ })).toContainText('Published');

  await page.goto('/#shows');
  const shows = page.locator('#shows');
  await expect(shows).toContainText('Whitewater Amphitheater (Late Show)');
  await expect(shows).toContainText('The Station Inn');
});

test('shows: Past holds a published show dated before today and / leaves it out; filter and search survive a reload; venue sorts and returns to date order; a filtered, searched CSV', async ({
  page,
}) => {
  await logIn(page);
  for (const show of MORE_SHOWS) {
    expect(await post(page, '/api/admin/shows', show), show.venue).toBe(201);
  }
  await page.reload();
  const venues = () => cells(page, 'Venue');
  await expect(page.getByRole('button', { name: 'Published (3)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(venues).toEqual([LATE_SHOW, 'Cactus Cafe', 'The Station Inn']);
  await page.getByRole('button', { name: 'Draft (1)' }).click();
  await expect.poll(venues).toEqual(['Gruene Hall']);
  await page.getByRole('button', { name: 'Past (1)' }).click();
  await expect(page).toHaveURL(/[?&]status=past(&|$)/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Past (1)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(venues).toEqual(["Billy Bob's Texas"]);
  expect(await cells(page, 'Status')).toEqual(['Past']);

  await page.getByRole('button', { name: 'All (5)' }).click();
  await expectSortCycle(page, 'Venue', {
    unsorted: ["Billy Bob's Texas", LATE_SHOW, 'Cactus Cafe', 'The Station Inn', 'Gruene Hall'],
    ascending: ["Billy Bob's Texas", 'Cactus Cafe', 'Gruene Hall', 'The Station Inn', LATE_SHOW],
  });

  // Published leaves out the draft and the past show in Texas; the search leaves out Tennessee.
  await page.getByRole('button', { name: 'Published (3)' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('tx');
  await expect(page.getByText('Showing 1-2 of 2')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('tx');
  await expect.poll(venues).toEqual([LATE_SHOW, 'Cactus Cafe']);
  const records = await expectCsvMatchesScreen(page, 'shows', 'venue');
  expect(records.map((r) => [r.venue, r.status])).toEqual([
    [LATE_SHOW, 'published'],
    ['Cactus Cafe', 'published'],
  ]);

  await page.goto('/#shows');
  const shows = page.locator('#shows');
  await expect(shows).toContainText('Cactus Cafe');
  await expect(shows).toContainText(LATE_SHOW);
  await expect(shows).not.toContainText("Billy Bob's Texas");
  await expect(shows).not.toContainText('Gruene Hall');
});
