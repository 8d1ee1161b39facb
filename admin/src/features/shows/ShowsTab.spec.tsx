import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeShow, tableRows } from '../../test/fixtures.js';
import { SHOWS, listRoute } from '../../test/listServer.js';

/** Types a value in one go: antd dialogs re-render slowly per keystroke in jsdom. */
const fill = async (field: HTMLElement, value: string) => {
  await userEvent.click(field);
  await userEvent.paste(value);
};
const dialog = () => within(screen.getByRole('dialog'));

it('creates a show with the defaults, sending neither ticket URL nor empty notes', async () => {
  let list = [makeShow(1)];
  const stub = signedIn({
    'GET /api/admin/shows': (req) => listRoute(SHOWS, list)(req),
    'POST /api/admin/shows': (req) => {
      list = [...list, makeShow(2, { ...(req.body as object), status: 'draft' })];
      return json(201, list[1]);
    },
  });
  renderAdmin('/admin?status=all');
  await screen.findByText('Venue 1');
  await userEvent.click(screen.getByRole('button', { name: 'Create Show' }));
  expect(dialog().getByText('Create Show', { selector: '.ant-modal-title' })).toBeInTheDocument();
  expect(dialog().getByText('All Ages')).toBeInTheDocument();
  expect(dialog().getByText('Free')).toBeInTheDocument();
  expect(dialog().getByText('Draft')).toBeInTheDocument();

  await userEvent.click(dialog().getByRole('button', { name: 'Create Show' }));
  expect(await dialog().findByText('Venue is required')).toBeInTheDocument();
  expect(dialog().getByText('City is required')).toBeInTheDocument();
  expect(dialog().getByText('Pick the date')).toBeInTheDocument();
  expect(dialog().getByText('Time is required')).toBeInTheDocument();

  await fill(dialog().getByLabelText('Venue'), 'The Bluebird Cafe');
  await fill(dialog().getByLabelText('City'), 'Nashville, TN');
  await userEvent.type(dialog().getByLabelText('Date'), '2099-03-04');
  await fill(dialog().getByLabelText('Time'), '7:00 PM');
  await userEvent.click(dialog().getByRole('button', { name: 'Create Show' }));

  expect(await screen.findByText('Show created successfully')).toBeInTheDocument();
  const post = stub.requests.find((r) => r.method === 'POST')!;
  expect(post.body).toEqual({
    venue: 'The Bluebird Cafe',
    city: 'Nashville, TN',
    date: '2099-03-04',
    time: '7:00 PM',
    ageRequirement: 'All Ages',
    ticketButtonType: 'free',
    soldOut: 'false',
    status: 'draft',
  });
  // A new draft is shown where it went: the Draft filter, its row marked.
  await waitFor(() =>
    expect(screen.getByTestId('location').textContent).toBe('/admin/shows?status=draft'),
  );
  const row = (await screen.findByText('The Bluebird Cafe')).closest('tr')!;
  expect(row).toHaveClass('data-table__row--highlight');
  expect(screen.getByRole('button', { name: 'Draft (1)' })).toHaveAttribute('aria-pressed', 'true');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('edits a show, requiring a valid ticket URL for the url type and limiting notes', async () => {
  const show = makeShow(7, {
    venue: 'Ryman',
    ticketButtonType: 'url',
    ticketUrl: 'https://tickets.example/ryman',
    notes: 'Load-in 4pm',
  });
  const stub = signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, [show]),
    'PUT /api/admin/shows/7': json(200, show),
  });
  renderAdmin('/admin');
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Ryman on 2099-01-08' }));
  expect(dialog().getByText('Edit Show')).toBeInTheDocument();
  const url = dialog().getByLabelText('Ticket link');
  expect(url).toHaveValue('https://tickets.example/ryman');
  await userEvent.clear(url);
  await fill(url, 'not a url');
  const notes = dialog().getByLabelText('Notes');
  await userEvent.click(notes);
  await userEvent.paste('x'.repeat(1001));
  await userEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
  expect(
    await dialog().findByText('Enter the ticket link, e.g. https://tickets.example.com/your-show'),
  ).toBeInTheDocument();
  expect(dialog().getByText('Notes cannot exceed 1000 characters')).toBeInTheDocument();

  await userEvent.clear(url);
  await fill(url, 'https://tickets.example/new');
  await userEvent.clear(notes);
  await userEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Show updated successfully')).toBeInTheDocument();
  const put = stub.requests.find((r) => r.method === 'PUT')!;
  expect(put.body).toEqual({
    venue: 'Ryman',
    city: 'Nashville, TN',
    date: '2099-01-08',
    time: '8:00 PM',
    ageRequirement: 'All Ages',
    ticketButtonType: 'url',
    ticketUrl: 'https://tickets.example/new',
    soldOut: 'false',
    status: 'published',
    timeZone: 'America/Chicago',
  });
});

it('reports a failed update', async () => {
  signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, [makeShow(3)]),
    'PUT /api/admin/shows/3': json(400, { statusCode: 400, message: 'Venue is required' }),
  });
  renderAdmin('/admin');
  await userEvent.click(await screen.findByRole('button', { name: /^Edit Venue 3/ }));
  await userEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText('Failed to update show')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

it('labels past, draft and unknown statuses', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, [
      makeShow(1, { date: '2001-01-01', venue: 'Old' }),
      makeShow(2, { status: 'draft', date: '2001-01-01', venue: 'Old draft' }),
      makeShow(3, { status: 'cancelled', venue: 'Odd' }),
    ]),
  });
  renderAdmin('/admin?status=all');
  await screen.findByText('Odd');
  const statusOf = (venue: string) =>
    tableRows().find((r) => r.textContent?.includes(venue))!.cells[5].textContent;
  expect(statusOf('Old draft')).toBe('Draft');
  expect(statusOf('Odd')).toBe('Unknown Status');
  expect(tableRows()[0].cells[5].textContent).toBe('Past');
  expect(warn).toHaveBeenCalledWith('Unknown show status: cancelled');
  warn.mockRestore();
});

it('reports a failed load', async () => {
  signedIn({ 'GET /api/admin/shows': { status: 500, text: 'Internal Server Error' } });
  renderAdmin('/admin');
  expect(await screen.findByText('Failed to load shows')).toBeInTheDocument();
  // A plain-text answer is shown as it is, without the status in front.
  expect(screen.getByText('Internal Server Error')).toBeInTheDocument();
});

it('searches the fields its placeholder names, as the export does: venue, city, time and notes', async () => {
  signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, [
      makeShow(1, { venue: 'Ryman', city: 'Nashville, TN', time: '8:00 PM', notes: null }),
      makeShow(2, {
        venue: 'Gruene Hall',
        city: 'New Braunfels, TX',
        time: '9:30 PM',
        notes: 'Bring the fiddle',
      }),
    ]),
  });
  renderAdmin('/admin?status=all');
  await screen.findByText('Ryman');
  const search = screen.getByRole('searchbox', { name: 'Search' });
  expect(search).toHaveAttribute('placeholder', 'Search venue, city, time, notes');
  for (const term of ['gruene', 'braunfels', '9:30', 'fiddle']) {
    await userEvent.clear(search);
    await userEvent.type(search, term);
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(screen.getByText('Gruene Hall')).toBeInTheDocument();
  }
});
