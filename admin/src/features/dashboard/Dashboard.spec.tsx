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

it('shows what waits above the tabs, each figure opening its filtered tab; Shows stays first', async () => {
  signedIn({
    'GET /api/admin/overview': json(200, overview),
    'GET /api/admin/shows': listRoute(SHOWS, [makeShow(1)]),
    'GET /api/admin/orders': listRoute(ORDERS, []),
  });
  renderAdmin('/admin');
  const strip = within(await screen.findByRole('navigation', { name: 'Overview' }));
  expect(strip.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['3Orders to ship', '/admin?tab=orders&status=pending'],
    ['2New messages', '/admin?tab=contact&status=new'],
    ['7Notify-me requests', '/admin?tab=notify-me&status=pending'],
    ['12Signups this week', '/admin?tab=newsletter'],
  ]);
  expect(screen.getByRole('tab', { name: 'Shows', selected: true })).toBeInTheDocument();

  await userEvent.click(strip.getByRole('link', { name: /Orders to ship/ }));
  expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=orders&status=pending');
  expect(await screen.findByRole('tab', { name: 'Orders', selected: true })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^Pending/ })).toHaveAttribute('aria-pressed', 'true');
});

it('leaves the strip out when the overview call fails, and the tabs work', async () => {
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

  it('keeps every tab in sight on wrapping rows, and switches tabs', async () => {
    signedIn({
      'GET /api/admin/shows': listRoute(SHOWS, [makeShow(1)]),
      'GET /api/admin/contact-messages': listRoute(MESSAGES, []),
    });
    renderAdmin('/admin');
    const bar = within(await screen.findByRole('tablist', { name: 'Sections' }));
    expect(bar.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Shows',
      'Orders',
      'Products',
      'Sales',
      'Notify Me',
      'Newsletter',
      'Campaigns',
      'Suppressions',
      'Contact',
      'Emails',
      'Fans',
      'Page',
      'Photos',
      'Shipping',
      'Discounts',
    ]);
    expect(bar.getByRole('tab', { name: 'Shows' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: /more/i })).toBeNull();
    await userEvent.click(bar.getByRole('tab', { name: 'Contact' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=contact');
    await waitFor(() =>
      expect(bar.getByRole('tab', { name: 'Contact' })).toHaveAttribute('aria-selected', 'true'),
    );
  });
});
