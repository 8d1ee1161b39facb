import { act, screen } from '@testing-library/react';
import { currentLocation, renderApp, stubApi } from '../../test/renderApp.js';
import { CART_STORAGE_KEY } from '../cart/cartStorage.js';

const item = {
  productId: 'tshirt',
  size: 'M',
  quantity: 2,
  price: 2500,
  productName: 'Wren Calloway T-Shirt',
  image: null,
};

beforeEach(() => {
  jest.useFakeTimers();
  stubApi();
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([item]));
});

afterEach(() => {
  jest.useRealTimers();
});

const scrolledTo = () => jest.mocked(Element.prototype.scrollIntoView).mock.contexts.at(-1);

it('after a paid checkout without its session: empties the cart, scrolls to merch at 100 ms, thanks at 500 ms, cleans the address', async () => {
  renderApp('/?checkout=success');
  expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([]);

  await act(async () => jest.advanceTimersByTime(99));
  expect(scrolledTo()).toBeUndefined();
  await act(async () => jest.advanceTimersByTime(1));
  expect(scrolledTo()).toBe(document.getElementById('merch'));
  expect(screen.queryByText('Order Successful')).toBeNull();

  await act(async () => jest.advanceTimersByTime(400));
  expect(screen.getByText('Order Successful')).toBeInTheDocument();
  expect(
    screen.getByText("Thank you for your purchase! You'll receive a confirmation email shortly."),
  ).toBeInTheDocument();
  expect(currentLocation.path).toBe('/');

  await act(async () => jest.advanceTimersByTime(5999));
  expect(screen.getByText('Order Successful')).toBeInTheDocument();
  await act(async () => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Order Successful')).toBeNull();
});

it('after a paid checkout, shows the receipt instead of the toast, asking the server for the session, which makes the order if the webhook is late', async () => {
  const { calls } = stubApi({
    'GET /api/checkout/session-status?session_id=cs_test_late': {
      body: { paid: true, status: 'complete' },
    },
  });
  renderApp('/?checkout=success&session_id=cs_test_late');
  await act(async () => jest.advanceTimersByTime(500));
  const checkoutCalls = calls.filter(
    (c) => c.url.startsWith('/api/checkout/') && c.url !== '/api/checkout/mode',
  );
  expect(checkoutCalls).toEqual([
    expect.objectContaining({
      method: 'GET',
      url: '/api/checkout/session-status?session_id=cs_test_late',
    }),
  ]);
  expect(
    await screen.findByRole('dialog', { name: 'Thank you for your order!' }),
  ).toBeInTheDocument();
  expect(screen.queryByText('Order Successful')).toBeNull();
  expect(currentLocation.path).toBe('/');
  expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
});

it('after a canceled checkout: keeps the cart and says so for 5000 ms', async () => {
  renderApp('/?checkout=canceled');
  await act(async () => jest.advanceTimersByTime(500));
  expect(screen.getByText('Checkout Canceled')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
  expect(currentLocation.path).toBe('/');
  await act(async () => jest.advanceTimersByTime(5000));
  expect(screen.queryByText('Checkout Canceled')).toBeNull();
});

it('ignores any other value of the parameter', async () => {
  renderApp('/?checkout=maybe');
  await act(async () => jest.advanceTimersByTime(1000));
  expect(scrolledTo()).toBeUndefined();
  expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
  expect(currentLocation.path).toBe('/?checkout=maybe');
});
