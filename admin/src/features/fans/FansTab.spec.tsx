import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FanHistory } from '@artist/contracts';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import {
  makeFan,
  makeMessage,
  makeNotify,
  makeOrder,
  makeSignup,
  tableRows,
} from '../../test/fixtures.js';
import { FANS, listRoute } from '../../test/listServer.js';

const dolly = makeFan(1, {
  email: 'dolly@example.com',
  orders: 2,
  totalSpent: 8500,
  newsletter: 'confirmed',
  pendingNotify: 1,
  messages: 1,
});
const kitty = makeFan(2, { email: 'kitty@example.com', orders: 1, totalSpent: 10500 });
const patsy = makeFan(3, { email: 'patsy@example.com', messages: 2 });

const history = (): FanHistory => ({
  fan: dolly,
  orders: [
    makeOrder(7, { email: 'Dolly@Example.com', total: 3000 }),
    makeOrder(4, { email: 'dolly@example.com', total: 5500 }),
  ],
  signups: [makeSignup(9, { email: 'dolly@example.com', subscription: 'confirmed' })],
  notifyMe: [makeNotify(5, { email: 'dolly@example.com', productName: 'Sticker Pack' })],
  messages: [makeMessage(3, { email: 'dolly@example.com', message: 'Jolene says hi.' })],
});

const drawer = () => within(screen.getByRole('dialog'));

it('lists one row per fan with their figures, filters with the server counts and sorts', async () => {
  const stub = signedIn({ 'GET /api/admin/fans': listRoute(FANS, [dolly, kitty, patsy]) });
  renderAdmin('/admin?tab=fans');
  await screen.findByText('dolly@example.com');
  expect(screen.getByRole('link', { name: 'Fans', current: 'page' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Customers (2)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Subscribers (1)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Wrote in (2)' })).toBeInTheDocument();

  const row = tableRows().find((r) => r.textContent?.includes('dolly@example.com'))!;
  expect(row.cells[2]).toHaveTextContent('2');
  expect(row.cells[3]).toHaveTextContent('$85.00');
  expect(row.cells[4]).toHaveTextContent('Confirmed');
  expect(row.cells[5]).toHaveTextContent('1');
  expect(row.cells[6]).toHaveTextContent('1');

  await userEvent.click(screen.getByRole('button', { name: 'Customers (2)' }));
  await waitFor(() => expect(tableRows()).toHaveLength(2));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/fans?status=customers');

  await userEvent.click(screen.getByRole('columnheader', { name: /Total spent/ }));
  await waitFor(() => expect(stub.requests.at(-1)!.query.get('sort')).toBe('totalSpent'));
  await waitFor(() =>
    expect(tableRows().map((r) => r.cells[0]!.textContent)).toEqual([
      'dolly@example.com',
      'kitty@example.com',
    ]),
  );
});

it("opens a fan's page with their whole history and exports their data", async () => {
  const stub = signedIn({
    'GET /api/admin/fans': listRoute(FANS, [dolly, kitty]),
    'GET /api/admin/fans/1': json(200, history()),
    'GET /api/admin/fans/1/export': {
      json: { fan: { id: 1 } },
      headers: { 'Content-Disposition': 'attachment; filename="fan-1-2026-11-23.json"' },
    },
  });
  URL.createObjectURL = jest.fn(() => 'blob:fan');
  URL.revokeObjectURL = jest.fn();
  renderAdmin('/admin?tab=fans');
  await userEvent.click(await screen.findByRole('button', { name: 'View fan dolly@example.com' }));
  await drawer().findByText('Orders (2)');
  expect(drawer().getByText('Newsletter signups (1)')).toBeInTheDocument();
  expect(drawer().getByText('Notify-me requests (1)')).toBeInTheDocument();
  expect(drawer().getByText('Messages (1)')).toBeInTheDocument();
  expect(drawer().getByText('Jolene says hi.')).toBeInTheDocument();
  expect(drawer().getByText(/order #7/)).toHaveTextContent('$30.00');
  expect(drawer().getByText(/Sticker Pack/)).toHaveTextContent('pending');

  await userEvent.click(drawer().getByRole('button', { name: 'Export data' }));
  expect(await screen.findByText('Exported fan data')).toBeInTheDocument();
  expect(screen.getByText('fan-1-2026-11-23.json')).toBeInTheDocument();
  const exported = stub.requests.find((r) => r.path === '/api/admin/fans/1/export')!;
  expect(exported.credentials).toBe('include');
});

it('erases a fan only once their address is typed, then refreshes the lists', async () => {
  let fans = [dolly, kitty];
  const stub = signedIn({
    'GET /api/admin/fans': (req) => listRoute(FANS, fans)(req),
    'GET /api/admin/fans/1': json(200, history()),
    'DELETE /api/admin/fans/1': () => {
      fans = [kitty];
      return json(200, {
        ordersScrubbed: 2,
        signupsDeleted: 1,
        notifyMeDeleted: 1,
        messagesDeleted: 1,
        emailsDeleted: 3,
      });
    },
  });
  renderAdmin('/admin?tab=fans');
  await userEvent.click(await screen.findByRole('button', { name: 'View fan dolly@example.com' }));
  const erase = await drawer().findByRole('button', { name: 'Erase fan' });
  expect(erase).toBeDisabled();
  const confirm = drawer().getByLabelText('Type dolly@example.com to confirm');
  await userEvent.type(confirm, 'kitty@example.com');
  expect(erase).toBeDisabled();
  await userEvent.clear(confirm);
  await userEvent.type(confirm, 'dolly@example.co');
  expect(erase).toBeDisabled();
  expect(stub.requests.some((r) => r.method === 'DELETE')).toBe(false);
  await userEvent.type(confirm, 'm');
  expect(erase).toBeEnabled();

  await userEvent.click(erase);
  expect(await screen.findByText('Fan erased')).toBeInTheDocument();
  expect(stub.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
    '/api/admin/fans/1',
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(screen.queryByText('dolly@example.com')).toBeNull());
  expect(screen.getByText('kitty@example.com')).toBeInTheDocument();
});

it('shows the server refusal of an erasure and keeps the page open', async () => {
  signedIn({
    'GET /api/admin/fans': listRoute(FANS, [dolly]),
    'GET /api/admin/fans/1': json(200, history()),
    'DELETE /api/admin/fans/1': json(404, { statusCode: 404, message: 'Fan not found.' }),
  });
  renderAdmin('/admin?tab=fans');
  await userEvent.click(await screen.findByRole('button', { name: 'View fan dolly@example.com' }));
  await userEvent.type(
    await drawer().findByLabelText('Type dolly@example.com to confirm'),
    'DOLLY@example.com',
  );
  await userEvent.click(drawer().getByRole('button', { name: 'Erase fan' }));
  expect(await screen.findByText('Failed to erase fan')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

it('warns before erasing a fan who is still owed a parcel, naming the order', async () => {
  signedIn({
    'GET /api/admin/fans': listRoute(FANS, [dolly, kitty]),
    'GET /api/admin/fans/1': json(200, {
      ...history(),
      orders: [
        makeOrder(7, { email: 'dolly@example.com', fulfillmentStatus: 'pending' }),
        makeOrder(4, { email: 'dolly@example.com', fulfillmentStatus: 'fulfilled' }),
        makeOrder(3, { email: 'dolly@example.com', paymentStatus: 'refunded' }),
      ],
    }),
    'GET /api/admin/fans/2': json(200, {
      ...history(),
      fan: kitty,
      orders: [makeOrder(8, { email: 'kitty@example.com', fulfillmentStatus: 'fulfilled' })],
    }),
  });
  renderAdmin('/admin?tab=fans');
  await userEvent.click(await screen.findByRole('button', { name: 'View fan dolly@example.com' }));
  const warning = await drawer().findByRole('alert');
  expect(warning).toHaveTextContent('Order #7 is paid and not shipped yet');
  expect(warning).toHaveTextContent(
    'keeps the name and shipping address on that order so you can still ship it',
  );
  // The warning comes before the erase button.
  const erase = drawer().getByRole('button', { name: 'Erase fan' });
  expect(warning.compareDocumentPosition(erase) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  await userEvent.click(await screen.findByRole('button', { name: 'View fan kitty@example.com' }));
  await drawer().findByRole('button', { name: 'Erase fan' });
  expect(drawer().queryByRole('alert')).toBeNull();
});
