import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Campaign } from '@artist/contracts';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { SHOWS, listRoute } from '../../test/listServer.js';
import { makeShow } from '../../test/fixtures.js';
import { announcement } from './announce.js';

const makeCampaign = (id: number, overrides: Partial<Campaign> = {}): Campaign => ({
  id,
  pageId: `Pg7xQ2mL9vR4tK8sB1nC6dF3hJ5wZ0a${id}`,
  subject: `Campaign ${id}`,
  body: '# Hello',
  audience: {},
  topic: 'news',
  status: 'draft',
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  recipients: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  complained: 0,
  unsubscribed: 0,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
  ...overrides,
});

const page = (rows: Campaign[]) => ({
  rows,
  total: rows.length,
  counts: { all: rows.length },
  page: 1,
  pageSize: 50,
});

it('announces a show to fans nearby: the draft names the show and reaches 160 km around it', () => {
  const show = makeShow(3, {
    venue: 'Ryman Auditorium',
    city: 'Nashville, TN',
    date: '2099-03-14',
    ticketButtonType: 'url',
    ticketUrl: 'https://tix.example/ryman',
  });
  const draft = announcement(show);
  expect(draft.audience).toEqual({ near: { showId: 3, radiusKm: 160 } });
  expect(draft.subject).toContain('Ryman Auditorium');
  expect(draft.body).toContain('[Get your tickets](https://tix.example/ryman)');
  expect(draft.body).toContain('Nashville, TN');
});

it('opens a draft with its live count, previews it, and sends it to N fans after a confirmation naming N', async () => {
  const user = userEvent.setup();
  let sent = false;
  const draft = makeCampaign(7, { subject: 'Ryman, March 14' });
  const stub = signedIn({
    'GET /api/admin/campaigns': () =>
      json(
        200,
        page([
          sent
            ? {
                ...draft,
                status: 'sending',
                recipients: 42,
                sent: 10,
                startedAt: new Date().toISOString(),
              }
            : draft,
        ]),
      ),
    'GET /api/admin/campaigns/7': () =>
      json(
        200,
        sent
          ? {
              ...draft,
              status: 'sending',
              recipients: 42,
              sent: 10,
              startedAt: new Date(Date.now() - 2000).toISOString(),
            }
          : draft,
      ),
    'GET /api/admin/campaigns/7/preview': json(200, {
      subject: 'Ryman, March 14',
      html: '<html><body><h1>Hello</h1></body></html>',
      text: 'Hello',
    }),
    'PUT /api/admin/campaigns/7': json(200, draft),
    'POST /api/admin/campaigns/audience': json(200, { count: 42, unknownLocation: 3 }),
    'POST /api/admin/campaigns/7/send': () => {
      sent = true;
      return json(200, { ...draft, status: 'sending', recipients: 42 });
    },
    'GET /api/admin/shows': listRoute(SHOWS, [makeShow(1)]),
    'GET /api/admin/products': json(200, {
      rows: [],
      total: 0,
      counts: { all: 0 },
      page: 1,
      pageSize: 200,
    }),
  });
  renderAdmin('/admin?tab=campaigns');
  await user.click(await screen.findByRole('button', { name: 'Open campaign Ryman, March 14' }));
  const dialog = await screen.findByRole('dialog');
  expect(
    await within(dialog).findByText('Reaches 42 fans · 3 with no known location'),
  ).toBeInTheDocument();
  expect(await within(dialog).findByTitle('Preview at desktop width')).toHaveStyle({
    width: '640px',
  });
  await user.click(within(dialog).getByText('Phone'));
  expect(within(dialog).getByTitle('Preview at phone width')).toHaveStyle({ width: '375px' });

  await user.click(within(dialog).getByRole('button', { name: 'Send to 42 fans' }));
  // The confirmation names N, and its button does too.
  expect((await screen.findAllByText('Send to 42 fans now?')).length).toBeGreaterThan(0);
  const buttons = screen.getAllByRole('button', { name: 'Send to 42 fans' });
  expect(buttons).toHaveLength(2);
  await user.click(buttons[1]);
  await waitFor(() =>
    expect(
      stub.requests.some((r) => r.method === 'POST' && r.path === '/api/admin/campaigns/7/send'),
    ).toBe(true),
  );
  expect(await screen.findByText(/10 of 42 sent/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  // Its page is at its unguessable page id, not at its number.
  expect(screen.getByRole('link', { name: 'View in browser' })).toHaveAttribute(
    'href',
    '/api/campaigns/Pg7xQ2mL9vR4tK8sB1nC6dF3hJ5wZ0a7',
  );
});

it('schedules in the artist’s time zone, names it, and shows the time it goes out on her clock', async () => {
  const user = userEvent.setup();
  const draft = makeCampaign(8, { subject: 'Tokyo, March 14' });
  let scheduled: Campaign | null = null;
  const stub = signedIn({
    'GET /api/admin/campaigns': () => json(200, page([scheduled ?? draft])),
    'GET /api/admin/campaigns/8': () => json(200, scheduled ?? draft),
    'GET /api/admin/campaigns/settings': json(200, { timeZone: 'Asia/Tokyo', ratePerSecond: 10 }),
    'GET /api/admin/campaigns/8/preview': json(200, {
      subject: 'Tokyo',
      html: '<p>Hi</p>',
      text: 'Hi',
    }),
    'PUT /api/admin/campaigns/8': json(200, draft),
    'POST /api/admin/campaigns/audience': json(200, { count: 5, unknownLocation: 0 }),
    'POST /api/admin/campaigns/8/send': (req) => {
      const { at } = req.body as { at: string };
      scheduled = { ...draft, status: 'scheduled', scheduledAt: at };
      return json(200, scheduled);
    },
    'GET /api/admin/shows': listRoute(SHOWS, []),
    'GET /api/admin/products': json(200, {
      rows: [],
      total: 0,
      counts: { all: 0 },
      page: 1,
      pageSize: 200,
    }),
  });
  renderAdmin('/admin?tab=campaigns');
  await user.click(await screen.findByRole('button', { name: 'Open campaign Tokyo, March 14' }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Schedule in Asia/Tokyo time')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Send at (Asia/Tokyo time)'), {
    target: { value: '2099-03-14T20:00' },
  });
  await within(dialog).findByText('Reaches 5 fans');
  await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
  expect(
    (await screen.findAllByText('Send to 5 fans on Mar 14, 2099, 8:00 PM GMT+9?')).length,
  ).toBeGreaterThan(0);
  await user.click(screen.getByRole('button', { name: 'Schedule for 5 fans' }));
  await waitFor(() =>
    expect(stub.requests.find((r) => r.path === '/api/admin/campaigns/8/send')?.body).toEqual({
      at: '2099-03-14T11:00:00.000Z',
    }),
  );
  expect(
    await screen.findByText('Goes out Mar 14, 2099, 8:00 PM GMT+9 (Asia/Tokyo time)'),
  ).toBeInTheDocument();
});
