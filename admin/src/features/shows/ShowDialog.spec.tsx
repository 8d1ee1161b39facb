import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeShow, tableRows } from '../../test/fixtures.js';
import { SHOWS, listRoute } from '../../test/listServer.js';

const dialogs = () => screen.getAllByRole('dialog');
const showDialog = () => within(dialogs()[0]);
/** antd's confirmation, a second dialog above the show's. */
const confirmation = async () => {
  await waitFor(() => expect(dialogs()).toHaveLength(2));
  const confirm = within(dialogs()[1]);
  expect(
    confirm.getByText('Delete this show?', { selector: '.ant-modal-confirm-title' }),
  ).toBeInTheDocument();
  return confirm;
};

it('deletes a show after confirming, and the list no longer holds it', async () => {
  let list = [makeShow(1), makeShow(2, { venue: 'Ryman' })];
  const stub = signedIn({
    'GET /api/admin/shows': (req) => listRoute(SHOWS, list)(req),
    'DELETE /api/admin/shows/2': () => {
      list = list.filter((s) => s.id !== 2);
      return { status: 204 };
    },
  });
  renderAdmin('/admin');
  await userEvent.click(await screen.findByRole('button', { name: /^Edit Ryman/ }));

  await userEvent.click(showDialog().getByRole('button', { name: 'Delete' }));
  const confirm = await confirmation();
  await userEvent.click(confirm.getByRole('button', { name: 'Keep' }));
  await waitFor(() => expect(dialogs()).toHaveLength(1));
  expect(stub.requests.some((r) => r.method === 'DELETE')).toBe(false);

  await userEvent.click(showDialog().getByRole('button', { name: 'Delete' }));
  const again = await confirmation();
  await userEvent.click(again.getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText('Show deleted')).toBeInTheDocument();
  expect(stub.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
    '/api/admin/shows/2',
  ]);
  await waitFor(() => expect(screen.queryByText('Ryman')).toBeNull());
  expect(tableRows()).toHaveLength(1);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('offers no Delete while creating a show, and keeps the dialog when deleting fails', async () => {
  signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, [makeShow(3)]),
    'DELETE /api/admin/shows/3': json(404, { statusCode: 404, message: 'Show not found.' }),
  });
  renderAdmin('/admin');
  await userEvent.click(await screen.findByRole('button', { name: 'Create Show' }));
  expect(showDialog().queryByRole('button', { name: 'Delete' })).toBeNull();
  // The notes are the artist's own: the dialog says the site never shows them.
  expect(showDialog().getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
    'Private: only you see these here; the site never shows them.',
  );
  await userEvent.click(showDialog().getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  await userEvent.click(screen.getByRole('button', { name: /^Edit Venue 3/ }));
  await userEvent.click(showDialog().getByRole('button', { name: 'Delete' }));
  const confirm = await confirmation();
  await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Failed to delete show')).toBeInTheDocument();
  expect(screen.getByText('Edit Show')).toBeInTheDocument();
});

it("speaks the artist's words for the date and the tickets, and sends the API's values", async () => {
  const stub = signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, []),
    'POST /api/admin/shows': (req) => json(201, makeShow(9, req.body as object)),
  });
  renderAdmin('/admin');
  await userEvent.click(await screen.findByRole('button', { name: 'Create Show' }));
  await userEvent.click(showDialog().getByRole('button', { name: 'Create Show' }));
  expect(await showDialog().findByText('Pick the date')).toBeInTheDocument();
  expect(showDialog().queryByText(/YYYY-MM-DD/)).toBeNull();

  await userEvent.click(showDialog().getByLabelText('Tickets'));
  expect(screen.getAllByText('Free').length).toBeGreaterThan(0);
  expect(screen.getByText('Coming soon')).toBeInTheDocument();
  await userEvent.click(screen.getByText('Link to ticket site'));
  await userEvent.click(showDialog().getByRole('button', { name: 'Create Show' }));
  expect(
    await showDialog().findByText(
      'Enter the ticket link, e.g. https://tickets.example.com/your-show',
    ),
  ).toBeInTheDocument();
  expect(showDialog().queryByText(/ticket button type/)).toBeNull();

  await userEvent.type(showDialog().getByLabelText('Venue'), 'Ryman');
  await userEvent.type(showDialog().getByLabelText('City'), 'Nashville, TN');
  await userEvent.type(showDialog().getByLabelText('Date'), '2099-03-04');
  await userEvent.type(showDialog().getByLabelText('Time'), '8 PM');
  await userEvent.type(showDialog().getByLabelText('Ticket link'), 'https://tix.example/1');
  await userEvent.click(showDialog().getByRole('button', { name: 'Create Show' }));
  expect(await screen.findByText('Show created successfully')).toBeInTheDocument();
  const post = stub.requests.find((r) => r.method === 'POST')!;
  expect(post.body).toMatchObject({
    date: '2099-03-04',
    ticketButtonType: 'url',
    ticketUrl: 'https://tix.example/1',
  });
});

it("sends the show's time zone as it is, and leaves it to the server to find again when the city changes", async () => {
  const glasgow = makeShow(4, {
    venue: "King Tut's",
    city: 'Glasgow, UK',
    timeZone: 'Europe/London',
  });
  const stub = signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, [glasgow]),
    'PUT /api/admin/shows/4': (req) => json(200, { ...glasgow, ...(req.body as object) }),
  });
  renderAdmin('/admin');
  await userEvent.click(await screen.findByRole('button', { name: /^Edit King Tut's/ }));
  expect(showDialog().getByText('Europe/London')).toBeInTheDocument();
  await userEvent.click(showDialog().getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(stub.requests.some((r) => r.method === 'PUT')).toBe(true));
  expect(stub.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({
    timeZone: 'Europe/London',
  });

  await userEvent.click(await screen.findByRole('button', { name: /^Edit King Tut's/ }));
  const city = showDialog().getByLabelText('City');
  await userEvent.clear(city);
  await userEvent.type(city, 'Dublin, Ireland');
  await userEvent.click(showDialog().getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(stub.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
  const moved = stub.requests.filter((r) => r.method === 'PUT')[1]!.body as object;
  expect(moved).toMatchObject({ city: 'Dublin, Ireland' });
  expect(moved).not.toHaveProperty('timeZone');
});
