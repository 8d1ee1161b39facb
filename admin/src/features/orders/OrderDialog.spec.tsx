import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin, signedIn } from '../../test/render.js';
import { makeOrder } from '../../test/fixtures.js';
import { ORDERS, listRoute } from '../../test/listServer.js';

const dialog = () => within(screen.getByRole('dialog'));
const twoShirts = JSON.stringify([
  { product_name: 'Wren Calloway T-Shirt - L', quantity: 2, price: 2500 },
  { product_name: 'Trucker Hat', quantity: 1, price: 2000 },
]);

it('shows the subtotal, the $5.00 shipping and the total of an online order, and the payment in words', async () => {
  signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [
      makeOrder(1, { lineItems: twoShirts, total: 7500, paymentMethod: 'venmo' }),
    ]),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 1' }));
  const summary = dialog().getByText('Subtotal').closest('tfoot')!;
  expect(Array.from(summary.querySelectorAll('tr')).map((row) => row.textContent)).toEqual([
    'Subtotal$70.00',
    'Shipping$5.00',
    'Total$75.00',
  ]);
  const payment = dialog().getByText('Payment').closest('tr')!;
  expect(payment).toHaveTextContent(/^PaymentPaid Venmo/);
  expect(payment.textContent).not.toMatch(/paid|venmo/);
});

it('shows no shipping for a merch-table order, and a refund in words', async () => {
  signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [
      makeOrder(2, {
        salesChannel: 'in-person',
        shippingAddress: '{"type":"in-person"}',
        lineItems: twoShirts,
        total: 7000,
        paymentMethod: 'cash',
        paymentStatus: 'refunded',
        refundedAmount: 7000,
      }),
    ]),
  });
  renderAdmin('/admin?tab=orders&status=all');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 2' }));
  expect(dialog().getByText('Total').closest('tr')).toHaveTextContent('Total$70.00');
  expect(dialog().queryByText('Shipping')).toBeNull();
  expect(dialog().getByText('Payment').closest('tr')).toHaveTextContent(/^PaymentRefunded Cash/);
});
