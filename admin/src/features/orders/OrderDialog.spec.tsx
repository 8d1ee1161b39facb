import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeLine, makeOrder } from '../../test/fixtures.js';
import { ORDERS, listRoute } from '../../test/listServer.js';

const dialog = () => within(screen.getAllByRole('dialog')[0]!);
/** antd's confirmation, a second dialog above the order's, with its title. */
async function confirmation(title: string) {
  await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
  const confirm = screen.getAllByRole('dialog')[1]!;
  expect(
    within(confirm).getByText(title, { selector: '.ant-modal-confirm-title' }),
  ).toBeInTheDocument();
  return confirm;
}
const twoShirts = [
  { product_name: 'Wren Calloway T-Shirt - L', quantity: 2, price: 2500 },
  { product_name: 'Trucker Hat', quantity: 1, price: 2000 },
];

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
        shippingAddress: null,
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

it('refunds part of an order after a confirmation naming the amount, with the items back in stock', async () => {
  const order = makeOrder(5, { total: 8000, paymentIntentId: 'pi_5', refundedAmount: 2000 });
  const { requests } = signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [order]),
    'POST /api/admin/orders/5/refund': json(200, {
      ...order,
      refundedAmount: 3250,
      paymentStatus: 'partially_refunded',
    }),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 5' }));
  const amount = dialog().getByLabelText('Amount ($), up to $60.00');
  expect(amount).toHaveValue('60.00');
  await userEvent.clear(amount);
  await userEvent.type(amount, '12.50');
  await userEvent.click(dialog().getByRole('checkbox', { name: 'Put the items back in stock' }));
  await userEvent.click(dialog().getByRole('button', { name: 'Refund…' }));
  const confirm = await confirmation('Refund $12.50 to Fan 5?');
  // What is left once this refund is made: $60.00 less $12.50.
  expect(confirm).toHaveTextContent('($47.50 is left after it), and puts its items back in stock');
  expect(requests.some((r) => r.path.endsWith('/refund'))).toBe(false);
  await userEvent.click(within(confirm).getByRole('button', { name: 'Refund $12.50' }));
  expect(await screen.findByText('Refunded $12.50')).toBeInTheDocument();
  expect(requests.find((r) => r.path === '/api/admin/orders/5/refund')!.body).toEqual({
    amount: 1250,
    restock: true,
  });
});

it('refunds the whole remainder without an amount, shows a refusal, and offers no refund once all is refunded', async () => {
  const order = makeOrder(6, {
    total: 3000,
    paymentIntentId: 'pi_6',
    restockedAt: '2026-11-20T10:00:00.000Z',
  });
  const { requests } = signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [
      order,
      makeOrder(7, {
        total: 3000,
        paymentIntentId: 'pi_7',
        paymentStatus: 'refunded',
        refundedAmount: 3000,
      }),
      makeOrder(8, { total: 3000, paymentIntentId: null, paymentMethod: 'cash' }),
    ]),
    'POST /api/admin/orders/6/refund': json(400, {
      statusCode: 400,
      message: 'Stripe refused the refund: Charge ch_6 has a dispute.',
    }),
  });
  renderAdmin('/admin?tab=orders&status=all');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 6' }));
  expect(dialog().getByRole('checkbox', { name: 'Items already back in stock' })).toBeDisabled();
  await userEvent.click(dialog().getByRole('button', { name: 'Refund…' }));
  const confirm = await confirmation('Refund $30.00 to Fan 6?');
  expect(confirm).toHaveTextContent(
    'This refunds all that is left of the order. It cannot be undone.',
  );
  await userEvent.click(within(confirm).getByRole('button', { name: 'Refund $30.00' }));
  expect(await screen.findByText('Refund failed')).toBeInTheDocument();
  expect(
    screen.getByText('Stripe refused the refund: Charge ch_6 has a dispute.'),
  ).toBeInTheDocument();
  expect(requests.find((r) => r.path === '/api/admin/orders/6/refund')!.body).toEqual({
    restock: false,
  });
  await userEvent.click(dialog().getAllByRole('button', { name: 'Close' }).at(-1)!);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  for (const id of [7, 8]) {
    await userEvent.click(await screen.findByRole('button', { name: `Manage order ${id}` }));
    expect(dialog().queryByRole('button', { name: 'Refund…' })).toBeNull();
    await userEvent.click(dialog().getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }
});

it('refunds items by line after a confirmation, the server working out the amount', async () => {
  const order = makeOrder(7, {
    total: 5500,
    paymentIntentId: 'pi_7',
    lines: [
      makeLine(71, { productName: 'Wren Calloway T-Shirt', size: 'M', quantity: 2 }),
      makeLine(72, { productName: 'Trucker Hat', refundedQuantity: 1 }),
    ],
  });
  const { requests } = signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [order]),
    'POST /api/admin/orders/7/refund': json(200, {
      ...order,
      refundedAmount: 2500,
      paymentStatus: 'partially_refunded',
    }),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 7' }));
  // A line refunded in full offers nothing more.
  expect(dialog().queryByLabelText(/Items of Trucker Hat/)).not.toBeInTheDocument();
  const shirts = dialog().getByLabelText('Items of Wren Calloway T-Shirt - M to refund, up to 2');
  await userEvent.clear(shirts);
  await userEvent.type(shirts, '1');
  expect(dialog().getByRole('checkbox', { name: 'Put these items back in stock' })).toBeChecked();
  await userEvent.click(dialog().getByRole('button', { name: 'Refund items…' }));
  const confirm = await confirmation('Refund 1 item to Fan 7?');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Refund items' }));
  expect(await screen.findByText('Refunded $25.00')).toBeInTheDocument();
  expect(requests.find((r) => r.path === '/api/admin/orders/7/refund')!.body).toEqual({
    lines: [{ lineId: 71, quantity: 1 }],
    restock: true,
  });
});

it('ships the lines in hand and leaves the pre-order for later, with its own tracking number', async () => {
  const order = makeOrder(7, {
    preOrder: true,
    preOrderUntil: '2099-03-01',
    lines: [
      makeLine(71, { productName: 'Wren Calloway T-Shirt', size: 'M', quantity: 2 }),
      makeLine(72, { productName: 'Tour Poster', kind: 'pre-order' }),
      makeLine(73, { productName: 'Porch Light', kind: 'digital', productId: 'porch-light' }),
    ],
  });
  const stub = signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [order]),
    'GET /api/admin/orders/7/shipments': json(200, []),
    'POST /api/admin/orders/7/shipments': json(201, {
      id: 1,
      orderId: 7,
      lines: [{ lineId: 71, productName: 'Wren Calloway T-Shirt - M', quantity: 1 }],
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      createdAt: '2026-01-02T00:00:00.000Z',
      fulfillmentStatus: 'partially_fulfilled',
    }),
  });
  renderAdmin('/admin?tab=orders&status=all');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 7' }));
  const panel = within(await dialog().findByRole('group', { name: 'Ship part of this order' }));
  // The lines in hand are ticked, the pre-order is not; a download never ships.
  expect(panel.getByRole('checkbox', { name: 'Ship Wren Calloway T-Shirt - M' })).toBeChecked();
  expect(panel.getByRole('checkbox', { name: 'Ship Tour Poster' })).not.toBeChecked();
  expect(panel.getByText('Pre-order — ships from March 1, 2099')).toBeInTheDocument();
  expect(panel.queryByText(/Porch Light/)).toBeNull();

  const howMany = panel.getByRole('spinbutton', {
    name: 'How many of Wren Calloway T-Shirt - M ship',
  });
  expect(howMany).toHaveValue('2');
  await userEvent.clear(howMany);
  await userEvent.type(howMany, '1');
  await userEvent.click(panel.getByRole('button', { name: 'Ship selected lines' }));
  expect(panel.getByRole('alert')).toHaveTextContent('Enter the tracking number of this parcel.');
  await userEvent.type(
    panel.getByRole('textbox', { name: 'Parcel tracking' }),
    '1Z999AA10123456784',
  );
  await userEvent.click(panel.getByRole('button', { name: 'Ship selected lines' }));
  expect(
    await screen.findByText('Shipped: the buyer is emailed this parcel’s tracking'),
  ).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'POST')!.body).toEqual({
    lines: [{ lineId: 71, quantity: 1 }],
    trackingNumber: '1Z999AA10123456784',
  });
});
