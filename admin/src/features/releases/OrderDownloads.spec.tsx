import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeLine, makeOrder } from '../../test/fixtures.js';
import { ORDERS, listRoute } from '../../test/listServer.js';
import { json, renderAdmin, signedIn } from '../../test/render.js';

const dialog = () => within(screen.getAllByRole('dialog')[0]!);

/** An order of the release Porch Light at $12.50 (name your price from $8.00). */
const RELEASE_BOUGHT = {
  lines: [
    makeLine(1, {
      productId: 'porch-light',
      productName: 'Porch Light',
      kind: 'digital',
      unitPriceCents: 1250,
    }),
  ],
  lineItems: [
    {
      product_name: 'Porch Light',
      quantity: 1,
      price: 1250,
      product_id: 'porch-light',
      digital: true,
    },
  ],
  total: 1250,
};

it('shows an order’s downloads and sends its links again', async () => {
  const stub = signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [
      makeOrder(3, {
        ...RELEASE_BOUGHT,
      }),
    ]),
    'GET /api/admin/orders/3/downloads': json(200, [
      {
        at: '2026-11-20T10:00:00.000Z',
        release: 'Porch Light',
        format: 'FLAC',
        bytes: 314_572_800,
      },
    ]),
    'POST /api/admin/orders/3/downloads/resend': json(202, { sent: 2 }),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 3' }));
  const row = (await dialog().findByText('FLAC')).closest('tr')!;
  expect(row).toHaveTextContent('Porch Light');
  expect(row).toHaveTextContent('300.0 MB');
  await userEvent.click(dialog().getByRole('button', { name: 'Send Links Again' }));
  expect(await screen.findByText(/2 fresh links sent to/)).toBeInTheDocument();
  expect(
    stub.requests.some(
      (r) => r.method === 'POST' && r.path === '/api/admin/orders/3/downloads/resend',
    ),
  ).toBe(true);
});

it('shows that a refunded order’s downloads have ended, with nothing to send', async () => {
  signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [
      makeOrder(4, {
        ...RELEASE_BOUGHT,
        paymentStatus: 'refunded',
        refundedAmount: 1250,
      }),
    ]),
    'GET /api/admin/orders/4/downloads': json(200, []),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 4' }));
  expect(await dialog().findByText('Downloads ended: refunded')).toBeInTheDocument();
  expect(dialog().queryByRole('button', { name: 'Send Links Again' })).toBeNull();
});
