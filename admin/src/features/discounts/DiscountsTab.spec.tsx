import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DiscountCode } from '@artist/contracts';
import { json, renderAdmin, signedIn } from '../../test/render.js';

const dialog = () => within(screen.getByRole('dialog'));

const TOUR: DiscountCode = {
  id: 1,
  code: 'TOUR10',
  percentOff: 10,
  amountOffCents: null,
  minSubtotalCents: 4000,
  startsAt: null,
  endsAt: null,
  maxUses: 100,
  oncePerEmail: false,
  productIds: null,
  active: true,
  uses: 3,
};

const page = (rows: DiscountCode[]) => ({
  rows,
  total: rows.length,
  counts: { all: rows.length, active: rows.length, inactive: 0 },
  page: 1,
  pageSize: 25,
});

it('lists the codes on the table block and creates an amount-off code in cents', async () => {
  let rows = [TOUR];
  const stub = signedIn({
    'GET /api/admin/discounts': () => json(200, page(rows)),
    'GET /api/admin/products': () =>
      json(200, { rows: [], total: 0, counts: { all: 0 }, page: 1, pageSize: 200 }),
    'POST /api/admin/discounts': (req) => {
      const created = { ...(req.body as DiscountCode), id: 2, uses: 0 };
      rows = [created, ...rows];
      return json(201, created);
    },
  });
  renderAdmin('/admin?tab=discounts');
  const row = (await screen.findByRole('button', { name: 'TOUR10' })).closest('tr')!;
  expect(row).toHaveTextContent('10% off orders of $40.00+');
  expect(row).toHaveTextContent('3 of 100');
  expect(row).toHaveTextContent('Active');

  await userEvent.click(screen.getByRole('button', { name: 'Create Code' }));
  await userEvent.click(dialog().getByLabelText('Code'));
  await userEvent.paste('newsletter5');
  await userEvent.click(dialog().getByLabelText('Amount off'));
  await userEvent.type(dialog().getByRole('spinbutton', { name: 'Amount off' }), '5');
  await userEvent.click(dialog().getByLabelText('Once per buyer email'));
  await userEvent.click(dialog().getByRole('button', { name: 'Create Code' }));

  expect(await screen.findByText('Code created')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'POST')!.body).toEqual({
    code: 'NEWSLETTER5',
    percentOff: null,
    amountOffCents: 500,
    minSubtotalCents: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    oncePerEmail: true,
    productIds: null,
    active: true,
  });
  expect(await screen.findByRole('button', { name: 'NEWSLETTER5' })).toBeInTheDocument();
  // The list asks with the shared list query.
  expect(stub.requests.find((r) => r.path === '/api/admin/discounts')!.query.get('sort')).toBe(
    '-createdAt',
  );
});
