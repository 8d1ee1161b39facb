import request from 'supertest';
import type { ShippingZone, ShippingZoneInput } from '@artist/contracts';
import { browser, loggedIn } from './utils/admin.js';
import {
  createCheckout,
  orders,
  postPayForm,
  shirt,
  stripeAppOfSuite,
  sessionOf,
} from './utils/checkout.js';
import { oneDatabase } from './utils/databases.js';
import { SAMPLE_BUYER } from './utils/stripe-stand-in.js';
import { testAppOfSuite, type TestApp } from './utils/test-app.js';

/** A zone of the tests: two rates, the first free from $100.00 and with a delivery estimate. */
const EUROPE: ShippingZoneInput = {
  name: 'Europe',
  countries: ['de', 'FR'],
  rates: [
    {
      name: 'Standard',
      firstItemCents: 800,
      additionalItemCents: 200,
      freeOverCents: 10000,
      deliveryDays: '5-10',
    },
    {
      name: 'Express',
      firstItemCents: 2000,
      additionalItemCents: 500,
      freeOverCents: null,
      deliveryDays: null,
    },
  ],
};

const GERMAN_BUYER = {
  ...SAMPLE_BUYER,
  address: { ...SAMPLE_BUYER.address, city: 'Berlin', state: null, country: 'DE' },
};

const quote = (t: TestApp, body: unknown) =>
  browser(t)
    .post('/api/shipping/quote')
    .send(body as object);

/** Removes every zone but the two the migration made. */
async function firstZonesOnly(t: TestApp) {
  const admin = await loggedIn(t);
  const { body } = await admin.get('/api/admin/shipping-zones').expect(200);
  for (const zone of body as ShippingZone[]) {
    if (zone.name !== 'United States' && zone.name !== 'International') {
      await admin.delete(`/api/admin/shipping-zones/${zone.id}`).expect(204);
    }
  }
  return admin;
}

describe.each(oneDatabase())('shipping zones and rates with Stripe on $name', (db) => {
  const s = stripeAppOfSuite(db);

  beforeEach(() => s.reset());

  it('starts with the two zones at the flat $5.00 checkout charged before', async () => {
    const admin = await firstZonesOnly(s.t);
    const { body } = await admin.get('/api/admin/shipping-zones').expect(200);
    const standard = {
      id: expect.any(Number),
      name: 'Standard shipping',
      firstItemCents: 500,
      additionalItemCents: 0,
      freeOverCents: null,
      deliveryDays: null,
    };
    expect(body).toEqual([
      { id: expect.any(Number), name: 'United States', countries: ['US'], rates: [standard] },
      {
        id: expect.any(Number),
        name: 'International',
        countries: ['AU', 'CA', 'GB', 'NZ'],
        rates: [standard],
      },
    ]);
    const res = await quote(s.t, { country: 'gb', items: [shirt('M', 3)] }).expect(200);
    expect(res.body).toEqual({
      rates: [
        {
          id: body[1].rates[0].id,
          name: 'Standard shipping',
          amountCents: 500,
          deliveryDays: null,
        },
      ],
    });
    const countries = await request(s.t.server).get('/api/shipping/countries').expect(200);
    expect(countries.body).toEqual({
      countries: ['AU', 'CA', 'GB', 'NZ', 'US'],
      shipsTo: 'Ships to the United States, Australia, Canada, the United Kingdom and New Zealand',
    });
  });

  it("says where the shop ships from the artist's zones, a large zone by its count", async () => {
    const admin = await firstZonesOnly(s.t);
    const zones = (await admin.get('/api/admin/shipping-zones').expect(200)).body as ShippingZone[];
    const international = zones.find((zone) => zone.name === 'International')!;
    const rates = international.rates.map(({ id: _id, ...rate }) => rate);
    await admin
      .put(`/api/admin/shipping-zones/${international.id}`)
      .send({ name: 'Canada', countries: ['CA'], rates })
      .expect(200);
    const europe = ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU'];
    europe.push('IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE');
    await admin
      .post('/api/admin/shipping-zones')
      .send({ name: 'Europe', countries: europe, rates })
      .expect(201);
    const { body } = await request(s.t.server).get('/api/shipping/countries').expect(200);
    expect(body.shipsTo).toBe('Ships to the United States, Canada and 27 countries in Europe');
    // The zones as the suite's other tests start from them (firstZonesOnly keeps these two).
    await admin
      .put(`/api/admin/shipping-zones/${international.id}`)
      .send({ name: 'International', countries: international.countries, rates })
      .expect(200);
  });

  it('keeps the zones to the admin', async () => {
    await request(s.t.server).get('/api/admin/shipping-zones').expect(401);
    await browser(s.t).post('/api/admin/shipping-zones').send(EUROPE).expect(401);
  });

  it('quotes each rate of the zone for the cart, free at or above its threshold', async () => {
    const admin = await firstZonesOnly(s.t);
    const created = await admin.post('/api/admin/shipping-zones').send(EUROPE).expect(201);
    const zone = created.body as ShippingZone;
    expect(zone).toMatchObject({ name: 'Europe', countries: ['DE', 'FR'] });
    const [standard, express] = zone.rates;

    // Two shirts ($50.00): first item plus one further item.
    const two = await quote(s.t, { country: 'DE', items: [shirt('M', 2)] }).expect(200);
    expect(two.body).toEqual({
      rates: [
        { id: standard.id, name: 'Standard', amountCents: 1000, deliveryDays: '5-10' },
        { id: express.id, name: 'Express', amountCents: 2500, deliveryDays: null },
      ],
    });
    // Four shirts ($100.00): Standard is free from $100.00; Express has no threshold.
    const four = await quote(s.t, { country: 'FR', items: [shirt('M', 2), shirt('L', 2)] }).expect(
      200,
    );
    expect(four.body.rates.map((r: { amountCents: number }) => r.amountCents)).toEqual([0, 3500]);
    // Just under the threshold it is charged.
    const three = await quote(s.t, { country: 'FR', items: [shirt('M', 3)] }).expect(200);
    expect(three.body.rates[0].amountCents).toBe(1200);
  });

  it('answers 422 with a sentence for a country no zone ships to, 400 for one that is not a code', async () => {
    const res = await quote(s.t, { country: 'JP', items: [shirt()] }).expect(422);
    expect(res.body.message).toBe('Sorry, we do not ship to Japan yet.');
    const bad = await quote(s.t, { country: 'Japan', items: [shirt()] }).expect(400);
    expect(bad.body.message).toBe('country must be a two-letter ISO code such as US or GB.');
    const checkout = await s.createCheckout({ items: [shirt()], country: 'JP' }).expect(422);
    expect(checkout.body.message).toBe('Sorry, we do not ship to Japan yet.');
    expect(s.stripe.creates()).toHaveLength(0);
  });

  it('refuses a country already in another zone with 409 naming that zone', async () => {
    const admin = await firstZonesOnly(s.t);
    const res = await admin
      .post('/api/admin/shipping-zones')
      .send({ ...EUROPE, countries: ['DE', 'GB'] })
      .expect(409);
    expect(res.body.message).toBe(
      'United Kingdom is already in the International zone; a country can be in one zone only.',
    );
    const { body } = await admin.get('/api/admin/shipping-zones').expect(200);
    expect(body).toHaveLength(2);
  });

  it('refuses a zone without rates, with four rates, or with a bad country, changing nothing', async () => {
    const admin = await firstZonesOnly(s.t);
    const rate = EUROPE.rates[0];
    for (const [body, message] of [
      [{ ...EUROPE, rates: [] }, 'A zone needs one to 3 rates.'],
      [{ ...EUROPE, rates: [rate, rate, rate, rate] }, 'A zone needs one to 3 rates.'],
      [
        { ...EUROPE, countries: ['Germany'] },
        'Countries must be two-letter ISO codes such as US or GB.',
      ],
      [
        { ...EUROPE, rates: [{ ...rate, deliveryDays: 'soon' }] },
        'Delivery days must be a number of days such as 7 or 3-5.',
      ],
      [
        { ...EUROPE, rates: [{ ...rate, firstItemCents: -1 }] },
        'The first item price must be a whole number of cents from 0.',
      ],
    ] as const) {
      const res = await admin.post('/api/admin/shipping-zones').send(body).expect(400);
      expect(res.body.message).toContain(message);
    }
    const { body } = await admin.get('/api/admin/shipping-zones').expect(200);
    expect(body).toHaveLength(2);
  });

  it('edits a zone keeping its rate ids, moves a country out of it, and deletes it', async () => {
    const admin = await firstZonesOnly(s.t);
    const zone = (await admin.post('/api/admin/shipping-zones').send(EUROPE).expect(201))
      .body as ShippingZone;
    const [standard] = zone.rates;
    const edited = await admin
      .put(`/api/admin/shipping-zones/${zone.id}`)
      .send({
        name: 'Europe (EU)',
        countries: ['DE'],
        rates: [{ ...EUROPE.rates[0], id: standard.id, firstItemCents: 900 }],
      })
      .expect(200);
    expect(edited.body).toEqual({
      id: zone.id,
      name: 'Europe (EU)',
      countries: ['DE'],
      rates: [{ ...EUROPE.rates[0], id: standard.id, firstItemCents: 900 }],
    });
    // FR is free again for another zone; a zone may keep its own countries when saved.
    await admin
      .post('/api/admin/shipping-zones')
      .send({ ...EUROPE, name: 'France', countries: ['FR'] })
      .expect(201);
    await admin.put('/api/admin/shipping-zones/999999').send(EUROPE).expect(404);
    await admin.delete(`/api/admin/shipping-zones/${zone.id}`).expect(204);
    await admin.delete(`/api/admin/shipping-zones/${zone.id}`).expect(404);
    await quote(s.t, { country: 'DE', items: [shirt()] }).expect(422);
  });

  it("sends Stripe the zone's countries and its rates for this cart, the chosen one first", async () => {
    const admin = await firstZonesOnly(s.t);
    const zone = (await admin.post('/api/admin/shipping-zones').send(EUROPE).expect(201))
      .body as ShippingZone;
    const [standard, express] = zone.rates;
    await s
      .createCheckout({
        items: [shirt('M', 2)],
        country: 'de',
        shippingRateId: express.id,
      })
      .expect(200);
    const [create] = s.stripe.creates();
    expect(create.body.shipping_address_collection).toEqual({ allowed_countries: ['DE', 'FR'] });
    expect(create.body.shipping_options).toEqual([
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: 'Express',
          fixed_amount: { amount: '2500', currency: 'usd' },
        },
      },
      {
        shipping_rate_data: {
          type: 'fixed_amount',
          display_name: 'Standard',
          fixed_amount: { amount: '1000', currency: 'usd' },
          delivery_estimate: {
            minimum: { unit: 'business_day', value: '5' },
            maximum: { unit: 'business_day', value: '10' },
          },
        },
      },
    ]);
    // A rate of another zone is not offered for Germany.
    const usRate = (await admin.get('/api/admin/shipping-zones').expect(200)).body[0].rates[0];
    const res = await s
      .createCheckout({
        items: [shirt()],
        country: 'DE',
        shippingRateId: usRate.id,
      })
      .expect(422);
    expect(res.body.message).toBe('That shipping rate is not offered for Germany; choose another.');
    expect(s.stripe.creates()).toHaveLength(1);
    void standard;
  });

  it('records the rate and shipping paid from the webhook and from the success return', async () => {
    const admin = await firstZonesOnly(s.t);
    await admin.post('/api/admin/shipping-zones').send(EUROPE).expect(201);
    // Chosen in the cart: Standard; on Stripe's page the buyer switches to Express.
    const first = sessionOf(
      await s.createCheckout({ items: [shirt('M', 2)], country: 'DE' }).expect(200),
    );
    const second = sessionOf(
      await s.createCheckout({ items: [shirt('L', 1)], country: 'FR' }).expect(200),
    );
    const paid = s.stripe.pay(first, GERMAN_BUYER, 'paid', 1);
    await s.deliver('checkout.session.completed', paid).expect(200);
    s.stripe.pay(second, { ...GERMAN_BUYER, address: { ...GERMAN_BUYER.address, country: 'FR' } });
    await s.sessionStatus(second).expect(200);
    const [byWebhook, byReturn] = await s.orders();
    expect(byWebhook).toMatchObject({
      stripeSessionId: first,
      shippingRateName: 'Express',
      shippingAmount: 2500,
      total: 5000 + 2500,
    });
    expect(byReturn).toMatchObject({
      stripeSessionId: second,
      shippingRateName: 'Standard',
      shippingAmount: 800,
      total: 2500 + 800,
    });
    const receipt = await s.sessionStatus(first).expect(200);
    expect(receipt.body.order).toMatchObject({ subtotal: 5000, shipping: 2500, total: 7500 });
  });

  it('leaves the buyer no way to pay a US rate for an address elsewhere', async () => {
    // Stripe would refuse an address outside allowed_countries: the stand-in does too.
    const id = sessionOf(await s.createCheckout({ items: [shirt()] }).expect(200));
    expect(() => s.stripe.pay(id, GERMAN_BUYER)).toThrow(/would not take an address in DE/);
  });
});

describe.each(oneDatabase())('shipping zones with the test payment provider on $name', (db) => {
  const t = testAppOfSuite(db);

  it("charges the chosen rate and ships only to the zone's countries", async () => {
    const admin = await firstZonesOnly(t);
    const zone = (await admin.post('/api/admin/shipping-zones').send(EUROPE).expect(201))
      .body as ShippingZone;
    const res = await createCheckout(t, {
      items: [shirt('M', 2)],
      country: 'FR',
      shippingRateId: zone.rates[1].id,
    }).expect(200);
    const path = new URL(res.body.url as string).pathname;
    const page = await request(t.server).get(path).expect(200);
    expect(page.text).toContain('Shipping (Express)');
    expect(page.text).toContain('$25.00');
    expect(page.text).toContain('$75.00');
    expect(page.text).toContain('<option value="FR" selected>France</option>');
    expect(page.text).toContain('<option value="DE">Germany</option>');
    expect(page.text).not.toContain('<option value="US"');

    const form = {
      name: 'Ana Buyer',
      email: 'ana@example.com',
      line1: '1 Rue de la Paix',
      city: 'Paris',
      postal_code: '75002',
      country: 'US',
    };
    const post = () => postPayForm(t, path);
    const refused = await post().send(form).expect(400);
    expect(refused.body.message).toBe(
      'This order ships only to Germany, France; go back to the cart to choose another country.',
    );
    await post()
      .send({ ...form, country: 'FR' })
      .expect(303);
    const [order] = await orders(t);
    expect(order).toMatchObject({
      shippingRateName: 'Express',
      shippingAmount: 2500,
      total: 7500,
      testMode: true,
    });
  });
});
