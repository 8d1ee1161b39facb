import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeOrder, tableRows } from '../../test/fixtures.js';
import { ORDERS, listRoute } from '../../test/listServer.js';

/** Types a value in one go: antd dialogs re-render slowly per keystroke in jsdom. */
const fill = async (field: HTMLElement, value: string) => {
  await userEvent.click(field);
  await userEvent.paste(value);
};
const dialog = () => within(screen.getByRole('dialog'));
const orders = [
  makeOrder(1),
  makeOrder(2, {
    fulfillmentStatus: 'fulfilled',
    salesChannel: 'in-person',
    showLocation: 'Ryman',
  }),
  makeOrder(3, { shippingAddress: null, total: 12345 }),
];

it('lists orders newest first with totals in dollars, channel and status', async () => {
  signedIn({ 'GET /api/admin/orders': listRoute(ORDERS, orders) });
  renderAdmin('/admin?tab=orders');
  await screen.findByText('Fan 3');
  expect(tableRows().map((r) => r.cells[1].textContent)).toEqual([
    'Fan 3fan3@example.com',
    'Fan 2fan2@example.com',
    'Fan 1fan1@example.com',
  ]);
  expect(tableRows()[0].cells[3]).toHaveTextContent('$123.45');
  expect(tableRows()[1].cells[4]).toHaveTextContent('In-personRyman');
  expect(screen.getByRole('button', { name: 'Pending (2)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Fulfilled (1)' })).toBeInTheDocument();
});

it("marks the test payment provider's orders 'Test' in the list and the order dialog", async () => {
  signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [makeOrder(1), makeOrder(2, { testMode: true })]),
  });
  renderAdmin('/admin?tab=orders');
  await screen.findByText('Fan 2');
  const [testOrder, realOrder] = tableRows();
  expect(testOrder.cells[3]).toHaveTextContent('$30.00 Test');
  expect(realOrder.cells[3]).toHaveTextContent(/^\$30\.00$/);
  await userEvent.click(screen.getByRole('button', { name: 'Manage order 2' }));
  expect(dialog().getByText('Test')).toBeInTheDocument();
});

it('shows the payment status, filters on it, and keeps refunded orders out of Pending', async () => {
  signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [
      makeOrder(1),
      makeOrder(2, { paymentStatus: 'refunded', refundedAmount: 3000 }),
      makeOrder(3, { paymentStatus: 'partially_refunded', refundedAmount: 1250 }),
      makeOrder(4, { paymentStatus: 'disputed' }),
    ]),
  });
  renderAdmin('/admin?tab=orders');
  await screen.findByText('Fan 4');
  expect(tableRows().map((r) => r.cells[5].textContent)).toEqual([
    'Disputed',
    'Partially refunded ($12.50)',
    'Refunded',
    'Paid',
  ]);
  expect(screen.getByRole('button', { name: 'Pending (3)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Refunded (1)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Partially refunded (1)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Disputed (1)' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Pending (3)' }));
  await waitFor(() => expect(tableRows()).toHaveLength(3));
  expect(screen.queryByText('Fan 2')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Refunded (1)' }));
  await waitFor(() => expect(tableRows()).toHaveLength(1));
  expect(tableRows()[0].cells[1]).toHaveTextContent('Fan 2');
});

it('filters pre-orders, says which can ship now, and shows tax and recovered orders', async () => {
  signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, [
      makeOrder(1, { taxAmount: 248 }),
      makeOrder(2, { preOrder: true, preOrderUntil: '2000-01-15' }),
      makeOrder(3, { preOrder: true, preOrderUntil: '2999-03-01', recovered: true }),
    ]),
  });
  renderAdmin('/admin?tab=orders');
  await screen.findByText('Fan 3');
  expect(tableRows().map((r) => r.cells[6].textContent)).toEqual([
    'Pending Pre-order: ships from Fri, Mar 1, 2999Recovered',
    'Pending Pre-order: can ship now',
    'Pending ',
  ]);
  // Sales tax is shown apart from the total.
  expect(tableRows()[2].cells[3]).toHaveTextContent('$30.00 Tax $2.48');
  expect(tableRows()[1].cells[3]).not.toHaveTextContent('Tax');
  await userEvent.click(screen.getByRole('button', { name: 'Pre-orders (2)' }));
  await waitFor(() => expect(tableRows()).toHaveLength(2));
  expect(screen.queryByText('Fan 1')).toBeNull();
});

it('fulfils an order with its tracking number and notes', async () => {
  const now = 1767225600000;
  jest.spyOn(Date, 'now').mockReturnValue(now);
  const stub = signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, orders),
    'PUT /api/admin/orders/1': json(200, {}),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 1' }));
  expect(dialog().getByText('Order Details')).toBeInTheDocument();
  expect(dialog().getByTestId('shipping-address')).toHaveTextContent('1 Main StAustin, TX 78701US');
  await fill(dialog().getByLabelText('Tracking Number'), '1Z999');
  await userEvent.click(dialog().getByRole('button', { name: 'Mark as Fulfilled' }));
  expect(await screen.findByText('Order marked as fulfilled')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'PUT')!.body).toEqual({
    fulfillmentStatus: 'fulfilled',
    trackingNumber: '1Z999',
    notes: null,
    fulfilledAt: now,
  });
  jest.restoreAllMocks();
});

it('saves tracking and notes of a fulfilled order without a status change', async () => {
  const stub = signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, orders),
    'PUT /api/admin/orders/2': json(200, {}),
  });
  renderAdmin('/admin?tab=orders&status=fulfilled');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 2' }));
  expect(dialog().queryByRole('button', { name: 'Mark as Fulfilled' })).toBeNull();
  await fill(dialog().getByLabelText('Notes'), 'Signed');
  await userEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Order updated successfully')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'PUT')!.body).toEqual({
    trackingNumber: null,
    notes: 'Signed',
  });
});

it("shows 'No address provided' and reports a failed update", async () => {
  signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, orders),
    'PUT /api/admin/orders/3': json(500, { statusCode: 500, message: 'down' }),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Manage order 3' }));
  expect(dialog().getByTestId('shipping-address')).toHaveTextContent('No address provided');
  await userEvent.click(dialog().getByRole('button', { name: 'Mark as Fulfilled' }));
  expect(await screen.findByText('Failed to update order')).toBeInTheDocument();
});

it('creates an in-person order for a walk-up customer with the right total', async () => {
  const stub = signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, orders),
    'POST /api/admin/orders/manual': json(201, {}),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Create Order' }));
  const line1 = dialog().getByTestId('line-1');
  expect(within(line1).getByText('M')).toBeInTheDocument();
  expect(within(line1).getByLabelText('Price 1')).toHaveValue('25.00');
  expect(dialog().getByRole('button', { name: 'Remove product 1' })).toBeDisabled();
  expect(dialog().getByText('Cash')).toBeInTheDocument();
  expect(dialog().getByTestId('order-total')).toHaveTextContent('Shipping$0.00Total$25.00');

  const quantity = dialog().getByLabelText('Quantity 1');
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '2');
  await userEvent.click(dialog().getByRole('button', { name: 'Add Product' }));
  expect(dialog().getByRole('button', { name: 'Remove product 1' })).toBeEnabled();
  await waitFor(() => expect(dialog().getByTestId('order-total')).toHaveTextContent('Total$75.00'));
  await userEvent.click(dialog().getByRole('button', { name: 'Create Order' }));
  expect(await dialog().findByText('Required')).toBeInTheDocument();
  await fill(dialog().getByLabelText('Show Location'), 'Ryman');
  await userEvent.click(dialog().getByRole('button', { name: 'Create Order' }));
  expect(await screen.findByText('Order created successfully')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'POST')!.body).toMatchObject({
    salesChannel: 'in-person',
    customerName: 'Walk-up Customer',
    showLocation: 'Ryman',
    total: 7500,
    paymentMethod: 'cash',
    paymentStatus: 'paid',
    fulfillmentStatus: 'fulfilled',
  });
});

it('requires name, email and address online, adds shipping and alerts on failure', async () => {
  signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, orders),
    'POST /api/admin/orders/manual': json(500, { statusCode: 500, message: 'down' }),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Create Order' }));
  await userEvent.click(dialog().getByText('Online'));
  await waitFor(() =>
    expect(dialog().getByTestId('order-total')).toHaveTextContent('Shipping$5.00Total$30.00'),
  );
  await userEvent.click(dialog().getByRole('button', { name: 'Create Order' }));
  await waitFor(() => expect(dialog().getAllByText('Required')).toHaveLength(3));
  await fill(dialog().getByLabelText('Customer Name'), 'Ann');
  await fill(dialog().getByLabelText('Email'), 'ann@example.com');
  await fill(dialog().getByLabelText('Shipping Address'), '1 Main St');
  await userEvent.click(dialog().getByRole('button', { name: 'Create Order' }));
  expect(
    await dialog().findByText('Failed to create order. Please try again.'),
  ).toBeInTheDocument();
});
