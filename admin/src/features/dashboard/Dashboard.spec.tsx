import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeShow } from '../../test/fixtures.js';
import { MESSAGES, ORDERS, SHOWS, listRoute } from '../../test/listServer.js';

const overview = {
  ordersToShip: 3,
  newMessages: 2,
  pendingNotifyRequests: 7,
  signupsThisWeek: 12,
};

const navLinks = (nav: ReturnType<typeof within>) =>
  nav.getAllByRole('link').map((a: HTMLElement) => [a.textContent, a.getAttribute('href')]);

const AREAS = [
  ['Orders', '/admin/orders'],
  ['Products', '/admin/products'],
  ['Releases', '/admin/releases'],
  ['Discounts', '/admin/discounts'],
  ['Shipping', '/admin/shipping'],
  ['Fans', '/admin/fans'],
  ['Members', '/admin/members'],
  ['Newsletter', '/admin/newsletter'],
  ['Campaigns', '/admin/campaigns'],
  ['Suppressions', '/admin/suppressions'],
  ['Notify-me', '/admin/notify-me'],
  ['Messages', '/admin/messages'],
  ['Shows', '/admin/shows'],
  ['Page', '/admin/page'],
  ['Photos', '/admin/photos'],
  ['Sales', '/admin/sales'],
  ['Emails', '/admin/emails'],
];

it('shows what waits above the area, each figure opening its filtered area; /admin opens on Shows', async () => {
  signedIn({
    'GET /api/admin/overview': json(200, overview),
    'GET /api/admin/shows': listRoute(SHOWS, [makeShow(1)]),
    'GET /api/admin/orders': listRoute(ORDERS, []),
  });
  renderAdmin('/admin');
  const strip = within(await screen.findByRole('navigation', { name: 'Overview' }));
  expect(navLinks(strip)).toEqual([
    ['3Orders to ship', '/admin/orders?status=pending'],
    ['2New messages', '/admin/messages?status=new'],
    ['7Notify-me requests', '/admin/notify-me?status=pending'],
    ['12Signups this week', '/admin/newsletter'],
  ]);
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/shows$/);
  const nav = within(screen.getByRole('navigation', { name: 'Admin areas' }));
  expect(nav.getByRole('link', { current: 'page' })).toHaveTextContent('Shows');
  expect(await screen.findByText('Venue 1')).toBeInTheDocument();

  await userEvent.click(strip.getByRole('link', { name: /Orders to ship/ }));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/orders?status=pending');
  expect(nav.getByRole('link', { current: 'page' })).toHaveTextContent('Orders');
  expect(await screen.findByRole('button', { name: /^Pending/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

it('groups the areas in the side navigation, each a link to its own address', async () => {
  signedIn({
    'GET /api/admin/shows': listRoute(SHOWS, [makeShow(1)]),
    'GET /api/admin/contact-messages': listRoute(MESSAGES, []),
  });
  renderAdmin('/admin/shows');
  const nav = within(await screen.findByRole('navigation', { name: 'Admin areas' }));
  expect(nav.getAllByRole('heading').map((h) => h.textContent)).toEqual([
    'Sell',
    'Fans',
    'Site',
    'Reports',
  ]);
  expect(navLinks(nav)).toEqual(AREAS);
  expect(
    within(nav.getByRole('list', { name: 'Fans' }))
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual([
    'Fans',
    'Members',
    'Newsletter',
    'Campaigns',
    'Suppressions',
    'Notify-me',
    'Messages',
  ]);

  await userEvent.click(nav.getByRole('link', { name: 'Messages' }));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/messages$/);
  expect(nav.getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
  expect(nav.getByRole('link', { name: 'Shows' })).not.toHaveAttribute('aria-current');
  expect(screen.getByRole('main', { name: 'Messages' })).toBeInTheDocument();
});

it.each([
  [
    '/admin?tab=orders&status=fulfilled&search=ada&page=2',
    '/admin/orders?status=fulfilled&search=ada&page=2',
  ],
  ['/admin?tab=contact&status=new', '/admin/messages?status=new'],
  ['/admin?status=draft', '/admin/shows?status=draft'],
  ['/admin?tab=nope', '/admin/shows'],
])('opens the dashboard’s earlier address %s at %s', async (from, to) => {
  signedIn();
  renderAdmin(from);
  await screen.findByRole('navigation', { name: 'Admin areas' });
  expect(screen.getByTestId('location').textContent).toBe(to);
});

it('answers an unknown area with the not-found page', async () => {
  signedIn();
  renderAdmin('/admin/nope');
  expect(await screen.findByText('not found')).toBeInTheDocument();
});

it('leaves the strip out when the overview call fails, and the areas work', async () => {
  signedIn({ 'GET /api/admin/shows': listRoute(SHOWS, [makeShow(1)]) });
  renderAdmin('/admin');
  expect(await screen.findByText('Venue 1')).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Overview' })).toBeNull();
  expect(screen.queryByText(/Failed/)).toBeNull();
});

describe('on a phone', () => {
  const matchMedia = window.matchMedia;
  beforeEach(() => {
    // antd's xs breakpoint is (max-width: 575px): a 390 px wide phone matches it.
    window.matchMedia = ((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width: 575'),
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });

  it('keeps the areas in a menu that a link closes', async () => {
    signedIn({
      'GET /api/admin/shows': listRoute(SHOWS, [makeShow(1)]),
      'GET /api/admin/contact-messages': listRoute(MESSAGES, []),
    });
    renderAdmin('/admin');
    expect(await screen.findByText('Venue 1')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin areas' })).toBeNull();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = within(await screen.findByRole('navigation', { name: 'Admin areas' }));
    expect(navLinks(nav)).toEqual(AREAS);
    await userEvent.click(nav.getByRole('link', { name: 'Messages' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/messages$/);
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Admin areas' })).toBeNull(),
    );
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
