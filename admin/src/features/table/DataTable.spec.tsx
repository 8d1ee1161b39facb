import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeShow, tableRows } from '../../test/fixtures.js';
import { SHOWS, listRoute } from '../../test/listServer.js';

const location = () => screen.getByTestId('location').textContent;
const venues = () => tableRows().map((r) => r.cells[1].querySelector('div')?.textContent);

// 60 published shows on distinct days, 3 drafts and 2 past shows.
const shows = [
  ...Array.from({ length: 60 }, (_, i) =>
    makeShow(i + 1, {
      date: `2099-${String(Math.floor(i / 28) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    }),
  ).reverse(),
  makeShow(201, { status: 'draft', venue: 'Draft Hall' }),
  makeShow(202, { status: 'draft', venue: 'Draft Barn', date: '2001-05-05' }),
  makeShow(203, { status: 'draft', venue: 'Draft Saloon', date: '2000-06-01' }),
  makeShow(204, { venue: 'Old Opry', date: '2001-01-01' }),
  makeShow(205, { venue: 'Old Tavern', date: '2002-02-02' }),
];

// A small list for the tests that do not page: antd tables render slowly in jsdom.
const few = shows.filter((s) => s.id <= 3 || s.id > 200);

const open = async (path = '/admin', rows = shows) => {
  const stub = signedIn({ 'GET /api/admin/shows': listRoute(SHOWS, rows) });
  renderAdmin(path);
  await screen.findByRole('button', { name: `All (${rows.length})` });
  return stub;
};

it('counts every status and shows the default filter sorted by date ascending', async () => {
  await open();
  const filter = screen.getByRole('group', { name: 'Status filter' });
  expect(within(filter).getByRole('button', { name: 'All (65)' })).toBeInTheDocument();
  expect(within(filter).getByRole('button', { name: 'Published (60)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(within(filter).getByRole('button', { name: 'Draft (3)' })).toBeInTheDocument();
  expect(within(filter).getByRole('button', { name: 'Past (2)' })).toBeInTheDocument();
  expect(tableRows()).toHaveLength(50);
  expect(venues().slice(0, 3)).toEqual(['Venue 1', 'Venue 2', 'Venue 3']);
  expect(screen.getByText('Showing 1-50 of 60')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
});

it('pages with Previous and Next and keeps the page in the URL', async () => {
  await open();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Showing 51-60 of 60')).toBeInTheDocument();
  expect(location()).toBe('/admin/shows?page=2');
  expect(tableRows()).toHaveLength(10);
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(await screen.findByText('Showing 1-50 of 60')).toBeInTheDocument();
  expect(location()).toBe('/admin/shows');
});

it('describes the rows on screen while the next page loads', async () => {
  const answer = listRoute(SHOWS, shows);
  let release: () => void = () => {};
  signedIn({
    'GET /api/admin/shows': async (req) => {
      if (req.query.get('page') === '2') await new Promise<void>((r) => (release = r));
      return answer(req);
    },
  });
  renderAdmin('/admin');
  expect(await screen.findByText('Showing 1-50 of 60')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(location()).toBe('/admin/shows?page=2'));
  expect(screen.getByText('Showing 1-50 of 60')).toBeInTheDocument();
  expect(venues()[0]).toBe('Venue 1');
  release();
  expect(await screen.findByText('Showing 51-60 of 60')).toBeInTheDocument();
  expect(venues()[0]).toBe('Venue 51');
});

it('restores tab, filter, search and page from the URL', async () => {
  signedIn({ 'GET /api/admin/shows': listRoute(SHOWS, shows) });
  renderAdmin('/admin?tab=shows&status=all&search=venue&page=2');
  expect(await screen.findByText('Showing 51-60 of 60')).toBeInTheDocument();
  // The counts are those under the search: the 60 shows whose venue holds 'venue'.
  expect(screen.getByRole('button', { name: 'All (60)' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('venue');
});

it('returns to page 1 when the filter or the search changes', async () => {
  await open('/admin?page=2');
  expect(await screen.findByText('Showing 51-60 of 60')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Draft (3)' }));
  expect(await screen.findByText('Showing 1-3 of 3')).toBeInTheDocument();
  expect(location()).toBe('/admin/shows?status=draft');
});

it('returns to page 1 when the search changes', async () => {
  await open('/admin?status=all&page=2');
  expect(await screen.findByText('Showing 51-65 of 65')).toBeInTheDocument();
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'old');
  expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('old');
  expect(await screen.findByText('Showing 1-2 of 2')).toBeInTheDocument();
  expect(location()).toBe('/admin/shows?status=all&search=old');
  expect(venues()).toEqual(['Old Opry', 'Old Tavern']);
});

it('shows the empty-state text when nothing matches', async () => {
  await open('/admin', few);
  await userEvent.click(screen.getByRole('searchbox', { name: 'Search' }));
  await userEvent.paste('zzz');
  expect(await screen.findByText('No shows found')).toBeInTheDocument();
  expect(screen.getByText('Showing 0-0 of 0')).toBeInTheDocument();
});

it('cycles a column sort ascending, descending, then none', async () => {
  await open('/admin?status=draft', few);
  await screen.findByText('Draft Hall');
  const venueHeader = screen.getByRole('columnheader', { name: /Venue/ });
  await userEvent.click(venueHeader);
  await waitFor(() => expect(venues()).toEqual(['Draft Barn', 'Draft Hall', 'Draft Saloon']));
  expect(venueHeader).toHaveAttribute('aria-sort', 'ascending');
  await userEvent.click(venueHeader);
  await waitFor(() => expect(venues()).toEqual(['Draft Saloon', 'Draft Hall', 'Draft Barn']));
  expect(venueHeader).toHaveAttribute('aria-sort', 'descending');
  await userEvent.click(venueHeader);
  // No sort of its own: the tab's order again, by date.
  await waitFor(() => expect(venues()).toEqual(['Draft Saloon', 'Draft Barn', 'Draft Hall']));
  expect(venueHeader).not.toHaveAttribute('aria-sort');
});

it('downloads the server export with the same filter and search', async () => {
  const stub = signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, few),
    'GET /api/admin/shows/export': {
      text: 'id,venue\n204,Old Opry\n',
      headers: {
        'Content-Type': 'text/csv',
        'Content-Disposition': 'attachment; filename="shows-2026-11-22.csv"',
      },
    },
  });
  renderAdmin('/admin?status=past&search=old');
  await screen.findByText('Old Opry');
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  expect(await screen.findByText('Exported to CSV')).toBeInTheDocument();
  const exportCall = stub.requests.find((r) => r.path === '/api/admin/shows/export')!;
  expect(Object.fromEntries(exportCall.query)).toEqual({
    status: 'past',
    search: 'old',
    sort: 'date',
  });
  expect(exportCall.credentials).toBe('include');
  expect(click.mock.contexts[0]).toHaveProperty('download', 'shows-2026-11-22.csv');
  click.mockRestore();
});

it('leaves status out of the export for All and names the file itself when the server does not', async () => {
  const stub = signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, few),
    'GET /api/admin/shows/export': { text: 'id\n' },
  });
  renderAdmin('/admin?status=all');
  await screen.findByText('Venue 1');
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  expect(await screen.findByText('Exported to CSV')).toBeInTheDocument();
  const exportCall = stub.requests.find((r) => r.path === '/api/admin/shows/export')!;
  expect(exportCall.query.toString()).toBe('sort=date');
  expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
    /^shows-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  click.mockRestore();
});

it('reports a failed export', async () => {
  signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, few),
    'GET /api/admin/shows/export': json(500, { statusCode: 500, message: 'Export broke' }),
  });
  renderAdmin('/admin');
  await screen.findByText('Venue 1');
  await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  expect(await screen.findByText('Failed to export shows')).toBeInTheDocument();
});
