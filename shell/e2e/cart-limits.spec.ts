import { expect, test, type Page } from '@playwright/test';
import { post } from './utils/post.js';
import { addShirts } from './utils/shop.js';
import { ADMIN_PASSWORD, startSite, type RunningSite } from './utils/site.js';

// A site of its own: the test counts the T-shirt's stock and what this browser's address holds,
// which no other test should share.
let site: RunningSite;

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

/** The artist counts a size's stock (the admin API, with this site's Origin as the admin's page). */
async function setStock(page: Page, size: string, stock: number) {
  const headers = { Origin: site.url };
  const login = await page.request.post(`${site.url}/api/admin/login`, {
    headers,
    data: { password: ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const set = await page.request.put(`${site.url}/api/admin/products/tshirt/stock`, {
    headers,
    data: { size, stock },
  });
  expect(set.status()).toBe(200);
}

async function checkout(page: Page) {
  const answer = page.waitForResponse('**/api/create-checkout-session');
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  return answer;
}

test('the cart shows the sentence of a 409 beyond five left and of the 429 for what this address holds', async ({
  page,
}) => {
  await setStock(page, 'L', 8);
  await setStock(page, 'M', 40);
  await page.goto(`${site.url}/`);

  // Ten L of eight left: the cart says there are not enough, never how many there are.
  await addShirts(page, 'L', 9);
  await page.getByRole('button', { name: 'Cart, 10 items' }).click();
  const short = await checkout(page);
  expect(short.status()).toBe(409);
  const cart = page.getByRole('dialog');
  const notEnough =
    'Sorry, there are not enough of the Wren Calloway T-Shirt - L left for 10. Please lower the quantity in your cart.';
  await expect(cart.getByRole('alert').filter({ hasText: notEnough })).toHaveText(notEnough);
  await expect(cart).not.toContainText('8');

  // This address already holds 6 M in a checkout it left open; 5 more is past 10.
  expect(
    await post(page, '/api/create-checkout-session', {
      items: [{ productId: 'tshirt', size: 'M', quantity: 6 }],
    }),
  ).toBe(200);
  await cart.getByRole('button', { name: /^Remove .+ \(L\) from cart$/ }).click();
  await expect(cart.getByRole('alert').filter({ hasText: notEnough })).toHaveCount(0);
  await cart.getByRole('button', { name: 'Continue Shopping' }).click();
  await addShirts(page, 'M', 4);
  await page.getByRole('button', { name: 'Cart, 5 items' }).click();
  const held = await checkout(page);
  expect(held.status()).toBe(429);
  expect(Number(held.headers()['retry-after'])).toBeGreaterThan(29 * 60);
  const tooMany =
    'Your open checkouts already hold 6 of the Wren Calloway T-Shirt - M, and one buyer may hold at most 10 at a time. Please lower the quantity to 4, or try again in 35 minutes.';
  await expect(cart.getByRole('alert').filter({ hasText: tooMany })).toHaveText(tooMany);
  await expect(page).toHaveURL(`${site.url}/`);
});
