import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, renderApp, stubApi, type Reply } from '../../test/renderApp.js';
import { CART_STORAGE_KEY } from './cartStorage.js';
import { redirectTo } from './checkoutApi.js';

const line = (size: string, quantity: number) => ({
  productId: 'tshirt',
  size,
  quantity,
  price: 2500,
  productName: 'Wren Calloway T-Shirt',
  image: '/assets/tshirt.webp',
});

function withCart(...items: ReturnType<typeof line>[]) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
}

/** Opens the cart; one with items is ready once its shipping is priced. */
async function openCart() {
  await userEvent.click(screen.getByRole('button', { name: /^Cart, / }));
  const panel = within(await screen.findByRole('dialog'));
  if (JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]').length > 0) {
    await panel.findByRole('radio', { checked: true });
  }
  return panel;
}

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(redirectTo, 'assign').mockImplementation(() => {});
});
afterEach(() => assign.mockRestore());

it('shows the empty state, with Checkout disabled', async () => {
  stubApi();
  renderApp();
  const panel = await openCart();
  expect(panel.getByText('Your Cart (0 items)')).toBeInTheDocument();
  expect(panel.getByText('Your cart is empty')).toBeInTheDocument();
  expect(panel.getByText('Add some merch to get started!')).toBeInTheDocument();
  expect(panel.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await userEvent.click(panel.getByRole('button', { name: 'Continue Shopping' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('lists each line with image, name, size, price and line total, then shipping and the total', async () => {
  stubApi();
  withCart(line('M', 1), line('L', 2));
  renderApp();
  const panel = await openCart();
  expect(panel.getByText('Your Cart (3 items)')).toBeInTheDocument();
  expect(panel.getAllByText('Wren Calloway T-Shirt')).toHaveLength(2);
  expect(panel.getByText('Size: M')).toBeInTheDocument();
  const [medium, large] = panel.getAllByRole('listitem');
  expect(within(medium!).getByText('$25.00')).toBeInTheDocument();
  expect(within(large!).getByText('$25.00 × 2 = $50.00')).toBeInTheDocument();
  const totals = (term: string) => panel.getByText(term, { selector: 'dt' }).nextElementSibling;
  expect(totals('Subtotal')).toHaveTextContent('$75.00');
  expect(totals('Shipping (Standard shipping)')).toHaveTextContent('$5.00');
  expect(totals('Total')).toHaveTextContent('$80.00');
  expect(medium!.querySelector('img')).toHaveAttribute('src', '/assets/tshirt.webp');
});

it('changes quantities within 1 to 10 and removes lines', async () => {
  stubApi();
  withCart(line('M', 9), line('L', 1));
  renderApp();
  const panel = await openCart();
  expect(panel.getByText('Your Cart (10 items)')).toBeInTheDocument();
  const medium = within(
    panel.getByRole('group', { name: 'Quantity of Wren Calloway T-Shirt (M)' }),
  );
  expect(panel.queryByText('10 is the most per order.')).not.toBeInTheDocument();
  await userEvent.click(medium.getByRole('button', { name: 'Increase quantity' }));
  expect(medium.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  // The limit is said, not only a dead button.
  expect(panel.getByText('10 is the most per order.')).toBeInTheDocument();
  expect(panel.getByText('Your Cart (11 items)')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cart, 11 items' })).toHaveTextContent('9+');
  const large = within(panel.getByRole('group', { name: 'Quantity of Wren Calloway T-Shirt (L)' }));
  expect(large.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await userEvent.click(
    panel.getByRole('button', { name: 'Remove Wren Calloway T-Shirt (M) from cart' }),
  );
  expect(panel.getByText('Your Cart (1 item)')).toBeInTheDocument();
  expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([line('L', 1)]);
});

it("sends the cart to checkout, says 'Processing...', and leaves for the returned url", async () => {
  const pending = deferred<Reply>();
  const { calls } = stubApi({ 'POST /api/create-checkout-session': () => pending.promise });
  withCart(line('M', 2));
  renderApp();
  const panel = await openCart();
  await userEvent.click(panel.getByRole('button', { name: 'Checkout' }));
  expect(panel.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  pending.resolve({ body: { url: 'https://pay.example/session/1' } });
  await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/session/1'));
  expect(panel.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  expect(calls.find((c) => c.url === '/api/create-checkout-session')?.body).toEqual({
    items: [{ productId: 'tshirt', size: 'M', quantity: 2 }],
    country: 'US',
    shippingRateId: 1,
  });
});

it.each([
  [
    'the server message',
    { status: 400, body: { statusCode: 400, message: 'Unknown size.' } },
    'Unknown size.',
  ],
  [
    "the server's message when payments are not set up (503)",
    { status: 503, body: { statusCode: 503, message: 'Payments are not set up yet.' } },
    'Payments are not set up yet.',
  ],
  [
    "the server's message when throttled (429)",
    {
      status: 429,
      body: { statusCode: 429, message: 'Too many requests. Try again in a minute.' },
    },
    'Too many requests. Try again in a minute.',
  ],
  [
    'a fallback when the server gives none',
    { status: 500, text: '' },
    'Failed to create checkout session',
  ],
  ['a fallback when no url comes back', { body: {} }, 'No checkout URL received'],
])('shows an error toast with %s', async (_what, reply: Reply, message) => {
  stubApi({ 'POST /api/create-checkout-session': reply });
  withCart(line('M', 1));
  renderApp();
  const panel = await openCart();
  await userEvent.click(panel.getByRole('button', { name: 'Checkout' }));
  const toast = (await screen.findAllByRole('alert')).find((a) => a.textContent?.includes('Error'));
  expect(toast).toHaveTextContent(message);
  expect(assign).not.toHaveBeenCalled();
  expect(panel.getByRole('button', { name: 'Checkout' })).toBeEnabled();
});

it('shows the generic checkout error when the network fails', async () => {
  stubApi({
    'POST /api/create-checkout-session': () => Promise.reject(new TypeError('Failed to fetch')),
  });
  withCart(line('M', 1));
  renderApp();
  const panel = await openCart();
  await userEvent.click(panel.getByRole('button', { name: 'Checkout' }));
  expect(await screen.findByRole('alert', { name: '' })).toHaveTextContent(
    'Unable to process checkout. Please try again.',
  );
});

it('dismisses an open toast when the panel opens', async () => {
  stubApi();
  renderApp();
  const heading = await screen.findByRole('heading', { name: 'Wren Calloway T-Shirt' });
  await userEvent.click(
    within(heading.closest('article')!).getByRole('button', { name: 'Add to Cart' }),
  );
  expect(screen.getByText('Added to cart')).toBeInTheDocument();
  await openCart();
  expect(screen.queryByText('Added to cart')).not.toBeInTheDocument();
});

it.each([
  ['its limits (400)', 400, 'A checkout can hold at most 20 items.'],
  [
    'what this address already holds (429)',
    429,
    'Your open checkouts already hold 10 of the Wren Calloway T-Shirt - M, the most one buyer may hold at a time. Please try again in 30 minutes.',
  ],
  [
    'too many checkouts from this address (429)',
    429,
    'Too many requests. Please try again in 4 minutes.',
  ],
])(
  'says in the cart why the server refused it for %s, until the cart changes',
  async (_what, status, message) => {
    stubApi({
      'POST /api/create-checkout-session': { status, body: { statusCode: status, message } },
    });
    withCart(line('M', 3));
    renderApp();
    const panel = await openCart();
    await userEvent.click(panel.getByRole('button', { name: 'Checkout' }));
    expect(await panel.findByText(message)).toHaveAttribute('role', 'alert');
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(
      panel.getByRole('button', { name: 'Remove Wren Calloway T-Shirt (M) from cart' }),
    );
    expect(panel.queryByText(message)).toBeNull();
  },
);

it('says in the cart which item ran short when checkout answers 409, until the cart changes', async () => {
  const message =
    'Sorry, only 2 of the Wren Calloway T-Shirt - M are left. Please lower the quantity in your cart.';
  stubApi({
    'POST /api/create-checkout-session': { status: 409, body: { statusCode: 409, message } },
  });
  withCart(line('M', 3));
  renderApp();
  const panel = await openCart();
  await userEvent.click(panel.getByRole('button', { name: 'Checkout' }));
  expect(await panel.findByText(message)).toHaveAttribute('role', 'alert');
  expect(assign).not.toHaveBeenCalled();
  const stepper = within(
    panel.getByRole('group', { name: 'Quantity of Wren Calloway T-Shirt (M)' }),
  );
  await userEvent.click(stepper.getByRole('button', { name: 'Decrease quantity' }));
  expect(panel.queryByText(message)).toBeNull();
});

it('asks where it ships, shows each rate of that country and the total, and checks out at the chosen one', async () => {
  const { calls } = stubApi({
    'POST /api/create-checkout-session': { body: { url: 'https://pay.example/session/2' } },
  });
  withCart(line('M', 2));
  renderApp();
  const panel = await openCart();
  const totals = (term: RegExp) => panel.getByText(term, { selector: 'dt' }).nextElementSibling;
  // jsdom's language is en-US.
  expect(panel.getByRole('combobox', { name: 'Ship to' })).toHaveValue('US');
  expect(totals(/^Total$/)).toHaveTextContent('$55.00');

  await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Ship to' }), 'GB');
  const express = await panel.findByRole('radio', { name: /Express · 2-3 days \$20\.00/ });
  expect(panel.getByRole('radio', { name: /Standard · 5-10 days \$9\.00/ })).toBeChecked();
  expect(totals(/^Total$/)).toHaveTextContent('$59.00');
  await userEvent.click(express);
  expect(totals(/^Shipping/)).toHaveTextContent('$20.00');
  expect(totals(/^Total$/)).toHaveTextContent('$70.00');

  await userEvent.click(panel.getByRole('button', { name: 'Checkout' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/session/2'));
  expect(calls.find((c) => c.url === '/api/create-checkout-session')?.body).toEqual({
    items: [{ productId: 'tshirt', size: 'M', quantity: 2 }],
    country: 'GB',
    shippingRateId: 3,
  });
});

it('says in the cart when the shop does not ship to the country, and keeps Checkout off', async () => {
  stubApi({ 'GET /api/shipping/countries': { body: { countries: ['FR'] } } });
  withCart(line('M', 1));
  renderApp();
  await userEvent.click(screen.getByRole('button', { name: /^Cart, / }));
  const panel = within(await screen.findByRole('dialog'));
  expect(await panel.findByRole('alert')).toHaveTextContent('Sorry, we do not ship to FR yet.');
  expect(panel.getByRole('button', { name: 'Checkout' })).toBeDisabled();
});

it('applies a discount code, shows the saving and the total, and checks out with it', async () => {
  const { calls } = stubApi({
    'POST /api/create-checkout-session': { body: { url: 'https://pay.example/session/3' } },
  });
  withCart(line('M', 2));
  renderApp();
  const panel = await openCart();
  const totals = (term: RegExp) => panel.getByText(term, { selector: 'dt' }).nextElementSibling;
  const field = panel.getByLabelText('Discount code');
  await userEvent.type(field, 'old');
  await userEvent.click(panel.getByRole('button', { name: 'Apply' }));
  expect(await panel.findByRole('alert')).toHaveTextContent('This code has expired.');
  expect(totals(/^Total$/)).toHaveTextContent('$55.00');

  await userEvent.click(panel.getByRole('button', { name: 'Remove' }));
  await userEvent.type(field, 'tour10');
  await userEvent.click(panel.getByRole('button', { name: 'Apply' }));
  expect(await panel.findByRole('status')).toHaveTextContent('TOUR10 applied: you save $5.00.');
  expect(totals(/^Discount/)).toHaveTextContent('−$5.00');
  expect(totals(/^Total$/)).toHaveTextContent('$50.00');

  await userEvent.click(panel.getByRole('button', { name: 'Checkout' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/session/3'));
  expect(calls.find((c) => c.url === '/api/create-checkout-session')?.body).toEqual({
    items: [{ productId: 'tshirt', size: 'M', quantity: 2 }],
    country: 'US',
    shippingRateId: 1,
    discountCode: 'TOUR10',
  });
});

it('puts Apply back in place of Remove once another code is typed after a refused one', async () => {
  stubApi();
  withCart(line('M', 2));
  renderApp();
  const panel = await openCart();
  const field = panel.getByLabelText('Discount code');
  await userEvent.type(field, 'old');
  await userEvent.click(panel.getByRole('button', { name: 'Apply' }));
  expect(await panel.findByRole('alert')).toHaveTextContent('This code has expired.');
  expect(panel.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  await userEvent.clear(field);
  await userEvent.type(field, 'tour10');
  expect(panel.queryByRole('button', { name: 'Remove' })).toBeNull();
  expect(panel.queryByRole('alert')).toBeNull();
  await userEvent.click(panel.getByRole('button', { name: 'Apply' }));
  expect(await panel.findByRole('status')).toHaveTextContent('TOUR10 applied: you save $5.00.');
});

it('keeps the chosen country and code across a reload', async () => {
  stubApi();
  withCart(line('M', 2));
  const first = renderApp();
  let panel = await openCart();
  await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Ship to' }), 'GB');
  await userEvent.type(panel.getByLabelText('Discount code'), 'tour10');
  await userEvent.click(panel.getByRole('button', { name: 'Apply' }));
  expect(await panel.findByRole('status')).toHaveTextContent('TOUR10 applied');
  first.unmount();

  stubApi();
  renderApp();
  panel = await openCart();
  expect(panel.getByRole('combobox', { name: 'Ship to' })).toHaveValue('GB');
  expect(panel.getByLabelText('Discount code')).toHaveValue('TOUR10');
  expect(await panel.findByRole('status')).toHaveTextContent('TOUR10 applied: you save $5.00.');
});
