import type { Page } from '@playwright/test';
import { expect, test } from './utils/test.js';
import { axeViolations } from './utils/axe.js';
import { addShirts } from './utils/shop.js';
import { ADMIN_PASSWORD } from './utils/site.js';

// The site under test is the real server on a fresh database. The shows list and the failure
// answers are set up here at the browser's network layer, in the shapes the API answers, because
// a fresh database has no shows and the real endpoints rarely fail; every success path goes to
// the real API, and checkout runs through the built-in test payment provider.
const SHOWS = [
  {
    id: 1,
    date: '2099-05-02',
    venue: 'Gruene Hall',
    city: 'New Braunfels, TX',
    time: '8:00 PM',
    ageRequirement: 'All Ages',
    soldOut: 'false',
    ticketButtonType: 'url',
    ticketUrl: 'https://tickets.example/gruene',
  },
  {
    id: 2,
    date: '2099-05-09',
    venue: 'Luckenbach Dance Hall',
    city: 'Luckenbach, TX',
    time: '7:00 PM',
    ageRequirement: '21+',
    soldOut: 'true',
    ticketButtonType: 'url',
    ticketUrl: 'https://tickets.example/luckenbach',
  },
  {
    id: 3,
    date: '2099-05-16',
    venue: 'The Continental Club',
    city: 'Austin, TX',
    time: '9:30 PM',
    ageRequirement: '18+',
    soldOut: 'false',
    ticketButtonType: 'free',
    ticketUrl: null,
  },
];

async function answer(page: Page, path: string, status: number, body: unknown) {
  await page.route(`**/api/${path}`, (route) => route.fulfill({ status, json: body }));
}

test.beforeEach(async ({ page }) => {
  await answer(page, 'shows', 200, SHOWS);
});

async function openMenuIfCollapsed(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (await toggle.isVisible()) await toggle.click();
}

test('has every section in order with its anchor, and the navigation reaches each', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/');
  await expect(page.locator('footer')).toBeVisible();
  const ids = await page.locator('main > section').evaluateAll((els) => els.map((e) => e.id));
  expect(ids).toEqual([
    'home',
    'music',
    'about',
    'shows',
    'gallery',
    'merch',
    'membership',
    'email-signup',
    'contact',
  ]);
  // The artist offers no membership on this site: its section is there, empty and hidden.
  await expect(page.locator('#membership')).toBeHidden();
  await expect(page.locator('#membership')).toBeEmpty();
  await expect(page.locator('main + footer')).toBeVisible();

  for (const label of ['Music', 'About', 'Shows', 'Gallery', 'Merch', 'Contact', 'Home']) {
    await openMenuIfCollapsed(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: label })
      .click();
    await expect(page.locator(`#${label.toLowerCase()}`)).toBeInViewport();
  }
  // Streaming players are facades: nothing from another site is requested before a click.
  await page.waitForLoadState('networkidle');
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(origin))).toEqual([]);
});

test('the menu toggle opens the links on a phone and closes after a choice; a desktop shows them all', async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  const links = page.locator('#main-menu');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  if (!isMobile) {
    await expect(toggle).toBeHidden();
    await expect(links.getByRole('button', { name: 'Merch' })).toBeVisible();
    return;
  }
  await expect(links).toBeHidden();
  await toggle.click();
  await expect(links).toBeVisible();
  await links.getByRole('button', { name: 'Merch' }).click();
  await expect(links).toBeHidden();
  await expect(page.locator('#merch')).toBeInViewport();
});

test('lists upcoming shows with each ticket area', async ({ page }) => {
  await page.goto('/');
  const shows = page.locator('#shows');
  await expect(shows.getByText('Gruene Hall')).toBeVisible();
  const tickets = shows.getByRole('link', { name: /^Get Tickets for Gruene Hall/ });
  await expect(tickets).toHaveAttribute('href', 'https://tickets.example/gruene');
  await expect(tickets).toHaveAttribute('target', '_blank');
  await expect(shows.getByText('Sold Out')).toBeVisible();
  await expect(shows.getByText('Free Show')).toBeVisible();
  await shows.getByRole('button', { name: 'Join the List' }).click();
  await expect(page.locator('#email-signup')).toBeInViewport();
});

test('a section scrolled to keeps its place while the shop above it loads', async ({ page }) => {
  // The shop's products arrive only after the click, and three times over, so the merch above
  // the sign-up grows by more than a screen once the scroll has started.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/products', async (route) => {
    const response = await route.fetch();
    const products = (await response.json()) as { id: number }[];
    await held;
    const many = [0, 1000, 2000].flatMap((plus) =>
      products.map((p) => ({ ...p, id: p.id + plus })),
    );
    await route.fulfill({ response, json: many });
  });
  await page.goto('/');
  await page.locator('#shows').getByRole('button', { name: 'Join the List' }).click();
  const signup = page.locator('#email-signup');
  await expect(signup).toBeInViewport();
  release();
  await expect(page.locator('#merch article')).not.toHaveCount(0);
  await expect(signup).toBeInViewport();
});

test('says when there are no shows, and when they cannot be loaded', async ({ page }) => {
  await answer(page, 'shows', 200, []);
  await page.goto('/');
  await expect(page.getByText('No upcoming shows at this time.')).toBeVisible();
  await expect(page.getByText('Check back soon for new dates!')).toBeVisible();

  await page.unrouteAll();
  await answer(page, 'shows', 500, { statusCode: 500, message: 'Down.' });
  await page.reload();
  await expect(page.getByText('Unable to load shows at this time.')).toBeVisible();
  await expect(page.getByText('Please try again later.')).toBeVisible();
});

test('opens a gallery photo full size and closes it with Escape', async ({ page }) => {
  await page.goto('/');
  const opener = page.getByRole('button', { name: /^Enlarge photo: / }).first();
  await opener.click();
  const dialog = page.getByRole('dialog');
  const photo = dialog.locator('img');
  await expect(photo).toHaveAttribute('src', /\/gallery-optimized\/.+-full\.webp$/);
  await expect(photo).toHaveJSProperty('complete', true);
  await expect(photo).toHaveJSProperty('naturalWidth', 1600);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('moves through the gallery in the lightbox with Next, Previous, the arrow keys and a swipe', async ({
  page,
}) => {
  await page.goto('/');
  const openers = page.getByRole('button', { name: /^Enlarge photo: / });
  await openers.first().waitFor();
  const count = await openers.count();
  expect(count).toBeGreaterThan(2);
  const sources = await page
    .locator('#gallery img')
    .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')!.replace('-medium', '-full')));
  await openers.first().click();
  const dialog = page.getByRole('dialog');
  const photo = dialog.locator('.lightbox__image');
  const showing = async (index: number) => {
    await expect(photo).toHaveAttribute('src', sources[index]!);
    await expect(dialog.getByText(`Photo ${index + 1} of ${count}`)).toBeVisible();
  };
  await showing(0);
  await dialog.getByRole('button', { name: 'Next photo' }).click();
  await showing(1);
  await dialog.getByRole('button', { name: 'Previous photo' }).click();
  await showing(0);
  await page.keyboard.press('ArrowLeft');
  await showing(count - 1);
  await page.keyboard.press('ArrowRight');
  await showing(0);
  // A finger moving left across the photo shows the next one.
  const box = (await photo.boundingBox())!;
  const y = box.y + box.height / 2;
  await photo.dispatchEvent('pointerdown', { clientX: box.x + box.width - 20, clientY: y });
  await photo.dispatchEvent('pointerup', { clientX: box.x + 20, clientY: y });
  await showing(1);
  expect(await axeViolations(page, '.ant-modal')).toEqual([]);
});

test('opens the t-shirt image in a lightbox with a close button', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /^Enlarge image of / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img', { name: /T-Shirt/ })).toHaveAttribute(
    'src',
    '/assets/tshirt.webp',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('adds to the cart, edits it in the panel, and keeps it across a reload', async ({ page }) => {
  await page.goto('/');
  await addShirts(page, 'L', 1);
  await expect(page.getByRole('status').filter({ hasText: 'Added to cart' })).toContainText(
    /2x .+ \(L\) added to your cart/,
  );
  const cartButton = page.getByRole('button', { name: 'Cart, 2 items' });
  await expect(cartButton).toContainText('2');

  await page.reload();
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  await expect(page.getByRole('dialog', { name: 'Your Cart (2 items)' })).toBeVisible();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('$25.00 × 2 = $50.00')).toBeVisible();
  await expect(panel.locator('.cart__totals').getByText('$5.00')).toBeVisible();
  await expect(panel.getByText('$55.00')).toBeVisible();
  await panel.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('dialog', { name: 'Your Cart (3 items)' })).toBeVisible();
  await panel.getByRole('button', { name: /^Remove .+ \(L\) from cart$/ }).click();
  await expect(panel.getByText('Your cart is empty')).toBeVisible();
  await expect(panel.getByText('Add some merch to get started!')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Checkout' })).toBeDisabled();
});

/**
 * The payment provider sends buyers back to PUBLIC_URL, which the test server leaves at its default
 * (http://localhost:<port>): shop on that origin so the cart in local storage is the one returned to.
 */
const publicOrigin = (baseURL: string | undefined) => baseURL!.replace('127.0.0.1', 'localhost');

test('checks out through the test payment provider and comes back to a thank-you and an empty cart', async ({
  page,
  baseURL,
}) => {
  await page.goto(`${publicOrigin(baseURL)}/`);
  await addShirts(page, 'XL', 0);
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const sent = page.waitForRequest('**/api/create-checkout-session');
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  // Shipped to the United States (the browser's en-US) at its zone's first rate.
  expect((await sent).postDataJSON()).toEqual({
    items: [{ productId: 'tshirt', size: 'XL', quantity: 1 }],
    country: 'US',
    shippingRateId: expect.any(Number),
  });
  await expect(page.getByRole('heading', { name: /Test checkout/ })).toBeVisible();
  const checkoutPage = page.url();
  // A buyer of its own, so the order is told apart from other tests' orders.
  const buyerEmail = `buyer-${test.info().project.name}-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(buyerEmail);
  await page.getByRole('button', { name: 'Pay' }).click();
  // The receipt is the outcome: its order number in sight, with no toast over it (on a phone too).
  const receipt = page.getByRole('dialog', { name: /^Thank you! Order / });
  await expect(receipt).toBeVisible();
  const number = receipt.getByText(/^Your order number is/).locator('strong');
  await expect(number).toBeInViewport({ ratio: 1 });
  await expect(page.getByText('Order Successful')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Order Successful' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  if (process.env.E2E_SCREENSHOT_DIR) {
    await page.screenshot({
      path: `${process.env.E2E_SCREENSHOT_DIR}/receipt-${test.info().project.name}.png`,
    });
  }
  await receipt.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('#merch')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();

  // The artist sees the paid order, priced from the catalogue with the $5.00 shipping.
  const sessionId = new URL(checkoutPage).pathname.split('/').pop()!;
  await page.goto(`${publicOrigin(baseURL)}/admin/login`);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  // On a phone the areas sit behind Menu: the Orders area's own address serves both widths.
  await expect(page).toHaveURL(/\/admin\/shows$/);
  await page.goto(`${publicOrigin(baseURL)}/admin/orders`);
  await page.getByPlaceholder(/Search/).fill(buyerEmail);
  // On a phone the orders table leaves the products column out; the total and buyer stay.
  const row = page.getByRole('row', { name: new RegExp(buyerEmail) }).first();
  await expect(row).toContainText('$30.00');
  const orders = await page.request.get(`${publicOrigin(baseURL)}/api/admin/orders`, {
    params: { search: buyerEmail },
  });
  const { rows } = (await orders.json()) as {
    rows: {
      stripeSessionId: string;
      total: number;
      lines: { productName: string; size: string | null; quantity: number }[];
    }[];
  };
  const mine = rows.filter((order) => order.stripeSessionId === sessionId);
  expect(mine[0]?.lines).toEqual([
    expect.objectContaining({ productName: 'Wren Calloway T-Shirt', size: 'XL', quantity: 1 }),
  ]);
  expect(mine).toEqual([expect.objectContaining({ total: 3000 })]);
});

test('comes back from a canceled checkout with the cart kept', async ({ page, baseURL }) => {
  await page.goto(`${publicOrigin(baseURL)}/`);
  await addShirts(page, 'S', 0);
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Checkout Canceled')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('shows the checkout error from the server', async ({ page }) => {
  await answer(page, 'create-checkout-session', 400, {
    statusCode: 400,
    message: 'That size is sold out.',
  });
  await page.goto('/');
  await addShirts(page, 'M', 0);
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
    'That size is sold out.',
  );
});

test('asks to be notified about the hat, with success and failure', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Notify Me' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get Notified: Trucker Hat' });
  await dialog.getByLabel('Email Address').fill('fan@example');
  await dialog.getByRole('button', { name: 'Notify Me' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await dialog.getByLabel('Email Address').fill('fan@example.com');
  await dialog.getByRole('button', { name: 'Notify Me' }).click();
  await expect(dialog.getByText('Thank you!')).toBeVisible();
  await dialog.getByText('Close', { exact: true }).click();
  await expect(dialog).toBeHidden();

  await answer(page, 'notify-me', 500, { statusCode: 500, message: 'Please try again.' });
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(dialog.getByLabel('Email Address')).toHaveValue('');
  await dialog.getByLabel('Email Address').fill('fan@example.com');
  await dialog.getByRole('button', { name: 'Notify Me' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
    'Please try again.',
  );
});

test('joins the mailing list, and reports a refusal', async ({ page }, testInfo) => {
  await page.goto('/');
  const signup = page.locator('#email-signup');
  await signup.getByLabel('Email Address').fill(`fan-${testInfo.project.name}@example.com`);
  await signup.getByRole('button', { name: 'Join the List' }).click();
  await expect(signup.getByRole('status')).toHaveText('Almost there: check your inbox to confirm');
  await expect(
    page.locator('.toast').getByText('Almost there: check your inbox to confirm'),
  ).toBeVisible();
  await expect(page.getByText(/successfully signed up/)).toHaveCount(0);
  await expect(signup.getByLabel('Email Address')).toHaveValue('');

  await answer(page, 'email-signup', 400, { statusCode: 400, message: 'Already on the list.' });
  await signup.getByLabel('Email Address').fill('fan@example.com');
  await signup.getByRole('button', { name: 'Join the List' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Signup failed' })).toContainText(
    'Already on the list.',
  );
});

test('sends a contact message, and reports a failure', async ({ page }) => {
  await page.goto('/');
  const form = page.locator('#contact form');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Required')).toHaveCount(4);
  await form.getByLabel('First Name').fill('Dolly');
  await form.getByLabel('Last Name').fill('Rivers');
  await form.getByLabel('Email').fill('dolly@example.com');
  await form.getByLabel('Subject').selectOption({ label: 'Booking Inquiry' });
  await form.getByLabel('Message').fill('Would you play our barn dance?');
  const sent = page.waitForRequest('**/api/contact');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent!')).toBeVisible();
  expect((await sent).postDataJSON()).toEqual({
    firstName: 'Dolly',
    lastName: 'Rivers',
    email: 'dolly@example.com',
    subject: 'booking',
    message: 'Would you play our barn dance?',
  });

  await answer(page, 'contact', 500, {});
  await form.getByLabel('First Name').fill('Dolly');
  await form.getByLabel('Last Name').fill('Rivers');
  await form.getByLabel('Email').fill('dolly@example.com');
  await form.getByLabel('Subject').selectOption('fan');
  await form.getByLabel('Message').fill('Hello again');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to send message' })).toContainText(
    'Please try again later.',
  );
});

test('an address with a section anchor opens the page at that section', async ({ page }) => {
  await page.goto('/#merch');
  await expect(page.getByRole('heading', { name: 'Merch', level: 2 })).toBeInViewport();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
});

test('unknown pages get the 404 page in the site header, which leads to the home page sections', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Wren Calloway');
  expect(await axeViolations(page)).toEqual([]);
  const root = page.locator('html');
  expect(await root.evaluate((html) => html.scrollWidth <= html.clientWidth)).toBe(true);
  // On a phone the header's links are behind its menu, as on the home page.
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await nav.getByRole('link', { name: 'Merch' }).click();
  await expect(page).toHaveURL(/\/#merch$/);
  await expect(page.getByRole('heading', { name: 'Merch', level: 2 })).toBeInViewport();
});

test('the footer opens the shop pages, each with its own title and a way home', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [title, path] of [
    ['Shipping', '/shipping'],
    ['Returns', '/returns'],
    ['Privacy', '/privacy'],
  ] as const) {
    await footer.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Wren Calloway`);
    await expect(page.locator('main p').first()).not.toBeEmpty();
    expect(await axeViolations(page), title).toEqual([]);
  }
  // Opened directly, the page is served with its title before any script runs.
  const response = await page.request.get('/returns');
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('<title>Returns · Wren Calloway</title>');
  await page.getByRole('link', { name: 'Wren Calloway' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Wren Calloway', level: 1 })).toBeVisible();
});

test('axe finds no accessibility violations on the page, the cart panel and a dialog', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByText('Gruene Hall')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await addShirts(page, 'M', 0);
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('dialog', { name: 'Your Cart (1 item)' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Notify Me' }).click();
  const notify = page.getByRole('dialog', { name: 'Get Notified: Trucker Hat' });
  // The address box takes the focus once the dialog has finished opening.
  await expect(notify.getByLabel('Email Address')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});
