import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesFigures, SalesReport } from '@artist/contracts';
import { json, renderAdmin, signedIn, type StubRequest } from '../../test/render.js';

const figures = (netCents: number, orders: number, items: number, refundedCents = 0) =>
  ({
    orders,
    items,
    grossCents: netCents + refundedCents,
    refundedCents,
    netCents,
  }) satisfies SalesFigures;

/** A report as the server answers it, for the period asked for. */
function report(from: string, to: string, scale: number): SalesReport {
  const months = [];
  for (let m = Number(from.slice(5, 7)); m <= Number(to.slice(5, 7)); m++) {
    months.push({
      month: `${from.slice(0, 4)}-${String(m).padStart(2, '0')}`,
      ...figures(0, 0, 0),
    });
  }
  months[0] = { ...months[0], ...figures(12_345 * scale, 3, 5, 1200) };
  return {
    from,
    to,
    timeZone: 'America/Chicago',
    testOrdersLeftOut: scale === 1 ? 2 : 0,
    totals: {
      ...figures(12_345 * scale, 3, 5, 1200),
      disputedCents: 0,
      discountCents: 500,
      discountedOrders: 1,
      recoveredCents: 2500,
      recoveredOrders: 1,
      taxCents: 412,
    },
    digital: { orders: 0, items: 0, cents: 0, aboveMinimumCents: 0 },
    memberships: {
      payments: 3 * scale,
      cents: 1500 * scale,
      byMonth: months.map(({ month }, i) => ({
        month,
        payments: i === 0 ? 3 * scale : 0,
        cents: i === 0 ? 1500 * scale : 0,
      })),
    },
    byMonth: months,
    byProduct: [
      { product: 'Wren Calloway T-Shirt', size: 'L', orders: 2, items: 3, cents: 7000 * scale },
      { product: 'Trucker Hat', size: null, orders: 1, items: 2, cents: 5000 },
    ],
    byShow: [
      {
        showId: 7,
        label: 'Ryman Auditorium, Nashville, TN',
        date: '2027-02-28',
        ...figures(9500 * scale, 2, 4),
      },
      { showId: null, label: 'Porch at the Station Inn', date: null, ...figures(2000, 1, 4) },
    ],
    byChannel: [
      { channel: 'online', ...figures(845 * scale, 1, 1, 1200) },
      { channel: 'in-person', ...figures(11_500 * scale, 2, 4) },
    ],
  };
}

const answer = (req: StubRequest) => {
  const from = req.query.get('from') ?? '2027-01-01';
  const to = req.query.get('to') ?? '2027-12-31';
  return json(200, report(from, to, from === '2027-01-01' ? 1 : 2));
};

const section = (name: string) =>
  screen.getByRole('heading', { name }).closest('.ant-card') as HTMLElement;

it('shows this year’s sales by month, product, show and channel, each chart with its figures', async () => {
  const stub = signedIn({ 'GET /api/admin/sales': answer });
  renderAdmin('/admin?tab=sales');
  expect(await screen.findByTestId('sales-totals')).toHaveTextContent(
    'Net revenue $123.45 from 3 orders and 5 items',
  );
  expect(screen.getByTestId('sales-totals')).toHaveTextContent(
    'discount codes took $5.00 off 1 order; $25.00 came from 1 checkout recovered by a reminder; sales tax of $4.12 is in these figures and is owed to the tax authorities, not revenue.',
  );
  expect(screen.getByRole('link', { name: 'Sales', current: 'page' })).toBeInTheDocument();
  expect(screen.getByTestId('sales-test-orders')).toHaveTextContent(
    '2 test orders of this period are left out: test mode takes no payment.',
  );
  expect(screen.getByTestId('sales-memberships')).toHaveTextContent(
    'Memberships, beside the orders: $15.00 from 3 payments (first payments and renewals).',
  );
  // No period sent: the server takes this year in the artist's time zone, and says which.
  expect(stub.requests.find((r) => r.path === '/api/admin/sales')!.query.toString()).toBe('');
  expect(screen.getByLabelText('From')).toHaveValue('2027-01-01');
  expect(screen.getByLabelText('To')).toHaveValue('2027-12-31');

  const months = within(section('By month'));
  expect(months.getAllByRole('row')).toHaveLength(13);
  expect(months.getByRole('row', { name: /Jan 2027/ })).toHaveTextContent(
    'Jan 202735$135.45$12.00$123.45',
  );
  expect(
    within(section('By product and size')).getByRole('row', { name: /T-Shirt – L/ }),
  ).toHaveTextContent('Wren Calloway T-Shirt – L23$70.00');
  expect(
    within(section('By show (merch table)')).getByRole('row', { name: /Ryman/ }),
  ).toHaveTextContent('Ryman Auditorium, Nashville, TN (Sun, Feb 28, 2027)24$95.00$0.00$95.00');
  expect(
    within(section('Online and in person')).getByRole('row', { name: /In person/ }),
  ).toHaveTextContent('In person (merch table)24$115.00$0.00$115.00');
  // The charts load on their own and are hidden from screen readers, which read the tables.
  for (const kind of ['month', 'product', 'show', 'channel']) {
    const chart = await screen.findByTestId(`sales-chart-${kind}`);
    expect(chart.closest('[aria-hidden="true"]')).not.toBeNull();
  }
});

it('asks again for the period picked, and refuses one that ends before it starts', async () => {
  const stub = signedIn({ 'GET /api/admin/sales': answer });
  renderAdmin('/admin?tab=sales');
  await screen.findByText(/Net revenue \$123\.45/);
  // A date field gives whole dates (jsdom cannot type into one).
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2027-03-01' } });
  expect(await screen.findByText(/Net revenue \$246\.90/)).toBeInTheDocument();
  const asked = stub.requests.filter((r) => r.path === '/api/admin/sales').at(-1)!;
  expect(asked.query.get('from')).toBe('2027-03-01');
  expect(asked.query.get('to')).toBe('2027-12-31');
  expect(within(section('By month')).getAllByRole('row')).toHaveLength(11);
  expect(screen.queryByTestId('sales-test-orders')).toBeNull();

  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-02-01' } });
  expect(
    await screen.findByText('The period must start on or before its end.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'This year' }));
  expect(await screen.findByText(/Net revenue \$123\.45/)).toBeInTheDocument();
});

it('says why a period is refused, in the server’s words, and shows no figures meanwhile', async () => {
  signedIn({
    'GET /api/admin/sales': (req) =>
      req.query.get('from') === '2010-01-01'
        ? json(400, { statusCode: 400, message: 'The period can be at most 3700 days long.' })
        : answer(req),
  });
  renderAdmin('/admin?tab=sales');
  await screen.findByText(/Net revenue \$123\.45/);
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2010-01-01' } });
  expect(await screen.findByText('The period can be at most 3700 days long.')).toBeInTheDocument();
  expect(screen.queryByText(/Net revenue/)).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'This year' }));
  expect(await screen.findByText(/Net revenue \$123\.45/)).toBeInTheDocument();
  expect(screen.queryByText('The period can be at most 3700 days long.')).not.toBeInTheDocument();
});

it('downloads the CSV of the period on screen', async () => {
  const stub = signedIn({
    'GET /api/admin/sales': answer,
    'GET /api/admin/sales/export': {
      text: 'breakdown,name\r\n',
      headers: {
        'Content-Type': 'text/csv',
        'Content-Disposition': 'attachment; filename="sales-2027-05-01.csv"',
      },
    },
  });
  renderAdmin('/admin?tab=sales');
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  await screen.findByText(/Net revenue/);
  await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
  expect(await screen.findByText('Exported to CSV')).toBeInTheDocument();
  expect(screen.getByText('sales-2027-05-01.csv')).toBeInTheDocument();
  const exported = stub.requests.find((r) => r.path === '/api/admin/sales/export')!;
  expect(exported.query.toString()).toBe('from=2027-01-01&to=2027-12-31');
  expect(exported.credentials).toBe('include');
  expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('sales-2027-05-01.csv');
  click.mockRestore();
});
