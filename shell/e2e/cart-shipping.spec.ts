import { expect, request as requests, test, type Page } from '@playwright/test';
import { axeViolations } from './utils/axe.js';
import { addShirts } from './utils/shop.js';
import { ADMIN_PASSWORD, startSite, type RunningSite } from './utils/site.js';

// A site of its own with a zone and a code the artist made through the admin API.
let site: RunningSite;

test.beforeAll(async () => {
  site = await startSite();
  const request = await requests.newContext();
  const headers = { Origin: site.url };
  const login = await request.post(`${site.url}/api/admin/login`, {
    headers,
    data: { password: ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const zone = await request.post(`${site.url}/api/admin/shipping-zones`, {
    headers,
    data: {
      name: 'Europe',
      countries: ['DE', 'FR'],
      rates: [
        {
          name: 'Standard',
          firstItemCents: 900,
          additionalItemCents: 0,
          freeOverCents: null,
          deliveryDays: '5-10',
        },
        {
          name: 'Express',
          firstItemCents: 2000,
          additionalItemCents: 0,
          freeOverCents: null,
          deliveryDays: '2-3',
        },
      ],
    },
  });
  expect(zone.status()).toBe(201);
  const code = await request.post(`${site.url}/api/admin/discounts`, {
    headers,
    data: {
      code: 'TOUR10',
      percentOff: 10,
      amountOffCents: null,
      minSubtotalCents: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      oncePerEmail: false,
      productIds: null,
      active: true,
    },
  });
  expect(code.status()).toBe(201);
  await request.dispose();
});

test.afterAll(async () => {
  await site?.stop();
});

async function shirtInCart(page: Page) {
  await page.goto(`${site.url}/`);
  await addShirts(page, 'M', 0);
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  return page.getByRole('dialog');
}

for (const [name, viewport] of [
  ['at 1440 px', { width: 1440, height: 900 }],
  ['on a phone', { width: 390, height: 844 }],
] as const) {
  test(`the cart ships to the chosen country at the chosen rate with a code, ${name}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const cart = await shirtInCart(page);
    const total = cart.locator('.cart__total dd');
    // The browser's language is en-US: the United States at the flat $5.00.
    await expect(cart.getByLabel('Ship to')).toHaveValue('US');
    await expect(total).toHaveText('$30.00');

    await cart.getByLabel('Ship to').selectOption('DE');
    await cart.getByRole('radio', { name: /Express/ }).check();
    await expect(total).toHaveText('$45.00');

    await cart.getByLabel('Discount code').fill('tour10');
    await cart.getByRole('button', { name: 'Apply' }).click();
    await expect(cart.getByRole('status')).toHaveText('TOUR10 applied: you save $2.50.');
    await expect(total).toHaveText('$42.50');
    expect(await axeViolations(page, '.ant-drawer')).toEqual([]);

    await cart.getByRole('button', { name: 'Checkout' }).click();
    await expect(
      page.getByRole('heading', { name: 'Test checkout — no real payment' }),
    ).toBeVisible();
    await expect(page.getByText('Shipping (Express)')).toBeVisible();
    await expect(page.getByText('Discount (TOUR10)')).toBeVisible();
    await expect(page.getByLabel('Country')).toHaveValue('DE');
    await expect(page.getByRole('button', { name: 'Pay $42.50 (test)' })).toBeVisible();
  });
}
