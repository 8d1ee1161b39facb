import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, renderApp, show, stubApi, type Reply } from '../../test/renderApp.js';
import { calendarSubscribeUrl, calendarFeedUrl, localToday, upcomingShows } from './showsApi.js';

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
  expect(
    within(rows[0].querySelector<HTMLElement>('.show__tickets')!).queryByRole('link'),
  ).toBeNull();
  expect(within(rows[1]).getByText('Free Show')).toBeInTheDocument();
  expect(within(rows[2]).getByText('Tickets Soon')).toBeInTheDocument();
  const link = within(rows[3]).getByRole('link', { name: /^Get Tickets/ });
  expect(link).toHaveAttribute('href', 'https://tickets.example/4');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link.getAttribute('rel')).toContain('noopener');
  expect(rows[4].querySelector('.show__tickets')).toBeEmptyDOMElement();
  expect(within(rows[1]).getByText('Austin, TX')).toBeInTheDocument();
  expect(within(rows[1]).getByText('8:00 PM CDT · 21+')).toBeInTheDocument();
});

it("gives each show's time in its own zone, by the zone's name that day", async () => {
  stubApi({
    'GET /api/shows': {
      body: [
        show({ id: 1, city: 'Glasgow, UK', date: '2099-07-10', timeZone: 'Europe/London' }),
        show({ id: 2, city: 'Glasgow, UK', date: '2099-12-10', timeZone: 'Europe/London' }),
        show({ id: 3, city: 'Sydney, NSW', date: '2099-12-11', timeZone: 'Australia/Sydney' }),
        show({ id: 4, date: '2099-12-12', time: 'TBA' }),
      ],
    },
  });
  renderApp();
  const rows = await section().findAllByRole('listitem');
  expect(rows.map((row) => row.querySelector('.show__meta')!.textContent)).toEqual([
    '8:00 PM BST · 21+',
    '8:00 PM GMT · 21+',
    '8:00 PM AEDT · 21+',
    'TBA · 21+',
  ]);
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

it('writes no MusicEvent of its own when the served page already carries them', async () => {
  const served = document.createElement('script');
  served.type = 'application/ld+json';
  served.id = 'shows-structured-data';
  served.textContent = '[]';
  document.head.append(served);
  try {
    stubApi({ 'GET /api/shows': { body: [show({ venue: 'Gruene Hall' })] } });
    renderApp();
    await section().findByText('Gruene Hall');
    const entries = [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap(
      (s) => [JSON.parse(s.textContent ?? '')].flat(),
    );
    expect(entries).not.toContainEqual(expect.objectContaining({ '@type': 'MusicEvent' }));
  } finally {
    served.remove();
  }
});

it("links each show's own calendar file, named for its venue and date", async () => {
  stubApi({
    'GET /api/shows': {
      body: [
        show({ id: 7, venue: 'Gruene Hall', date: '2099-07-04', soldOut: 'true' }),
        show({ id: 9, venue: 'Luckenbach Dance Hall', date: '2099-07-05' }),
      ],
    },
  });
  renderApp();
  const rows = await section().findAllByRole('listitem');
  const first = within(rows[0]).getByRole('link', {
    name: 'Add to calendar: Gruene Hall, Saturday, July 4, 2099',
  });
  expect(first).toHaveAttribute('href', '/api/shows/7.ics');
  expect(first).toHaveTextContent('Add to calendar');
  expect(first).not.toHaveAttribute('target');
  expect(
    within(rows[1]).getByRole('link', { name: /^Add to calendar: Luckenbach/ }),
  ).toHaveAttribute('href', '/api/shows/9.ics');
});

it('offers the shows calendar as a webcal:// subscription and as an address to copy, on the page’s own host', async () => {
  stubApi();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderApp();
  await section().findByText('No upcoming shows at this time.');
  const subscribe = section().getByRole('button', { name: 'Subscribe to calendar' });
  expect(subscribe).toHaveAttribute('aria-expanded', 'false');
  expect(section().queryByRole('link', { name: 'Open in my calendar app' })).toBeNull();

  await userEvent.click(subscribe);
  expect(subscribe).toHaveAttribute('aria-expanded', 'true');
  expect(section().getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute(
    'href',
    `webcal://${window.location.host}/api/shows.ics`,
  );
  const address = section().getByRole('textbox', { name: 'Or add this address to your calendar' });
  expect(address).toHaveValue(`${window.location.origin}/api/shows.ics`);
  expect(address).toHaveAttribute('readonly');
  await userEvent.click(section().getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/shows.ics`);
  expect(section().getByRole('status')).toHaveTextContent('Copied');

  expect(calendarSubscribeUrl({ host: 'wren.example:8443' })).toBe(
    'webcal://wren.example:8443/api/shows.ics',
  );
  expect(calendarFeedUrl({ origin: 'https://wren.example' })).toBe(
    'https://wren.example/api/shows.ics',
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

it("gives a show's year when it is not this year's, and not otherwise", async () => {
  const thisYear = new Date().getFullYear();
  stubApi({
    'GET /api/shows': {
      body: [
        show({ id: 1, venue: 'Later This Year', date: `${thisYear}-12-31` }),
        show({ id: 2, venue: 'Next January', date: `${thisYear + 1}-01-09` }),
      ],
    },
  });
  renderApp();
  const row = async (venue: string) =>
    (await section().findByText(venue)).closest('li')!.querySelector('.show__date')!;
  expect((await row('Next January')).textContent).toMatch(new RegExp(`Jan${thisYear + 1}$`));
  expect((await row('Later This Year')).textContent).toMatch(/Dec$/);
});
