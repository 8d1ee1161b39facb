import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxEmailSummary } from '@artist/contracts';
import { json, renderAdmin, signedIn } from '../../test/render.js';
import { EMAILS, SHOWS, listRoute } from '../../test/listServer.js';
import { tableRows } from '../../test/fixtures.js';

const makeEmail = (
  id: number,
  overrides: Partial<OutboxEmailSummary> = {},
): OutboxEmailSummary => ({
  id,
  kind: 'order-confirmation',
  to: `buyer${id}@example.com`,
  toName: null,
  subject: `Your order #${id} is confirmed`,
  status: 'sent',
  attempts: 1,
  lastError: null,
  messageId: `<m${id}@example.com>`,
  sentAt: 1_790_000_000_000 + id,
  createdAt: 1_790_000_000_000 + id,
  ...overrides,
});

const NARROW = window.innerWidth;
afterEach(() => {
  window.innerWidth = NARROW;
});

it('lists emails with their status, filters them, previews one and resends a failed one', async () => {
  const user = userEvent.setup();
  const stub = signedIn({
    'GET /api/admin/emails': listRoute(EMAILS, [
      makeEmail(1),
      makeEmail(2, {
        kind: 'artist-contact',
        subject: 'Booking Inquiry from Dolly Parton',
        status: 'failed',
        lastError: '550 Mailbox unavailable',
        sentAt: null,
      }),
    ]),
    'GET /api/admin/emails/2': json(200, {
      ...makeEmail(2, { status: 'failed', subject: 'Booking Inquiry from Dolly Parton' }),
      html: '<p>Would you play our festival?</p>',
      text: 'Would you play our festival?',
      replyTo: 'dolly@example.com',
    }),
    'POST /api/admin/emails/2/resend': json(201, makeEmail(3, { status: 'queued' })),
  });
  // The Last error column shows from 1600 px (on a narrower screen, View shows it).
  window.innerWidth = 1600;
  renderAdmin('/admin?tab=emails');
  await screen.findByText('buyer1@example.com');
  expect(screen.getByText('550 Mailbox unavailable')).toBeInTheDocument();
  expect(screen.getByText('Message alert')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Failed (1)' }));
  expect(screen.queryByText('buyer1@example.com')).not.toBeInTheDocument();

  await user.click(
    screen.getByRole('button', { name: 'View email Booking Inquiry from Dolly Parton' }),
  );
  const dialog = await screen.findByRole('dialog');
  expect(
    await within(dialog).findByTitle('Preview of Booking Inquiry from Dolly Parton'),
  ).toHaveAttribute('sandbox', '');
  expect(within(dialog).getByText('dolly@example.com')).toBeInTheDocument();
  await user.click(within(dialog).getByText('Text'));
  expect(within(dialog).getByLabelText('Plain text')).toHaveTextContent(
    'Would you play our festival?',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
  // Asked first: nothing is sent until the artist confirms.
  await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
  const confirm = screen.getAllByRole('dialog')[1]!;
  expect(confirm).toHaveTextContent('Send this email again?');
  expect(confirm).toHaveTextContent(
    '“Booking Inquiry from Dolly Parton” goes to buyer2@example.com once more.',
  );
  expect(stub.requests.filter((r) => r.method === 'POST')).toEqual([]);
  await user.click(within(confirm).getByRole('button', { name: 'Resend' }));
  expect(await screen.findByText('Email queued to be sent again')).toBeInTheDocument();
  expect(stub.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
    '/api/admin/emails/2/resend',
  ]);
});

it('offers no resend for a queued email', async () => {
  const user = userEvent.setup();
  signedIn({
    'GET /api/admin/emails': listRoute(EMAILS, [makeEmail(4, { status: 'queued', sentAt: null })]),
    'GET /api/admin/emails/4': json(200, {
      ...makeEmail(4, { status: 'queued' }),
      html: '<p>Hi</p>',
      text: 'Hi',
      replyTo: null,
    }),
  });
  renderAdmin('/admin?tab=emails');
  await user.click(
    await screen.findByRole('button', { name: 'View email Your order #4 is confirmed' }),
  );
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
});

it('warns on the dashboard while email is not set up', async () => {
  signedIn({
    'GET /api/admin/emails/status': json(200, { smtpConfigured: false, held: 3 }),
    'GET /api/admin/shows': listRoute(SHOWS, []),
  });
  renderAdmin('/admin');
  expect(await screen.findByText('Email is not set up')).toBeInTheDocument();
  expect(screen.getByText(/3 emails are waiting in the Emails tab/)).toBeInTheDocument();
});

it('shows no banner once email is set up', async () => {
  const stub = signedIn({
    'GET /api/admin/emails/status': json(200, { smtpConfigured: true, held: 0 }),
    'GET /api/admin/shows': listRoute(SHOWS, []),
  });
  renderAdmin('/admin');
  await waitFor(() =>
    expect(stub.requests.some((r) => r.path === '/api/admin/emails/status')).toBe(true),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(screen.queryByText('Email is not set up')).not.toBeInTheDocument();
});

it('shows an email held back by the hourly limit as waiting, with its reason, not as a failure', async () => {
  const user = userEvent.setup();
  const reason =
    'Waiting: the hourly limit of confirmation emails was reached; it goes out in the next hour.';
  signedIn({
    'GET /api/admin/emails': listRoute(EMAILS, [
      makeEmail(5, {
        kind: 'newsletter-confirm',
        subject: 'Please confirm your signup',
        status: 'queued',
        attempts: 0,
        lastError: reason,
        sentAt: null,
      }),
      makeEmail(6, { status: 'queued', lastError: '421 Try again later', sentAt: null }),
    ]),
    'GET /api/admin/emails/5': json(200, {
      ...makeEmail(5, { status: 'queued', lastError: reason }),
      html: '<p>Confirm</p>',
      text: 'Confirm',
      replyTo: null,
    }),
  });
  window.innerWidth = 1600;
  renderAdmin('/admin?tab=emails');
  await screen.findByText('buyer5@example.com');
  const row = (email: string) => tableRows().find((r) => r.textContent?.includes(email))!;
  const waiting = within(row('buyer5@example.com'));
  expect(waiting.getByText('Waiting')).toBeInTheDocument();
  expect(waiting.queryByText('Queued')).not.toBeInTheDocument();
  expect(waiting.queryByText(reason)).not.toBeInTheDocument();
  // An email retried after an SMTP refusal is still a queued email with its error.
  expect(within(row('buyer6@example.com')).getByText('Queued')).toBeInTheDocument();
  expect(within(row('buyer6@example.com')).getByText('421 Try again later')).toBeInTheDocument();

  await user.hover(waiting.getByText('Waiting'));
  expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);

  await user.click(screen.getByRole('button', { name: 'View email Please confirm your signup' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Why it waits')).toBeInTheDocument();
  expect(within(dialog).getByText(reason)).toBeInTheDocument();
  expect(within(dialog).queryByText('Last error')).not.toBeInTheDocument();
  expect(within(dialog).getByText('Waiting')).toBeInTheDocument();
});
