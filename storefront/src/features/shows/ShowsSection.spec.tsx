import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, renderApp, show, stubApi, type Reply } from '../../test/renderApp.js';
import { localToday, upcomingShows } from './showsApi.js';

const section = () => within(document.getElementById('shows')!);

it("says 'Loading shows...' while the list is on its way", async () => {
  const pending = deferred<Reply>();
  stubApi({ 'GET /api/shows': () => pending.promise });
  renderApp();
  expect(section().getByText('Loading shows...')).toBeInTheDocument();
  pending.resolve({ body: [] });
  expect(await section().findByText('No upcoming shows at this time.')).toBeInTheDocument();
  expect(section().getByText('Check back soon for new dates!')).toBeInTheDocument();
});

it('says so when the list cannot be loaded', async () => {
  stubApi({ 'GET /api/shows': { status: 500, body: { statusCode: 500, message: 'x' } } });
  renderApp();
  expect(await section().findByText('Unable to load shows at this time.')).toBeInTheDocument();
  expect(section().getByText('Please try again later.')).toBeInTheDocument();
});

it('shows each ticket area: sold out, free, soon, a ticket link, or nothing', async () => {
  stubApi({
    'GET /api/shows': {
      body: [
        show({
          id: 1,
          venue: 'Gruene Hall',
          soldOut: 'true',
          ticketButtonType: 'url',
          ticketUrl: 'https://tickets.example/1',
        }),
        show({ id: 2, venue: 'Luckenbach Dance Hall', ticketButtonType: 'free' }),
        show({ id: 3, venue: 'The Continental Club', ticketButtonType: 'soon' }),
        show({
          id: 4,
          venue: 'Billy Bob’s Texas',
          ticketButtonType: 'url',
          ticketUrl: 'https://tickets.example/4',
        }),
        show({
          id: 5,
          venue: 'Cheatham Street Warehouse',
          ticketButtonType: 'url',
          ticketUrl: null,
        }),
      ],
    },
  });
  renderApp();
  const rows = await section().findAllByRole('listitem');
  expect(rows).toHaveLength(5);
  expect(within(rows[0]).getByText('Sold Out')).toBeInTheDocument();
  expect(within(rows[0]).queryByRole('link')).toBeNull();
  expect(within(rows[1]).getByText('Free Show')).toBeInTheDocument();
  expect(within(rows[2]).getByText('Tickets Soon')).toBeInTheDocument();
  const link = within(rows[3]).getByRole('link', { name: /^Get Tickets/ });
  expect(link).toHaveAttribute('href', 'https://tickets.example/4');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link.getAttribute('rel')).toContain('noopener');
  expect(rows[4].querySelector('.show__tickets')).toBeEmptyDOMElement();
  expect(within(rows[1]).getByText('Austin, TX')).toBeInTheDocument();
  expect(within(rows[1]).getByText('8:00 PM · 21+')).toBeInTheDocument();
});

it('lists each upcoming show as a schema.org MusicEvent', async () => {
  stubApi({ 'GET /api/shows': { body: [show({ venue: 'Gruene Hall', date: '2099-07-04' })] } });
  renderApp();
  await section().findByText('Gruene Hall');
  const entries = [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap(
    (s) => JSON.parse(s.textContent ?? ''),
  );
  expect(entries).toContainEqual(
    expect.objectContaining({ '@type': 'MusicEvent', startDate: '2099-07-04' }),
  );
});

it("scrolls to the sign-up with 'Join the List'", async () => {
  stubApi();
  renderApp();
  await section().findByText('No upcoming shows at this time.');
  await userEvent.click(section().getByRole('button', { name: 'Join the List' }));
  expect(jest.mocked(Element.prototype.scrollIntoView).mock.contexts.at(-1)).toBe(
    document.getElementById('email-signup'),
  );
});

it('keeps only shows dated today or later by the local calendar, soonest first', () => {
  const today = localToday(new Date(2026, 10, 22, 23, 30));
  expect(today).toBe('2026-11-22');
  const list = [
    show({ id: 1, date: '2026-12-01' }),
    show({ id: 2, date: '2026-11-21' }),
    show({ id: 3, date: '2026-11-22' }),
  ];
  expect(upcomingShows(list, today).map((s) => s.id)).toEqual([3, 1]);
});
