import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MembershipTier } from '@artist/contracts';
import { deferred, renderApp, stubApi, type Reply } from '../../test/renderApp.js';
import { redirectTo } from '../cart/checkoutApi.js';

const FRONT_ROW: MembershipTier = {
  id: 3,
  name: 'Front Row',
  description: 'Closer to the music.',
  monthlyPriceCents: 500,
  yearlyPriceCents: 5000,
  perks: { allDownloads: true, earlyAccessDays: 7, presale: true },
  open: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const PORCH: MembershipTier = {
  ...FRONT_ROW,
  id: 4,
  name: 'Porch',
  description: 'A little support.',
  monthlyPriceCents: 350,
  yearlyPriceCents: null,
  perks: { allDownloads: false, earlyAccessDays: 1, presale: false },
};
const PAY = 'https://checkout.stripe.test/c/pay/cs_1';

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(redirectTo, 'assign').mockImplementation(() => {});
});
afterEach(() => assign.mockRestore());

const section = () => within(document.getElementById('membership')!);

it('stays hidden, with no heading, while there is no open tier', async () => {
  const { calls } = stubApi();
  renderApp();
  await waitFor(() => expect(calls.some((c) => c.url === '/api/membership-tiers')).toBe(true));
  expect(document.getElementById('membership')).not.toBeVisible();
  expect(screen.queryByRole('heading', { name: 'Membership' })).toBeNull();
});

it('lists each tier with its perks in plain words and a join per interval, asking a fan without a session for her email', async () => {
  const { calls } = stubApi({
    'GET /api/membership-tiers': { body: [PORCH, FRONT_ROW] },
    'GET /api/account': { status: 401, body: { message: 'Please sign in to your account first.' } },
    'POST /api/memberships/checkout': { body: { url: PAY } },
  });
  renderApp();
  expect(await screen.findByRole('heading', { name: 'Membership' })).toBeInTheDocument();
  const front = within(
    (await section().findByRole('heading', { name: 'Front Row' })).closest('li')!,
  );
  expect(
    front.getByText('Every release, to download, for as long as you are a member.'),
  ).toBeInTheDocument();
  expect(front.getByText('New releases 7 days before everyone else.')).toBeInTheDocument();
  expect(
    front.getByText('Presale codes for shows, before tickets go on sale.'),
  ).toBeInTheDocument();
  const porch = within(section().getByRole('heading', { name: 'Porch' }).closest('li')!);
  expect(porch.getByText('New releases 1 day before everyone else.')).toBeInTheDocument();
  expect(porch.getByRole('button', { name: 'Join for $3.50 a month' })).toBeInTheDocument();
  expect(porch.queryByRole('button', { name: /a year/ })).toBeNull();

  await userEvent.click(front.getByRole('button', { name: 'Join for $50 a year' }));
  const form = within(screen.getByRole('form', { name: 'Join Front Row' }));
  await userEvent.type(form.getByLabelText('Email'), 'june@example.com');
  await userEvent.click(form.getByRole('button', { name: 'Continue to payment' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY));
  expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
    tierId: 3,
    interval: 'year',
    email: 'june@example.com',
  });
});

it('takes a signed-in fan straight to payment, and says why the server refuses', async () => {
  let answer: Reply = {
    status: 409,
    body: { message: 'This email address already has an active membership.' },
  };
  // The account's answer comes only after the fan has pressed Join: the join waits for it.
  const account = deferred<Reply>();
  const { calls } = stubApi({
    'GET /api/membership-tiers': { body: [FRONT_ROW] },
    'GET /api/account': () => account.promise,
    'POST /api/memberships/checkout': () => answer,
  });
  renderApp();
  const join = await section().findByRole('button', { name: 'Join for $5 a month' });
  await waitFor(() => expect(calls.some((c) => c.url === '/api/account')).toBe(true));
  await userEvent.click(join);
  account.resolve({ body: { email: 'june@example.com', membership: null } });
  expect(await section().findByRole('alert')).toHaveTextContent(
    'This email address already has an active membership.',
  );
  expect(screen.queryByRole('form', { name: /^Join / })).toBeNull();
  answer = { status: 200, body: { url: PAY } };
  await userEvent.click(join);
  await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY));
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
    { tierId: 3, interval: 'month' },
    { tierId: 3, interval: 'month' },
  ]);
});
