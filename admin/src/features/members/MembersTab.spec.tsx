import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member, MembershipTier } from '@artist/contracts';
import { json, renderAdmin, signedIn } from '../../test/render.js';

const dialog = () => within(screen.getByRole('dialog'));

const FRONT_ROW: MembershipTier = {
  id: 1,
  name: 'Front Row',
  description: 'Every release, a week early.',
  monthlyPriceCents: 500,
  yearlyPriceCents: 5000,
  perks: { allDownloads: true, earlyAccessDays: 7, presale: true },
  open: true,
  createdAt: '2027-01-01T00:00:00.000Z',
};

const JUNE: Member = {
  id: 3,
  email: 'june@example.com',
  tierId: 1,
  tierName: 'Front Row',
  interval: 'year',
  priceCents: 5000,
  status: 'past_due',
  since: '2027-01-02T00:00:00.000Z',
  renewsAt: '2028-01-02T00:00:00.000Z',
  endsAt: null,
  cancelAtPeriodEnd: false,
};

it('shows the MRR, the tiers and the members, and adds a tier in cents', async () => {
  let tiers = [FRONT_ROW];
  const stub = signedIn({
    'GET /api/admin/members/summary': () =>
      json(200, { active: 4, pastDue: 1, mrrCents: 2417, joined30d: 2, ended30d: 1 }),
    'GET /api/admin/membership-tiers': () => json(200, tiers),
    'GET /api/admin/members': () =>
      json(200, {
        rows: [JUNE],
        total: 1,
        counts: { all: 1, active: 0, past_due: 1, incomplete: 0, ended: 0 },
        page: 1,
        pageSize: 25,
      }),
    'POST /api/admin/membership-tiers': (req) => {
      const created = { ...FRONT_ROW, ...(req.body as object), id: 2 } as MembershipTier;
      tiers = [...tiers, created];
      return json(201, created);
    },
  });
  renderAdmin('/admin/members');
  expect(await screen.findByTestId('members-summary')).toHaveTextContent(
    '$24.17 a month from 4 active members and 1 past due (their card is being retried). In the last 30 days 2 joined and 1 left.',
  );
  expect(await screen.findByRole('button', { name: 'Front Row' })).toBeInTheDocument();
  const row = (await screen.findByText('june@example.com')).closest('tr')!;
  expect(row).toHaveTextContent('$50.00 / year');
  expect(row).toHaveTextContent('Past due');

  await userEvent.click(screen.getByRole('button', { name: 'Add Tier' }));
  await userEvent.type(dialog().getByLabelText('Name'), 'Porch');
  await userEvent.type(dialog().getByLabelText('What members get'), 'A thank-you each month.');
  const monthly = dialog().getByRole('spinbutton', { name: 'Monthly price' });
  await userEvent.clear(monthly);
  await userEvent.type(monthly, '3');
  await userEvent.click(dialog().getByRole('button', { name: 'Add Tier' }));
  expect(await screen.findByText('Tier added')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'POST')!.body).toEqual({
    name: 'Porch',
    description: 'A thank-you each month.',
    monthlyPriceCents: 300,
    yearlyPriceCents: null,
    perks: { allDownloads: true, earlyAccessDays: 0, presale: false },
  });
  expect(await screen.findByRole('button', { name: 'Porch' })).toBeInTheDocument();
});
