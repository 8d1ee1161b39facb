import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShippingZone, ShippingZoneInput } from '@artist/contracts';
import { json, renderAdmin, signedIn } from '../../test/render.js';

const dialog = () => within(screen.getByRole('dialog'));

const US: ShippingZone = {
  id: 1,
  name: 'United States',
  countries: ['US'],
  rates: [
    {
      id: 1,
      name: 'Standard shipping',
      firstItemCents: 500,
      additionalItemCents: 0,
      freeOverCents: null,
      deliveryDays: null,
    },
  ],
};

it('lists the zones with their countries and rates, and adds one with two rates in cents', async () => {
  let zones = [US];
  const stub = signedIn({
    'GET /api/admin/shipping-zones': () => json(200, zones),
    'POST /api/admin/shipping-zones': (req) => {
      // As the server answers: the zone and each of its rates with an id.
      const body = req.body as ShippingZoneInput;
      const zone: ShippingZone = {
        id: 2,
        ...body,
        rates: body.rates.map((rate, i) => ({ ...rate, id: 10 + i })),
      };
      zones = [...zones, zone];
      return json(201, zone);
    },
  });
  renderAdmin('/admin?tab=shipping');
  const row = (await screen.findByRole('button', { name: 'United States' })).closest('tr')!;
  expect(row).toHaveTextContent('United States (US)');
  expect(row).toHaveTextContent('Standard shipping: $5.00 an order');

  await userEvent.click(screen.getByRole('button', { name: 'Add Zone' }));
  await userEvent.click(dialog().getByLabelText('Zone name'));
  await userEvent.paste('Europe');
  const countries = dialog().getByRole('combobox', { name: 'Countries' });
  // Countries are picked by name; the zone keeps their codes.
  await userEvent.type(countries, 'germ');
  await userEvent.click(await screen.findByTitle('Germany'));
  await userEvent.type(countries, 'France');
  await userEvent.click(await screen.findByTitle('France'));
  expect(dialog().getByText('Germany (DE)')).toBeInTheDocument();
  await userEvent.click(dialog().getByRole('button', { name: 'Add a rate' }));
  const names = dialog().getAllByLabelText('Name');
  await userEvent.click(names[1]!);
  await userEvent.paste('Express');
  const first = dialog().getAllByLabelText('First item');
  await userEvent.clear(first[1]!);
  await userEvent.type(first[1]!, '20');
  await userEvent.type(dialog().getAllByLabelText('Free at or above (optional)')[0]!, '100');
  await userEvent.type(dialog().getAllByLabelText('Delivery days (optional)')[0]!, '5-10');
  await userEvent.click(dialog().getByRole('button', { name: 'Add Zone' }));

  expect(await screen.findByText('Zone added')).toBeInTheDocument();
  expect(stub.requests.find((r) => r.method === 'POST')!.body).toEqual({
    name: 'Europe',
    countries: ['DE', 'FR'],
    rates: [
      {
        name: 'Standard',
        firstItemCents: 500,
        additionalItemCents: 0,
        freeOverCents: 10000,
        deliveryDays: '5-10',
      },
      {
        name: 'Express',
        firstItemCents: 2000,
        additionalItemCents: 0,
        freeOverCents: null,
        deliveryDays: null,
      },
    ],
  });
  expect(await screen.findByRole('button', { name: 'Europe' })).toBeInTheDocument();
});

it("shows the server's sentence when a country is already in another zone", async () => {
  signedIn({
    'GET /api/admin/shipping-zones': () => json(200, [US]),
    'PUT /api/admin/shipping-zones/1': () =>
      json(409, {
        statusCode: 409,
        message: 'Canada is already in the International zone; a country can be in one zone only.',
      }),
  });
  renderAdmin('/admin?tab=shipping');
  await userEvent.click(await screen.findByRole('button', { name: 'United States' }));
  await userEvent.type(dialog().getByRole('combobox', { name: 'Countries' }), 'Canada');
  await userEvent.click(await screen.findByTitle('Canada'));
  await userEvent.click(dialog().getByRole('button', { name: 'Save Changes' }));
  // The toast holds the sentence alone, not the status and the JSON of the answer.
  expect(
    await screen.findByText(
      'Canada is already in the International zone; a country can be in one zone only.',
    ),
  ).toBeInTheDocument();
  expect(screen.queryByText(/statusCode|409/)).toBeNull();
});
