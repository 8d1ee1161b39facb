import { expect, test } from './utils/test.js';
import { post } from './utils/post.js';
import {
  logIn,
  dialog,
  pick,
  tick,
  expectCsvMatchesScreen,
  cells,
  expectSortCycle,
  NEW_MESSAGES,
} from './utils/admin.js';

// Contact messages in the dashboard, against the production build, the real API and a fresh
// database of this file's own (`siteName`, utils/test.ts): the counts it checks are those of its
// own data. The tests run in order and build on each other's data.
test.use({ siteName: 'admin-messages' });
test.describe.configure({ mode: 'serial' });

test('the contact dialog drafts a reply and changes the status', async ({ page }) => {
  await page.goto('/');
  const status = await page.evaluate(() =>
    fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'June',
        lastName: 'Carter',
        email: 'june@example.com',
        subject: 'booking',
        message: 'Can you play our barn dance?',
      }),
    }).then((r) => r.status),
  );
  expect(status).toBeLessThan(300);
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Messages', exact: true })
    .click();
  await page.getByRole('button', { name: 'View message from June Carter' }).click();
  await expect(dialog(page).getByText('Can you play our barn dance?')).toBeVisible();
  await expect(dialog(page).getByRole('link', { name: 'Reply via Email' })).toHaveAttribute(
    'href',
    'mailto:june@example.com?subject=Re%3A%20Booking%20Inquiry',
  );
  await pick(page, dialog(page).getByLabel('Status'), 'Responded');
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('button', { name: 'Responded (1)' })).toBeVisible();
});

test('contact: bulk actions mark the selection and wait while nothing is selected', async ({
  page,
}) => {
  await page.goto('/');
  const message = {
    firstName: 'Emmylou',
    lastName: 'Harris',
    email: 'emmylou@example.com',
    subject: 'press',
    message: 'Interview request for our spring issue.',
  };
  expect(await post(page, '/api/contact', message)).toBe(201);
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Messages', exact: true })
    .click();
  await expect(page.getByRole('button', { name: 'New (1)' })).toBeVisible();
  // Nothing selected: the button waits, and says why on hover.
  const none = page.getByRole('button', { name: 'Mark 0 as Responded' });
  await expect(none).toBeDisabled();
  await expect(none).toHaveAttribute('title', 'Please select messages to mark as responded.');
  await tick(page.getByLabel('Select Emmylou Harris'));
  await page.getByRole('button', { name: 'Mark 1 as Responded' }).click();
  await expect(page.getByText('Marked 1 message as responded')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Responded (2)' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('emmylou');
  await expect(page.getByText('Showing 1-1 of 1')).toBeVisible();
  await expectCsvMatchesScreen(page, 'contact-messages', 'email');
});

test('contact: New and Responded filter the rows; name sorts and returns to newest first; filter and search survive a reload; a filtered CSV; Mark 1 as Responded moves the row', async ({
  page,
}) => {
  await page.goto('/');
  for (const message of NEW_MESSAGES) {
    expect(await post(page, '/api/contact', message), message.firstName).toBe(201);
  }
  await logIn(page);
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Messages', exact: true })
    .click();
  const names = () => cells(page, 'Name');
  await expect(page.getByRole('button', { name: 'All (5)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectSortCycle(page, 'Name', {
    unsorted: [
      'Townes Van Zandt',
      'Bobbie Gentry',
      'Kris Kristofferson',
      'Emmylou Harris',
      'June Carter',
    ],
    ascending: [
      'Bobbie Gentry',
      'Emmylou Harris',
      'June Carter',
      'Kris Kristofferson',
      'Townes Van Zandt',
    ],
  });
  await page.getByRole('button', { name: 'Responded (2)' }).click();
  await expect.poll(names).toEqual(['Emmylou Harris', 'June Carter']);
  await page.getByRole('button', { name: 'New (3)' }).click();
  await expect.poll(names).toEqual(['Townes Van Zandt', 'Bobbie Gentry', 'Kris Kristofferson']);

  // The search looks in the messages: New leaves out June Carter's "play", the search Townes.
  await page.getByRole('searchbox', { name: 'Search' }).fill('play');
  await expect.poll(names).toEqual(['Bobbie Gentry', 'Kris Kristofferson']);
  await expect(page).toHaveURL(/[?&]status=new(&|$)/);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('play');
  // Counted under the search: two new messages and June Carter's, responded, hold "play".
  await expect(page.getByRole('button', { name: 'New (2)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect.poll(names).toEqual(['Bobbie Gentry', 'Kris Kristofferson']);
  const records = await expectCsvMatchesScreen(page, 'contact-messages', 'email');
  expect(records.map((r) => [r.email, r.status])).toEqual([
    ['bobbie@example.com', 'new'],
    ['kris@example.com', 'new'],
  ]);

  await tick(page.getByLabel('Select Kris Kristofferson'));
  await page.getByRole('button', { name: 'Mark 1 as Responded' }).click();
  await expect(page.getByText('Marked 1 message as responded')).toBeVisible();
  await expect.poll(names).toEqual(['Bobbie Gentry']);
  await page.getByRole('button', { name: 'All (3)' }).click();
  await expect.poll(names).toEqual(['Bobbie Gentry', 'Kris Kristofferson', 'June Carter']);
  expect(await cells(page, 'Status')).toEqual(['New', 'Responded', 'Responded']);
  await expect(page.getByRole('button', { name: 'Responded (2)' })).toBeVisible();
});
