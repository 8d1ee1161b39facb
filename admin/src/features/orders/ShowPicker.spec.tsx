import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeShow } from '../../test/fixtures.js';
import { ORDERS, SHOWS, listRoute } from '../../test/listServer.js';

const dialog = () => within(screen.getByRole('dialog'));

const shows = [
  makeShow(1, { venue: 'Ryman Auditorium', date: '2026-03-14' }),
  makeShow(2, { venue: 'The Bluebird Cafe', date: '2026-11-20', status: 'draft' }),
  makeShow(3, { venue: 'Station Inn', date: '2025-12-31', city: 'Nashville, TN' }),
];

it('ties a merch-table sale to a show picked from every show, most recent first', async () => {
  const stub = signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, []),
    'GET /api/admin/shows': listRoute(SHOWS, shows),
    'POST /api/admin/orders/manual': json(201, { stockWarnings: [] }),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Create Order' }));
  const picker = dialog().getByRole('combobox', { name: 'Show' });
  await userEvent.click(picker);
  await waitFor(() =>
    expect(document.querySelectorAll('.ant-select-item-option-content').length).toBe(3),
  );
  const texts = [...document.querySelectorAll('.ant-select-item-option-content')].map(
    (o) => o.textContent,
  );
  // Drafts and past shows too, the latest date first.
  expect(texts).toEqual([
    'Fri, Nov 20, 2026 · The Bluebird Cafe, Nashville, TN',
    'Sat, Mar 14, 2026 · Ryman Auditorium, Nashville, TN',
    'Wed, Dec 31, 2025 · Station Inn, Nashville, TN',
  ]);
  const showRequest = stub.requests.find((r) => r.path === '/api/admin/shows')!;
  expect(showRequest.query.get('sort')).toBe('-date');
  expect(showRequest.query.get('status')).toBeNull();

  // Typing searches the server.
  await userEvent.type(picker, 'ryman');
  await waitFor(() =>
    expect(
      stub.requests.some((r) => r.path === '/api/admin/shows' && r.query.get('search') === 'ryman'),
    ).toBe(true),
  );
  await waitFor(() =>
    expect(document.querySelectorAll('.ant-select-item-option-content')).toHaveLength(1),
  );
  await userEvent.click(screen.getByText('Sat, Mar 14, 2026 · Ryman Auditorium, Nashville, TN'));
  // With a show picked, no location needs typing.
  expect(dialog().queryByLabelText('Show Location')).not.toBeInTheDocument();
  await userEvent.click(dialog().getByRole('button', { name: 'Create Order' }));
  expect(await screen.findByText('Order created successfully')).toBeInTheDocument();
  const body = stub.requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
  expect(body).toMatchObject({ salesChannel: 'in-person', showId: 1 });
  expect(body).not.toHaveProperty('showLocation');
});

it('still takes a typed location when no show is picked', async () => {
  const stub = signedIn({
    'GET /api/admin/orders': listRoute(ORDERS, []),
    'GET /api/admin/shows': listRoute(SHOWS, shows),
    'POST /api/admin/orders/manual': json(201, { stockWarnings: [] }),
  });
  renderAdmin('/admin?tab=orders');
  await userEvent.click(await screen.findByRole('button', { name: 'Create Order' }));
  await userEvent.click(dialog().getByLabelText('Show Location'));
  await userEvent.paste('Porch of the Station Inn');
  await userEvent.click(dialog().getByRole('button', { name: 'Create Order' }));
  expect(await screen.findByText('Order created successfully')).toBeInTheDocument();
  const body = stub.requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
  expect(body).toMatchObject({ showLocation: 'Porch of the Station Inn' });
  expect(body).not.toHaveProperty('showId');
});
