import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, PRODUCTS, renderApp, stubApi, type Reply } from '../../test/renderApp.js';
import { CART_STORAGE_KEY } from '../cart/cartStorage.js';

const merch = () => within(document.getElementById('merch')!);

async function tshirtCard() {
  const heading = await merch().findByRole('heading', { name: 'Wren Calloway T-Shirt' });
  return within(heading.closest('article')!);
}

it('shows the heading, subtitle, both products and the footer notes', async () => {
  stubApi();
  renderApp();
  expect(merch().getByRole('heading', { name: 'Merch', level: 2 })).toBeInTheDocument();
  expect(merch().getByText('Official Wren Calloway merchandise.')).toBeInTheDocument();
  const card = await tshirtCard();
  expect(card.getByText('$25.00')).toBeInTheDocument();
  expect(card.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
  const hat = within(merch().getByRole('heading', { name: 'Trucker Hat' }).closest('article')!);
  expect(hat.getByText('Sold out')).toBeInTheDocument();
  expect(hat.queryByText('Coming Soon')).toBeNull();
  expect(hat.getByRole('button', { name: 'Notify Me' })).toBeInTheDocument();
  expect(hat.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  expect(hat.getByRole('img')).toHaveAttribute('src', '/assets/placeholder.webp');
  expect(await merch().findByText(/Secure checkout powered by/)).toHaveTextContent(
    'Secure checkout powered by Stripe',
  );
  expect(merch().queryByText('Test mode: no card is charged')).toBeNull();
  expect(
    await merch().findByText('Ships to the United Kingdom and the United States'),
  ).toBeInTheDocument();
});

it('says "Test mode: no card is charged" in place of the Stripe line in test mode, in the cart too', async () => {
  stubApi({ 'GET /api/checkout/mode': { body: { testMode: true } } });
  renderApp();
  expect(await merch().findByText('Test mode: no card is charged')).toBeInTheDocument();
  expect(merch().queryByText(/Secure checkout powered by/)).toBeNull();
  await userEvent.click((await tshirtCard()).getByRole('button', { name: 'Add to Cart' }));
  await userEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
  const cart = within(await screen.findByRole('dialog', { name: /^Your Cart/ }));
  expect(cart.getByText('Test mode: no card is charged')).toBeInTheDocument();
  expect(cart.queryByText(/Secure checkout powered by/)).toBeNull();
});

it('offers sizes Small to 2XL with Medium chosen', async () => {
  stubApi();
  renderApp();
  const size = (await tshirtCard()).getByRole('combobox', { name: 'Size' });
  expect(size).toHaveValue('M');
  expect(
    within(size)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Small', 'Medium', 'Large', 'XL', '2XL']);
});

it('shows a size with none left as sold out, picks one with some, and says when few are left', async () => {
  const [tshirt, hat] = PRODUCTS;
  const left = { S: 0, M: 0, L: 3, XL: null, '2XL': 12 } as const;
  stubApi({
    'GET /api/products': {
      body: [
        {
          ...tshirt,
          variants: tshirt!.variants.map((v) => {
            const n = left[v.size as keyof typeof left];
            return { size: v.size, available: n !== 0, left: n !== null && n <= 5 ? n : null };
          }),
        },
        hat,
      ],
    },
  });
  renderApp();
  const card = await tshirtCard();
  const size = card.getByRole('combobox', { name: 'Size' });
  expect(size).toHaveValue('L');
  const options = within(size).getAllByRole('option') as HTMLOptionElement[];
  expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
    ['Small (Sold out)', false],
    ['Medium (Sold out)', false],
    ['Large', false],
    ['XL', false],
    ['2XL', false],
  ]);
  expect(card.getByRole('status')).toHaveTextContent('Only 3 left');
  expect(card.queryByRole('button', { name: /^Notify me when/ })).toBeNull();
  await userEvent.selectOptions(size, 'XL');
  expect(card.queryByRole('status')).toBeNull();
  expect(card.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
});

it('lets the cart hold no more than is left of a size', async () => {
  const [tshirt, hat] = PRODUCTS;
  stubApi({
    'GET /api/products': {
      body: [
        {
          ...tshirt,
          variants: tshirt!.variants.map((v) => ({
            size: v.size,
            available: true,
            left: v.size === 'M' ? 1 : null,
          })),
        },
        hat,
      ],
    },
  });
  renderApp();
  const card = await tshirtCard();
  expect(card.getByRole('combobox', { name: 'Size' })).toHaveValue('M');
  expect(card.getByRole('status')).toHaveTextContent('Only 1 left');
  // The quantity stops at what is left, and says why.
  expect(card.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  expect(card.getByText('Only 1 left.')).toBeInTheDocument();
  await userEvent.click(card.getByRole('button', { name: 'Add to Cart' }));
  expect(card.getByRole('status')).toHaveTextContent('Only 1 left · 1 in your cart');
  expect(card.getByRole('button', { name: 'All left are in your cart' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
  const cart = within(await screen.findByRole('dialog', { name: /^Your Cart/ }));
  const stepper = cart.getByRole('group', { name: 'Quantity of Wren Calloway T-Shirt (M)' });
  expect(within(stepper).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
});

it('offers "Notify me when S is back" for a sold-out size, and asks for that size', async () => {
  const [tshirt, hat] = PRODUCTS;
  const { calls } = stubApi({
    'GET /api/products': {
      body: [
        {
          ...tshirt,
          variants: tshirt!.variants.map((v) => ({ ...v, available: v.size !== 'S' })),
        },
        hat,
      ],
    },
    'POST /api/notify-me': { body: { success: true, message: 'ok' } },
  });
  renderApp();
  const card = await tshirtCard();
  await userEvent.selectOptions(card.getByRole('combobox', { name: 'Size' }), 'S');
  expect(card.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await userEvent.click(card.getByRole('button', { name: 'Notify me when S is back' }));
  const dialog = within(
    await screen.findByRole('dialog', { name: 'Get Notified: Wren Calloway T-Shirt in S' }),
  );
  await userEvent.type(dialog.getByLabelText('Email Address'), 'fan@example.com');
  await userEvent.click(dialog.getByRole('button', { name: 'Notify Me' }));
  expect(await dialog.findByText("We'll notify you when S is back.")).toBeInTheDocument();
  expect(calls.find((c) => c.url === '/api/notify-me')?.body).toEqual({
    email: 'fan@example.com',
    productName: 'Wren Calloway T-Shirt',
    size: 'S',
  });
});

it('keeps the quantity between 1 and 10, disabling minus at 1 and plus at 10', async () => {
  stubApi();
  renderApp();
  const card = await tshirtCard();
  const minus = card.getByRole('button', { name: 'Decrease quantity' });
  const plus = card.getByRole('button', { name: 'Increase quantity' });
  const value = card.getByRole('group', { name: 'Quantity' });
  expect(value).toHaveTextContent('1');
  expect(minus).toBeDisabled();
  for (let i = 0; i < 9; i++) await userEvent.click(plus);
  expect(value).toHaveTextContent('10');
  expect(plus).toBeDisabled();
  expect(minus).toBeEnabled();
});

it('adds the chosen size and quantity to the cart, says so, and resets the quantity', async () => {
  stubApi();
  renderApp();
  const card = await tshirtCard();
  await userEvent.selectOptions(card.getByRole('combobox', { name: 'Size' }), 'XL');
  await userEvent.click(card.getByRole('button', { name: 'Increase quantity' }));
  await userEvent.click(card.getByRole('button', { name: 'Increase quantity' }));
  await userEvent.click(card.getByRole('button', { name: 'Add to Cart' }));

  const toast = screen.getByRole('status', { name: '' });
  expect(toast).toHaveTextContent('Added to cart');
  expect(toast).toHaveTextContent('3x Wren Calloway T-Shirt (XL) added to your cart');
  expect(card.getByRole('group', { name: 'Quantity' })).toHaveTextContent('1');
  expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
  expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
    {
      productId: 'tshirt',
      size: 'XL',
      quantity: 3,
      price: 2500,
      productName: 'Wren Calloway T-Shirt',
      image: '/assets/tshirt.webp',
    },
  ]);
});

it('says a pre-order ships from its date on the card and in the cart, and not once the date has come', async () => {
  const [tshirt, hat] = PRODUCTS;
  stubApi({
    'GET /api/products': {
      body: [
        { ...tshirt, preOrderUntil: '2999-03-01' },
        { ...hat, preOrderUntil: '2000-01-01' },
      ],
    },
  });
  renderApp();
  const card = await tshirtCard();
  expect(card.getByText('Pre-order — ships from March 1, 2999')).toBeInTheDocument();
  // Past its date a product is in hand.
  const hatCard = within(
    (await merch().findByRole('heading', { name: 'Trucker Hat' })).closest('article')!,
  );
  expect(hatCard.queryByText(/Pre-order/)).toBeNull();
  await userEvent.click(card.getByRole('button', { name: 'Add to Cart' }));
  expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
    expect.objectContaining({ productId: 'tshirt', preOrderUntil: '2999-03-01' }),
  ]);
  await userEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
  const cart = within(await screen.findByRole('dialog', { name: /cart/i }));
  expect(cart.getByText('Pre-order — ships from March 1, 2999')).toBeInTheDocument();
});

it('opens the t-shirt image full size and closes it again', async () => {
  stubApi();
  renderApp();
  const card = await tshirtCard();
  const opener = card.getByRole('button', { name: 'Enlarge image of Wren Calloway T-Shirt' });
  await userEvent.click(opener);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('img', { name: 'Wren Calloway T-Shirt' })).toHaveAttribute(
    'src',
    '/assets/tshirt.webp',
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('says so when the products cannot be loaded', async () => {
  stubApi({ 'GET /api/products': { status: 500 } });
  renderApp();
  expect(await merch().findByText('Unable to load merch at this time.')).toBeInTheDocument();
});

describe('notify dialog', () => {
  async function openDialog() {
    const hat = await merch().findByRole('heading', { name: 'Trucker Hat' });
    await userEvent.click(
      within(hat.closest('article')!).getByRole('button', { name: 'Notify Me' }),
    );
    return within(await screen.findByRole('dialog', { name: 'Get Notified: Trucker Hat' }));
  }

  it('asks for a valid email address before sending anything', async () => {
    const { calls } = stubApi();
    renderApp();
    const dialog = await openDialog();
    expect(
      dialog.getByText("Enter your email and we'll let you know when this product is available."),
    ).toBeInTheDocument();
    const email = dialog.getByLabelText('Email Address');
    expect(email).toHaveAttribute('placeholder', 'your@email.com');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(dialog.getByRole('button', { name: 'Notify Me' }));
    expect(dialog.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.url === '/api/notify-me')).toBe(false);
  });

  it("sends the request, says 'Submitting...', then thanks the visitor once and resets on close", async () => {
    const pending = deferred<Reply>();
    const { calls } = stubApi({ 'POST /api/notify-me': () => pending.promise });
    renderApp();
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText('Email Address'), 'fan@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Notify Me' }));
    expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    pending.resolve({ body: { success: true, message: 'ok' } });

    expect(await dialog.findByText('Thank you!')).toBeInTheDocument();
    expect(
      dialog.getByText("We'll notify you when this product is available."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/notify-me')?.body).toEqual({
      email: 'fan@example.com',
      productName: 'Trucker Hat',
    });
    // Said once, in the dialog: no toast repeats it.
    expect(screen.queryByText('Success!')).not.toBeInTheDocument();
    expect(screen.getAllByText("We'll notify you when this product is available.")).toHaveLength(1);

    // The dialog's own close button and the 'Close' of the thank-you view.
    const [, closeButton] = dialog.getAllByRole('button', { name: 'Close' });
    expect(closeButton).toHaveTextContent('Close');
    await userEvent.click(closeButton);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await openDialog();
    expect(again.getByLabelText('Email Address')).toHaveValue('');
  });

  it('shows an error toast with the reason when the request fails', async () => {
    stubApi({
      'POST /api/notify-me': {
        status: 400,
        body: { statusCode: 400, message: 'Invalid product name' },
      },
    });
    renderApp();
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText('Email Address'), 'fan@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Notify Me' }));
    const alert = await screen.findByRole('alert', { name: '' });
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Invalid product name');
    expect(dialog.getByRole('button', { name: 'Notify Me' })).toBeEnabled();
  });

  it('shows the 429 sentence in the dialog', async () => {
    const sentence = 'Too many requests. Please try again in 10 minutes.';
    stubApi({
      'POST /api/notify-me': { status: 429, body: { statusCode: 429, message: sentence } },
    });
    renderApp();
    const dialog = await openDialog();
    await userEvent.type(dialog.getByLabelText('Email Address'), 'fan@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Notify Me' }));
    expect(await dialog.findByText(sentence)).toHaveAttribute('role', 'alert');
    expect(dialog.getByRole('button', { name: 'Notify Me' })).toBeEnabled();
  });
});
