import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@artist/contracts';
import { PRODUCTS, renderApp, stubApi } from '../../test/renderApp.js';

const PORCH_LIGHT: Product = {
  id: 'porch-light',
  name: 'Porch Light',
  description: 'The second album.',
  priceInCents: 800,
  available: true,
  type: 'purchase',
  image: null,
  photo: null,
  images: [],
  cover: null,
  preOrderUntil: null,
  variants: [{ size: null, available: true, left: null }],
  kind: 'digital',
  pricing: 'name-your-price',
  minPriceCents: 800,
  tracks: [
    { title: 'Porch Light', durationSeconds: 215 },
    { title: 'Gravel Road', durationSeconds: 187 },
  ],
};

async function releaseCard() {
  const heading = await screen.findByRole('heading', { name: 'Porch Light', level: 3 });
  return within(heading.closest('article')!);
}

it('shows the tracks and a price field from the minimum, and checks out at the chosen amount', async () => {
  const { calls } = stubApi({
    'GET /api/products': { body: [...PRODUCTS, PORCH_LIGHT] },
    'POST /api/shipping/quote': {
      body: { rates: [{ id: 0, name: 'Download', amountCents: 0, deliveryDays: null }] },
    },
    'POST /api/create-checkout-session': { status: 503, body: { message: 'Payments are off.' } },
  });
  renderApp();
  const card = await releaseCard();
  expect(card.getByText('$8.00 or more')).toBeInTheDocument();
  expect(card.getByRole('list', { name: 'Tracks of Porch Light' })).toHaveTextContent(
    'Porch Light 3:35Gravel Road 3:07',
  );
  const price = card.getByLabelText('Name your price (USD)');
  expect(price).toHaveValue('8.00');
  await userEvent.clear(price);
  await userEvent.type(price, '7.99');
  expect(card.getByRole('alert')).toHaveTextContent('The lowest price for Porch Light is $8.00.');
  expect(price).toHaveAttribute('aria-invalid', 'true');
  expect(card.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await userEvent.clear(price);
  await userEvent.type(price, '15');
  await userEvent.click(card.getByRole('button', { name: 'Add to Cart' }));

  await userEvent.click(screen.getByRole('button', { name: 'Cart, 1 item' }));
  const cart = within(await screen.findByRole('dialog', { name: /^Your Cart/ }));
  await userEvent.click(await cart.findByRole('button', { name: 'Checkout' }));
  const checkout = calls.find((c) => c.url === '/api/create-checkout-session')!;
  expect(checkout.body).toEqual({
    items: [{ productId: 'porch-light', quantity: 1, priceCents: 1500 }],
    country: expect.any(String),
  });
});

it('plays one track preview at a time, loading the player only when Play is pressed', async () => {
  const withPreviews: Product = {
    ...PORCH_LIGHT,
    tracks: [
      {
        title: 'Porch Light',
        durationSeconds: 215,
        previewUrl: '/api/products/porch-light/tracks/0/preview?v=a',
      },
      {
        title: 'Gravel Road',
        durationSeconds: 188,
        previewUrl: '/api/products/porch-light/tracks/1/preview?v=b',
      },
      { title: 'Last Call', durationSeconds: 240, previewUrl: null },
    ],
  };
  stubApi({ 'GET /api/products': { body: [withPreviews] } });
  renderApp();
  const card = await releaseCard();
  expect(card.queryByRole('button', { name: 'Play Last Call' })).toBeNull();
  expect(document.querySelector('audio')).toBeNull();

  card.getByRole('button', { name: 'Play Porch Light' }).focus();
  await userEvent.keyboard('{Enter}');
  const first = await card.findByLabelText('Preview of Porch Light');
  expect(first).toHaveAttribute('src', '/api/products/porch-light/tracks/0/preview?v=a');
  expect(card.getByRole('button', { name: 'Play Porch Light' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await userEvent.click(card.getByRole('button', { name: 'Play Gravel Road' }));
  await card.findByLabelText('Preview of Gravel Road');
  expect(document.querySelectorAll('audio')).toHaveLength(1);
  expect(card.getByRole('button', { name: 'Play Porch Light' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Pressed again, it stops.
  await userEvent.click(card.getByRole('button', { name: 'Play Gravel Road' }));
  expect(document.querySelector('audio')).toBeNull();
});
