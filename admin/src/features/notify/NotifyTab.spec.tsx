import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeNotify, rowCheckbox, selectAllCheckbox, tableRows } from '../../test/fixtures.js';
import { NOTIFY, listRoute } from '../../test/listServer.js';

it('asks for a selection, then marks the selected requests as notified', async () => {
  const stub = signedIn({
    'GET /api/admin/notify-me': listRoute(NOTIFY, [
      makeNotify(1),
      makeNotify(2),
      makeNotify(3, { notified: 'true' }),
    ]),
    'PUT /api/admin/notify-me/bulk': json(200, { updated: 2 }),
  });
  renderAdmin('/admin?tab=notify-me');
  await screen.findByText('fan1@example.com');
  expect(screen.getByRole('button', { name: 'Pending (2)' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Notified (1)' })).toBeInTheDocument();
  // Nothing selected: the action waits, and says why on hover.
  const none = screen.getByRole('button', { name: 'Mark 0 as Notified' });
  expect(none).toBeDisabled();
  expect(none).toHaveAttribute('title', 'Please select requests to mark as notified.');

  await userEvent.click(rowCheckbox('fan1@example.com'));
  await userEvent.click(rowCheckbox('fan2@example.com'));
  await userEvent.click(screen.getByRole('button', { name: 'Mark 2 as Notified' }));
  expect(await screen.findByText('Marked 2 requests as notified')).toBeInTheDocument();
  const put = stub.requests.find((r) => r.method === 'PUT')!;
  expect(put.body).toEqual({ ids: expect.arrayContaining([1, 2]), notified: true });
  expect(await screen.findByRole('button', { name: 'Mark 0 as Notified' })).toBeInTheDocument();
});

it('refuses more than 100 requests at a time', async () => {
  const stub = signedIn({
    'GET /api/admin/notify-me': listRoute(
      NOTIFY,
      Array.from({ length: 101 }, (_, i) => makeNotify(i + 1)),
    ),
  });
  renderAdmin('/admin?tab=notify-me');
  await screen.findByText('Showing 1-50 of 101');
  await userEvent.click(selectAllCheckbox());
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Showing 51-100 of 101');
  await userEvent.click(selectAllCheckbox());
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Showing 101-101 of 101');
  expect(tableRows()).toHaveLength(1);
  await userEvent.click(selectAllCheckbox());
  await userEvent.click(screen.getByRole('button', { name: 'Mark 101 as Notified' }));
  expect(await screen.findByText('Too many selections')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Please select up to 100 requests at a time. Use filters to process larger batches.',
    ),
  ).toBeInTheDocument();
  expect(stub.requests.some((r) => r.method === 'PUT')).toBe(false);
});

it('refreshes by asking the server again, past the browser cache', async () => {
  const stub = signedIn({ 'GET /api/admin/notify-me': listRoute(NOTIFY, [makeNotify(1)]) });
  const fetchMock = globalThis.fetch as jest.Mock;
  renderAdmin('/admin?tab=notify-me');
  await screen.findByText('fan1@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
  await waitFor(() =>
    expect(stub.requests.filter((r) => r.path === '/api/admin/notify-me')).toHaveLength(2),
  );
  const [first, refresh] = stub.requests.filter((r) => r.path === '/api/admin/notify-me');
  // The same request as before (the server refuses unknown parameters such as a cache-buster).
  expect(refresh!.query.toString()).toBe(first!.query.toString());
  expect(fetchMock.mock.calls.at(-1)![1]).toMatchObject({ cache: 'no-store' });
});

it('reports a failed bulk update and a failed load', async () => {
  signedIn({
    'GET /api/admin/notify-me': listRoute(NOTIFY, [makeNotify(1)]),
    'PUT /api/admin/notify-me/bulk': json(500, { statusCode: 500, message: 'down' }),
  });
  renderAdmin('/admin?tab=notify-me');
  await screen.findByText('fan1@example.com');
  await userEvent.click(rowCheckbox('fan1@example.com'));
  await userEvent.click(screen.getByRole('button', { name: 'Mark 1 as Notified' }));
  expect(await screen.findByText('Failed to update requests')).toBeInTheDocument();
});

it('emails the selected requests that they are back in stock, and says which were skipped', async () => {
  const stub = signedIn({
    'GET /api/admin/notify-me': listRoute(NOTIFY, [
      makeNotify(1),
      makeNotify(2, { notified: 'true', unsubscribedAt: '2026-10-20T12:00:00.000Z' }),
    ]),
    'POST /api/admin/notify-me/send': json(200, { queued: 1, skipped: 1 }),
  });
  renderAdmin('/admin?tab=notify-me');
  await screen.findByText('fan1@example.com');
  expect(screen.getByText('Unsubscribed')).toBeInTheDocument();
  const none = screen.getByRole('button', { name: 'Email 0: back in stock' });
  expect(none).toBeDisabled();
  expect(none).toHaveAttribute('title', 'Please select requests to email.');
  expect(stub.requests.some((r) => r.method === 'POST')).toBe(false);

  await userEvent.click(rowCheckbox('fan1@example.com'));
  await userEvent.click(rowCheckbox('fan2@example.com'));
  await userEvent.click(screen.getByRole('button', { name: 'Email 2: back in stock' }));
  expect(
    await screen.findByText(
      'Queued 1 back-in-stock email; 1 request was skipped (already notified or unsubscribed)',
    ),
  ).toBeInTheDocument();
  const post = stub.requests.find((r) => r.method === 'POST')!;
  expect(post.path).toBe('/api/admin/notify-me/send');
  expect(post.body).toEqual({ ids: expect.arrayContaining([1, 2]) });
  expect(await screen.findByRole('button', { name: 'Email 0: back in stock' })).toBeInTheDocument();
});

it('names the size a request is for beside its product', async () => {
  signedIn({
    'GET /api/admin/notify-me': listRoute(NOTIFY, [
      makeNotify(1, { productName: 'Wren Calloway T-Shirt', size: 'XL' }),
      makeNotify(2),
    ]),
  });
  renderAdmin('/admin?tab=notify-me');
  await screen.findByText('fan1@example.com');
  const row = tableRows().find((r) => r.textContent?.includes('fan1@example.com'))!;
  expect(row).toHaveTextContent('Wren Calloway T-Shirt Size XL');
  const other = tableRows().find((r) => r.textContent?.includes('fan2@example.com'))!;
  expect(other).not.toHaveTextContent('Size');
});
