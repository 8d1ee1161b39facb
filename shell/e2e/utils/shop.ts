import type { Page } from '@playwright/test';

/** Adds the T-shirt in `size` to the cart from its card: 1, plus `extra` more. */
export async function addShirts(page: Page, size: string, extra: number) {
  const card = page.locator('article', { has: page.getByRole('button', { name: 'Add to Cart' }) });
  await card.getByLabel('Size').selectOption(size);
  for (let i = 0; i < extra; i++)
    await card.getByRole('button', { name: 'Increase quantity' }).click();
  await card.getByRole('button', { name: 'Add to Cart' }).click();
}
