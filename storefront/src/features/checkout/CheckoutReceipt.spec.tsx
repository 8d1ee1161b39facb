import { act, screen, within } from '@testing-library/react';
import type { CheckoutSessionStatus } from '@artist/contracts';
import { renderApp, stubApi } from '../../test/renderApp.js';
import { RECEIPT_POLL_MS } from './OrderReceiptDialog.js';

const STATUS_URL = 'GET /api/checkout/session-status?session_id=cs_test_1';

const PAID: CheckoutSessionStatus = {
  paid: true,
  status: 'complete',
  order: {
    number: '#42',
    items: [
      { name: 'Wren Calloway T-Shirt - M', quantity: 2, price: 2500 },
      { name: 'Wren Calloway T-Shirt - XL', quantity: 1, price: 2500 },
    ],
    subtotal: 7500,
    discount: 0,
    discountCode: null,
    shipping: 500,
    tax: 0,
    total: 8000,
    shippingAddress: {
      name: 'June Carter',
      line1: '1 Music Row',
      line2: 'Suite 5',
      city: 'Nashville',
      state: 'TN',
      postalCode: '37203',
      country: 'US',
      phone: null,
    },
    lines: [],
  },
};

afterEach(() => {
  jest.useRealTimers();
});

it('shows the receipt of a paid return: "being confirmed" until the order is there, then its number, items, total and address', async () => {
  jest.useFakeTimers();
  const answers: CheckoutSessionStatus[] = [{ paid: false, status: 'complete' }, PAID];
  const { calls } = stubApi({
    [STATUS_URL]: () => ({ body: answers.length > 1 ? answers.shift() : answers[0] }),
  });
  renderApp('/?checkout=success&session_id=cs_test_1');
  await act(async () => jest.advanceTimersByTime(600));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Your payment is being confirmed…')).toBeInTheDocument();

  await act(async () => jest.advanceTimersByTime(RECEIPT_POLL_MS));
  expect(await within(dialog).findByText('Thank you! Order #42')).toBeInTheDocument();
  expect(within(dialog).getByText('Wren Calloway T-Shirt - M')).toBeInTheDocument();
  expect(within(dialog).getByText('$50.00')).toBeInTheDocument();
  expect(within(dialog).getByText('$5.00')).toBeInTheDocument();
  expect(within(dialog).getByText('$80.00')).toBeInTheDocument();
  expect(
    within(dialog).getByText('June Carter, 1 Music Row, Suite 5, Nashville, TN 37203, US'),
  ).toBeInTheDocument();

  // Once the order is shown, it stops asking.
  const asked = calls.filter((c) => c.url.startsWith('/api/checkout/session-status')).length;
  await act(async () => jest.advanceTimersByTime(RECEIPT_POLL_MS * 3));
  expect(calls.filter((c) => c.url.startsWith('/api/checkout/session-status'))).toHaveLength(asked);
});

it('says which lines are pre-orders and shows the sales tax apart', async () => {
  jest.useFakeTimers();
  const order = {
    ...PAID.order!,
    items: [{ name: 'Tour Vinyl', quantity: 1, price: 3000, preOrderUntil: '2027-03-01' }],
    subtotal: 3000,
    tax: 289,
    total: 3789,
  };
  stubApi({ [STATUS_URL]: () => ({ body: { ...PAID, order } }) });
  renderApp('/?checkout=success&session_id=cs_test_1');
  await act(async () => jest.advanceTimersByTime(600));
  const dialog = await screen.findByRole('dialog');
  expect(
    await within(dialog).findByText('Pre-order — ships from March 1, 2027'),
  ).toBeInTheDocument();
  const taxRow = within(dialog).getByText('Sales tax').closest('tr')!;
  expect(taxRow).toHaveTextContent('Sales tax$2.89');
  expect(within(dialog).getByText('$37.89')).toBeInTheDocument();
});

it('shows no receipt after a canceled checkout', async () => {
  jest.useFakeTimers();
  const { calls } = stubApi();
  renderApp('/?checkout=canceled');
  await act(async () => jest.advanceTimersByTime(600));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(calls.some((c) => c.url.startsWith('/api/checkout/session-status'))).toBe(false);
});

it('shows the order number and items alone when the receipt comes without total and address', async () => {
  jest.useFakeTimers();
  const { number, items } = PAID.order!;
  stubApi({ [STATUS_URL]: () => ({ body: { ...PAID, order: { number, items } } }) });
  renderApp('/?checkout=success&session_id=cs_test_1');
  await act(async () => jest.advanceTimersByTime(600));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Thank you! Order #42')).toBeInTheDocument();
  expect(within(dialog).getByText('Wren Calloway T-Shirt - M')).toBeInTheDocument();
  expect(within(dialog).getByText('Wren Calloway T-Shirt - XL')).toBeInTheDocument();
  expect(within(dialog).getByText('$50.00')).toBeInTheDocument();
  expect(within(dialog).queryByText('Shipping')).toBeNull();
  expect(within(dialog).queryByText('Total')).toBeNull();
  expect(within(dialog).queryByText('Shipping to:')).toBeNull();
  expect(dialog).not.toHaveTextContent('June Carter');
  expect(
    within(dialog).getByText(
      'The total and the shipping address are shown for a day after the order, and afterwards only on the device that placed it.',
    ),
  ).toBeInTheDocument();
});

const RELEASE_RECEIPT = {
  number: '#43',
  items: [{ name: 'Porch Light', quantity: 1, price: 0 }],
  subtotal: 0,
  discount: 0,
  discountCode: null,
  shipping: 0,
  tax: 0,
  total: 0,
  shippingAddress: '',
};

it('says where a free order’s download links were emailed, and shows none of them', async () => {
  stubApi({
    [STATUS_URL]: () => ({
      body: {
        paid: true,
        status: 'complete',
        order: {
          ...RELEASE_RECEIPT,
          downloadsNote: 'Your download links are on their way to f***@example.org',
        },
      },
    }),
  });
  renderApp('/?checkout=success&session_id=cs_test_1');
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Thank you! Order #43')).toBeInTheDocument();
  expect(within(dialog).getByRole('heading', { name: 'Your downloads' })).toBeInTheDocument();
  expect(
    within(dialog).getByText('Your download links are on their way to f***@example.org.'),
  ).toBeInTheDocument();
  expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
});

it('lists a paid order’s download links', async () => {
  stubApi({
    [STATUS_URL]: () => ({
      body: {
        paid: true,
        status: 'complete',
        order: {
          ...RELEASE_RECEIPT,
          items: [{ name: 'Porch Light', quantity: 1, price: 800 }],
          subtotal: 800,
          total: 800,
          downloads: [
            {
              release: 'Porch Light',
              format: 'MP3 320',
              url: '/download/abc',
              expiresAt: '2027-03-01T00:00:00.000Z',
              downloadsLeft: 3,
            },
          ],
        },
      },
    }),
  });
  renderApp('/?checkout=success&session_id=cs_test_1');
  const dialog = await screen.findByRole('dialog');
  const link = await within(dialog).findByRole('link', { name: 'Download Porch Light (MP3 320)' });
  expect(link).toHaveAttribute('href', '/download/abc');
  expect(within(dialog).queryByText(/on their way to/)).not.toBeInTheDocument();
});
