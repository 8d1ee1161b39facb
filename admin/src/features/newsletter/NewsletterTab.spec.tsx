import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { makeSignup, rowCheckbox, selectAllCheckbox } from '../../test/fixtures.js';
import { SIGNUPS, listRoute } from '../../test/listServer.js';

it('marks selected signups as contacted and copies an address', async () => {
  const user = userEvent.setup();
  const stub = signedIn({
    'GET /api/admin/email-signups': listRoute(SIGNUPS, [
      makeSignup(1),
      makeSignup(2, { contacted: 'true' }),
    ]),
    'PUT /api/admin/email-signups/bulk': json(200, { updated: 1 }),
  });
  renderAdmin('/admin?tab=newsletter');
  await screen.findByText('fan1@example.com');
  expect(screen.getByRole('button', { name: 'Contacted (1)' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Copy fan1@example.com' }));
  expect(await screen.findByText('Copied to clipboard.')).toBeInTheDocument();
  expect(await navigator.clipboard.readText()).toBe('fan1@example.com');

  // No action on 0 rows: the button waits until some are selected.
  expect(screen.getByRole('button', { name: 'Mark 0 as Contacted' })).toBeDisabled();
  await user.click(rowCheckbox('fan1@example.com'));
  await user.click(screen.getByRole('button', { name: 'Mark 1 as Contacted' }));
  expect(await screen.findByText('Marked 1 signup as contacted')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'PUT')!.body).toEqual({
    ids: [1],
    contacted: true,
  });
});

it('reports a failed load', async () => {
  signedIn({ 'GET /api/admin/email-signups': { status: 503, text: '' } });
  renderAdmin('/admin?tab=newsletter');
  expect(await screen.findByText('Failed to load newsletter signups')).toBeInTheDocument();
  expect(
    screen.getByText('The server answered 503 Service Unavailable. Please try again.'),
  ).toBeInTheDocument();
});

it('shows, filters and counts the subscription states', async () => {
  const user = userEvent.setup();
  signedIn({
    'GET /api/admin/email-signups': listRoute(SIGNUPS, [
      makeSignup(1, { subscription: 'confirmed', confirmedAt: 1_790_000_000_000 }),
      makeSignup(2),
      makeSignup(3, { subscription: 'unsubscribed', unsubscribedAt: 1_790_000_000_000 }),
    ]),
  });
  renderAdmin('/admin?tab=newsletter');
  await screen.findByText('fan1@example.com');
  expect(screen.getByRole('columnheader', { name: /Subscription/ })).toBeInTheDocument();
  expect(screen.getByText('Confirmed', { selector: 'td span' })).toBeInTheDocument();
  expect(screen.getByText('Unsubscribed', { selector: 'td span' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Unsubscribed (1)' }));
  expect(await screen.findByText('fan3@example.com')).toBeInTheDocument();
  expect(screen.queryByText('fan1@example.com')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Confirmed (1)' }));
  expect(await screen.findByText('fan1@example.com')).toBeInTheDocument();
  expect(screen.queryByText('fan3@example.com')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Unconfirmed (1)' })).toBeInTheDocument();
});

it('selects every signup matching the filter and search, beyond the page, and marks them on the server', async () => {
  const user = userEvent.setup();
  const signups = Array.from({ length: 1500 }, (_, i) =>
    makeSignup(i + 1, { email: `reader${i + 1}@example.com`, contacted: i % 5 ? 'false' : 'true' }),
  );
  const stub = signedIn({
    'GET /api/admin/email-signups': listRoute(SIGNUPS, signups),
    'PUT /api/admin/email-signups/bulk': json(200, { updated: 1200 }),
  });
  renderAdmin('/admin?tab=newsletter&status=pending&search=example');
  expect(await screen.findByText('Showing 1-50 of 1,200')).toBeInTheDocument();
  const list = stub.requests.filter((r) => r.path === '/api/admin/email-signups').at(-1)!;
  expect(Object.fromEntries(list.query)).toEqual({
    status: 'pending',
    search: 'example',
    sort: '-createdAt',
    pageSize: '50',
  });
  expect(screen.queryByRole('button', { name: /^Select all/ })).toBeNull();
  await user.click(selectAllCheckbox());
  expect(screen.getByText('All 50 on this page are selected.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Select all 1,200 matching' }));
  expect(
    screen.getByText('All 1,200 matching newsletter signups are selected.'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Mark 1,200 as Contacted' }));
  expect(await screen.findByText('Marked 1,200 signups as contacted')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'PUT')!.body).toEqual({
    filter: { status: 'pending', search: 'example' },
    contacted: true,
  });
});

it('clears a selection of every match when the search changes', async () => {
  const user = userEvent.setup();
  signedIn({
    'GET /api/admin/email-signups': listRoute(
      SIGNUPS,
      Array.from({ length: 60 }, (_, i) => makeSignup(i + 1)),
    ),
  });
  renderAdmin('/admin?tab=newsletter');
  expect(await screen.findByText('Showing 1-50 of 60')).toBeInTheDocument();
  await user.click(selectAllCheckbox());
  await user.click(screen.getByRole('button', { name: 'Select all 60 matching' }));
  expect(screen.getByRole('button', { name: 'Mark 60 as Contacted' })).toBeInTheDocument();
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'fan1');
  expect(await screen.findByRole('button', { name: 'Mark 0 as Contacted' })).toBeInTheDocument();
});

it("sends an unsubscribed signup a confirmation email after asking, and shows the server's sentence when it refuses", async () => {
  const user = userEvent.setup();
  const stub = signedIn({
    'GET /api/admin/email-signups': listRoute(SIGNUPS, [
      makeSignup(1, { subscription: 'confirmed', confirmedAt: 1_790_000_000_000 }),
      makeSignup(2, { subscription: 'unsubscribed', unsubscribedAt: 1_790_000_000_000 }),
      makeSignup(3),
    ]),
    'POST /api/admin/email-signups/2/confirmation': json(201, {
      success: true,
      message: 'A confirmation email is on its way to this address.',
    }),
    'POST /api/admin/email-signups/3/confirmation': json(400, {
      statusCode: 400,
      message: 'This address has been sent its 3 emails for today. Please try again tomorrow.',
    }),
  });
  renderAdmin('/admin?tab=newsletter');
  await screen.findByText('fan1@example.com');
  expect(
    screen.queryByRole('button', { name: 'Send confirmation email to fan1@example.com' }),
  ).not.toBeInTheDocument();

  await user.click(
    screen.getByRole('button', { name: 'Send confirmation email to fan2@example.com' }),
  );
  const ask = await screen.findByRole('dialog');
  expect(ask).toHaveTextContent('fan2@example.com is sent an email with a link to confirm');
  await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
  expect(stub.requests.some((r) => r.method === 'POST')).toBe(false);

  await user.click(
    screen.getByRole('button', { name: 'Send confirmation email to fan2@example.com' }),
  );
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
  expect(
    await screen.findByText('Confirmation email sent to fan2@example.com'),
  ).toBeInTheDocument();
  expect(stub.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
    '/api/admin/email-signups/2/confirmation',
  ]);

  await user.click(
    screen.getByRole('button', { name: 'Send confirmation email to fan3@example.com' }),
  );
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Failed to send the confirmation email')).toBeInTheDocument();
  expect(
    screen.getByText(
      'This address has been sent its 3 emails for today. Please try again tomorrow.',
    ),
  ).toBeInTheDocument();
});
