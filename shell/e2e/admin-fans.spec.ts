import { expect, test } from './utils/test.js';
import { axeViolations } from './utils/axe.js';
import { post } from './utils/post.js';
import { logIn, dialog, screenRows, GILLIAN } from './utils/admin.js';

// The Fans area of the dashboard, against the production build, the real API and a fresh database
// of this file's own (`siteName`, utils/test.ts): the counts it checks are those of its own data.
test.use({ siteName: 'admin-fans' });

test('fans: one row per address; the fan page exports their data and erases them once their address is typed; axe on both', async ({
  page,
}) => {
  await logIn(page);
  const order = await page.evaluate(
    (email) =>
      fetch('/api/admin/orders/manual', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          salesChannel: 'online',
          customerName: 'Gillian Welch',
          email,
          lineItems: [{ product_name: 'Tour Poster', quantity: 1, price: 1500 }],
          shippingAddress: JSON.stringify({ address: '12 Revelator Road, Nashville, TN' }),
          paymentMethod: 'venmo',
        }),
      }).then((r) => r.status),
    GILLIAN[0]!,
  );
  expect(order).toBe(201);
  expect(await post(page, '/api/email-signup', { email: GILLIAN[1] })).toBe(201);
  expect(
    await post(page, '/api/notify-me', { email: GILLIAN[2], productName: 'Sticker Pack' }),
  ).toBe(201);
  const message = {
    firstName: 'Gillian',
    lastName: 'Welch',
    email: GILLIAN[1],
    subject: 'fan',
    message: 'Time (The Revelator) still gets me.',
  };
  expect(await post(page, '/api/contact', message)).toBe(201);

  await page.goto('/admin?tab=fans');
  await expect(
    page
      .getByRole('navigation', { name: 'Admin areas' })
      .getByRole('link', { name: 'Fans', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await page.getByPlaceholder('Search email').fill('gillian');
  await expect.poll(() => screenRows(page)).toHaveLength(1);
  const [row] = await screenRows(page);
  expect(row).toContain('gillian.welch@example.com');
  expect(row).toContain('$20.00');
  expect(await axeViolations(page), 'Fans tab').toEqual([]);

  await page.getByRole('button', { name: 'View fan gillian.welch@example.com' }).click();
  const fan = dialog(page);
  await expect(fan.getByText('Orders (1)')).toBeVisible();
  await expect(fan.getByText('Newsletter signups (1)')).toBeVisible();
  await expect(fan.getByText('Notify-me requests (1)')).toBeVisible();
  await expect(fan.getByText('Messages (1)')).toBeVisible();
  await expect(fan.getByText(message.message)).toBeVisible();
  expect(await axeViolations(page), 'fan page').toEqual([]);

  const download = page.waitForEvent('download');
  await fan.getByRole('button', { name: 'Export data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^fan-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(
    Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8'),
  ) as Record<string, Record<string, unknown>[]> & { fan: { email: string } };
  expect(data.fan.email).toBe('gillian.welch@example.com');
  expect(data.orders).toHaveLength(1);
  expect(data.email_signups).toHaveLength(1);
  expect(data.notify_me).toHaveLength(1);
  expect(data.contact_messages).toHaveLength(1);
  expect(data.emails!.length).toBeGreaterThan(0);

  const erase = fan.getByRole('button', { name: 'Erase fan' });
  await expect(erase).toBeDisabled();
  const confirm = fan.getByLabel('Type gillian.welch@example.com to confirm');
  await confirm.fill('gillian.welch@example.co');
  await expect(erase).toBeDisabled();
  await confirm.fill('gillian.welch@example.com');
  await expect(erase).toBeEnabled();
  await erase.click();
  await expect(page.getByText('Fan erased')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByText('No fans found')).toBeVisible();

  // The order stays for the books. Paid and not yet shipped, it keeps only the name and address
  // it is to be shipped to, until it ships; her address is gone from it.
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  await page.getByPlaceholder('Search customer, email, product').fill('gillian');
  await expect(page.getByRole('row').filter({ hasText: /Gillian/i })).toHaveCount(1);
  await expect(page.getByText('gillian.welch@example.com')).toHaveCount(0);
});
