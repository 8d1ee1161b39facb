import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { LINE_EXPORT_ORDERS } from '../src/modules/orders/line-export.js';
import { OrderLine } from '../src/modules/orders/order-line.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { loggedIn } from './utils/admin.js';
import { csvRecords } from './utils/csv.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

const address = JSON.stringify({
  line1: '1 Music Row',
  city: 'Nashville',
  state: 'TN',
  postal_code: '37203',
  country: 'US',
});

/** `address` as an order's answer gives it. */
const ADDRESS = {
  name: null,
  line1: '1 Music Row',
  line2: null,
  city: 'Nashville',
  state: 'TN',
  postalCode: '37203',
  country: 'US',
  phone: null,
};

const online = (fields: Record<string, unknown> = {}) => ({
  salesChannel: 'online',
  customerName: 'Loretta Lynn',
  email: 'Loretta@Example.com',
  lineItems: [
    { product_name: 'T-Shirt - M', quantity: 2, price: 2500 },
    { product_name: 'Trucker Hat', quantity: 1, price: 2500 },
  ],
  total: 8000,
  shippingAddress: address,
  paymentMethod: 'venmo',
  notes: '',
  paymentStatus: 'paid',
  fulfillmentStatus: 'pending',
  ...fields,
});

const inPerson = (fields: Record<string, unknown> = {}) => ({
  salesChannel: 'in-person',
  customerName: '',
  email: '',
  showLocation: 'Ryman Auditorium',
  lineItems: [{ product_name: 'T-Shirt - L', quantity: 1, price: 2000 }],
  total: 2000,
  paymentMethod: 'cash',
  ...fields,
});
/** An in-person order of one line, a hat at $1.00 each, with `fields` changed. */
const withHatLine = (fields: Record<string, unknown>) =>
  inPerson({ lineItems: [{ product_name: 'Hat', quantity: 1, price: 100, ...fields }] });

describe.each(testDatabases())('orders on $name', (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;
  let sequence = 0;
  const sessionId = () => `manual_${Date.now()}${sequence++}`;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  const manual = (body: Record<string, unknown>) =>
    admin.post('/api/admin/orders/manual').send({ stripeSessionId: sessionId(), ...body });

  it('creates an online manual order pending, with the total including 500 cents shipping', async () => {
    const res = await manual(online()).expect(201);
    expect(res.body).toMatchObject({
      salesChannel: 'online',
      customerName: 'Loretta Lynn',
      email: 'loretta@example.com',
      total: 8000,
      paymentStatus: 'paid',
      paymentMethod: 'venmo',
      fulfillmentStatus: 'pending',
      fulfilledAt: null,
      shippingAddress: ADDRESS,
      notes: null,
      stripeSessionId: expect.stringMatching(/^manual_/),
    });
    expect(res.body.lineItems).toEqual([
      { product_name: 'Wren Calloway T-Shirt - M', quantity: 2, price: 2500 },
      { product_name: 'Trucker Hat', quantity: 1, price: 2500 },
    ]);
    // Each line names its catalogue product and size by id.
    expect(res.body.lines).toEqual([
      {
        id: expect.any(Number),
        productId: 'tshirt',
        productName: 'Wren Calloway T-Shirt',
        size: 'M',
        kind: 'physical',
        quantity: 2,
        unitPriceCents: 2500,
        discountCents: 0,
        taxCents: 0,
        refundedQuantity: 0,
        shippedQuantity: 0,
      },
      {
        id: expect.any(Number),
        productId: 'hat',
        productName: 'Trucker Hat',
        size: null,
        kind: 'physical',
        quantity: 1,
        unitPriceCents: 2500,
        discountCents: 0,
        taxCents: 0,
        refundedQuantity: 0,
        shippedQuantity: 0,
      },
    ]);
  });

  it("names catalogue products as checkout does, and keeps other products' names", async () => {
    const lineItems = [
      { product_name: 'T-Shirt - XL', quantity: 1, price: 2500 },
      { product_name: 'Wren Calloway T-Shirt - S', quantity: 1, price: 2500 },
      { product_name: 'Sticker Pack', quantity: 2, price: 500 },
    ];
    const res = await manual(inPerson({ lineItems, total: 6000 })).expect(201);
    expect(res.body.lineItems.map((i: { product_name: string }) => i.product_name)).toEqual([
      'Wren Calloway T-Shirt - XL',
      'Wren Calloway T-Shirt - S',
      'Sticker Pack',
    ]);
  });

  it('creates an in-person order fulfilled, as a Walk-up Customer with the placeholder email, no shipping', async () => {
    const res = await manual(inPerson()).expect(201);
    expect(res.body).toMatchObject({
      salesChannel: 'in-person',
      customerName: 'Walk-up Customer',
      email: 'walkup@merch-table.invalid',
      showLocation: 'Ryman Auditorium',
      total: 2000,
      fulfillmentStatus: 'fulfilled',
      paymentMethod: 'cash',
      shippingAddress: null,
    });
    expect(Math.abs(Date.parse(res.body.fulfilledAt) - Date.now())).toBeLessThan(60_000);
  });

  it('defaults the payment method to cash and generates a session id when none is sent', async () => {
    const body = inPerson();
    delete (body as Partial<typeof body>).paymentMethod;
    const res = await admin.post('/api/admin/orders/manual').send(body).expect(201);
    expect(res.body.paymentMethod).toBe('cash');
    expect(res.body.stripeSessionId).toMatch(/^manual_\d+_[0-9a-f]+$/);
  });

  it.each(['{}', '', 'not json'])(
    'records an in-person order whose address is %j with no address',
    async (shippingAddress) => {
      const res = await manual(inPerson({ shippingAddress })).expect(201);
      expect(res.body.shippingAddress).toBeNull();
    },
  );

  it('keeps a readable address sent with an in-person order', async () => {
    const res = await manual(inPerson({ shippingAddress: address })).expect(201);
    expect(res.body.shippingAddress).toEqual(ADDRESS);
  });

  it('accepts a free line (price 0)', async () => {
    const res = await manual(
      inPerson({ lineItems: [{ product_name: 'Sticker Pack', quantity: 3, price: 0 }], total: 0 }),
    ).expect(201);
    expect(res.body.total).toBe(0);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no lines', inPerson({ lineItems: [] }), 'Please add at least one product.'],
    ['lines not a list', inPerson({ lineItems: 'tshirt' }), 'Please add at least one product.'],
    [
      'a line that is not an object',
      inPerson({ lineItems: ['tshirt'] }),
      'Each product line needs product_name, quantity and price',
    ],
    ['quantity 0', withHatLine({ quantity: 0 }), 'Quantity must be a whole number of at least 1'],
    [
      'quantity 1.5',
      withHatLine({ quantity: 1.5 }),
      'Quantity must be a whole number of at least 1',
    ],
    [
      'quantity as text',
      withHatLine({ quantity: '2' }),
      'Quantity must be a whole number of at least 1',
    ],
    [
      'a negative price',
      withHatLine({ price: -1 }),
      'Price must be a whole number of cents, 0 or more',
    ],
    [
      'a price in dollars',
      withHatLine({ price: 19.99 }),
      'Price must be a whole number of cents, 0 or more',
    ],
    [
      'a blank product name',
      inPerson({ lineItems: [{ product_name: ' ', quantity: 1, price: 1 }] }),
      'Required',
    ],
    [
      'an unknown payment method',
      inPerson({ paymentMethod: 'bitcoin' }),
      'Payment method must be one of cash, venmo, zelle, card, other',
    ],
    [
      'an unknown channel',
      inPerson({ salesChannel: 'mail' }),
      'Sales channel must be online or in-person',
    ],
    ['in person without a location', inPerson({ showLocation: '' }), 'Required'],
    ['online without a name', online({ customerName: '' }), 'Required'],
    ['online without an email', online({ email: '' }), 'Please enter a valid email address'],
    ['online with a bad email', online({ email: 'nope' }), 'Please enter a valid email address'],
    [
      'online without an address',
      online({ shippingAddress: '' }),
      'Shipping address is required for online orders',
    ],
    [
      'online with an empty address',
      online({ shippingAddress: '{}' }),
      'Shipping address is required for online orders',
    ],
    [
      'online with a non-JSON address',
      online({ shippingAddress: '1 Music Row' }),
      'Shipping address is required for online orders',
    ],
    [
      'an address that is not text',
      inPerson({ shippingAddress: { line1: 'x' } }),
      'Shipping address must be JSON text',
    ],
    [
      'a total that does not add up',
      online({ total: 7500 }),
      'Total must be the line items plus shipping: 8000 cents, not 7500',
    ],
    [
      'a payment status other than paid',
      online({ paymentStatus: 'unpaid' }),
      "Payment status of a manual order must be 'paid'",
    ],
    [
      'a foreign session id',
      online({ stripeSessionId: 'cs_live_123' }),
      'stripeSessionId must be manual_ followed by a timestamp',
    ],
    ['an unknown field', online({ discount: 5 }), 'property discount should not exist'],
  ])('refuses %s with 400 and stores nothing', async (_case, body, message) => {
    const before = await t.app.get(DataSource).getRepository(Order).count();
    const res = await manual(body).expect(400);
    expect(res.body.message).toBe(message);
    expect(await t.app.get(DataSource).getRepository(Order).count()).toBe(before);
  });

  it('refuses a second order with the same payment session id (409)', async () => {
    const id = sessionId();
    await manual(inPerson({ stripeSessionId: id })).expect(201);
    const res = await manual(inPerson({ stripeSessionId: id })).expect(409);
    expect(res.body.message).toBe('An order with this payment session id already exists.');
  });

  describe('updates', () => {
    let id: number;

    beforeEach(async () => {
      id = (await manual(online()).expect(201)).body.id;
    });

    it('saves tracking and notes without changing the status', async () => {
      const res = await admin
        .put(`/api/admin/orders/${id}`)
        .send({ trackingNumber: '1Z999', notes: 'gift wrap' })
        .expect(200);
      expect(res.body).toMatchObject({
        fulfillmentStatus: 'pending',
        fulfilledAt: null,
        trackingNumber: '1Z999',
        notes: 'gift wrap',
      });
      const cleared = await admin
        .put(`/api/admin/orders/${id}`)
        .send({ trackingNumber: null, notes: null })
        .expect(200);
      expect(cleared.body).toMatchObject({ trackingNumber: null, notes: null });
    });

    it('fulfils: status, fulfilledAt from epoch ms, tracking and notes', async () => {
      const at = Date.parse('2027-03-14T18:30:00.000Z');
      const res = await admin
        .put(`/api/admin/orders/${id}`)
        .send({
          fulfillmentStatus: 'fulfilled',
          fulfilledAt: at,
          trackingNumber: '1Z1',
          notes: null,
        })
        .expect(200);
      expect(res.body).toMatchObject({
        fulfillmentStatus: 'fulfilled',
        fulfilledAt: '2027-03-14T18:30:00.000Z',
        trackingNumber: '1Z1',
        notes: null,
      });
      const saved = await admin
        .put(`/api/admin/orders/${id}`)
        .send({ trackingNumber: '1Z2', notes: 'resent' })
        .expect(200);
      expect(saved.body).toMatchObject({
        fulfillmentStatus: 'fulfilled',
        fulfilledAt: '2027-03-14T18:30:00.000Z',
        trackingNumber: '1Z2',
      });
    });

    it.each([
      [{ fulfillmentStatus: 'shipped' }, "fulfillmentStatus can only be set to 'fulfilled'"],
      [{ fulfilledAt: 1 }, "fulfilledAt can only be sent with fulfillmentStatus 'fulfilled'"],
      [
        { fulfillmentStatus: 'fulfilled', fulfilledAt: 'today' },
        'fulfilledAt must be a time in epoch milliseconds',
      ],
      [{ trackingNumber: 42 }, 'Tracking number must be text'],
      [{ total: 1 }, 'property total should not exist'],
    ])('refuses %j', async (body, message) => {
      const res = await admin.put(`/api/admin/orders/${id}`).send(body).expect(400);
      expect(res.body.message).toBe(message);
    });

    it('answers 404 for an unknown order', async () => {
      const res = await admin.put('/api/admin/orders/999999').send({ notes: 'x' }).expect(404);
      expect(res.body.message).toBe('Order not found.');
    });
  });

  describe('list and export', () => {
    beforeAll(async () => {
      await manual(
        online({
          customerName: '=cmd|calc',
          email: 'dolly@example.com',
          notes: '@SUM(A1)',
          lineItems: [{ product_name: 'T-Shirt - S, "Pink"', quantity: 1, price: 2500 }],
          total: 3000,
        }),
      ).expect(201);
    });

    it('lists newest first, filtered by status and search', async () => {
      const all = (await admin.get('/api/admin/orders').expect(200)).body.rows as { id: number }[];
      expect(all.length).toBeGreaterThan(3);
      expect(all.map((o) => o.id)).toEqual([...all.map((o) => o.id)].sort((a, b) => b - a));
      const fulfilled = (await admin.get('/api/admin/orders?status=fulfilled').expect(200)).body
        .rows;
      expect(
        fulfilled.every((o: { fulfillmentStatus: string }) => o.fulfillmentStatus === 'fulfilled'),
      ).toBe(true);
      const found = (await admin.get('/api/admin/orders?search=DOLLY').expect(200)).body.rows;
      expect(found).toHaveLength(1);
    });

    it('exports CSV with dollars, readable addresses and neutralised formulas', async () => {
      const res = await admin.get('/api/admin/orders/export?search=dolly').expect(200);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(
        res.text.startsWith(
          '\uFEFFid,createdAt,customerName,email,products,subtotal,shipping,total',
        ),
      ).toBe(true);
      const rows = csvRecords(res.text);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        customerName: "'=cmd|calc",
        email: 'dolly@example.com',
        products: '1x T-Shirt - S, "Pink"',
        subtotal: '25.00',
        shipping: '5.00',
        total: '30.00',
        notes: "'@SUM(A1)",
        shippingAddress: '1 Music Row, Nashville, TN 37203, US',
        shipToName: "'=cmd|calc",
        addressLine1: '1 Music Row',
        addressLine2: '',
        city: 'Nashville',
        state: 'TN',
        postalCode: '37203',
        country: 'US',
        fulfillmentStatus: 'pending',
      });
    });

    it('exports one row per line with ?lines=true, its cells neutralised as in every export', async () => {
      await manual(
        online({
          customerName: 'June Carter',
          email: 'june.lines@example.com',
          lineItems: [
            { product_name: 'T-Shirt - M', quantity: 2, price: 2500 },
            { product_name: '=HYPERLINK("x")', quantity: 1, price: 1000 },
          ],
          total: 6500,
        }),
      ).expect(201);
      const res = await admin
        .get('/api/admin/orders/export?lines=true&search=june.lines')
        .expect(200);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="orders-lines-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const rows = csvRecords(res.text);
      const [order] = (await admin.get('/api/admin/orders?search=june.lines').expect(200)).body
        .rows;
      expect(rows).toEqual([
        {
          orderId: String(order.id),
          createdAt: order.createdAt,
          customerName: 'June Carter',
          email: 'june.lines@example.com',
          lineId: String(order.lines[0].id),
          productId: 'tshirt',
          productName: 'Wren Calloway T-Shirt',
          size: 'M',
          kind: 'physical',
          quantity: '2',
          unitPrice: '25.00',
          discount: '0.00',
          tax: '0.00',
          refundedQuantity: '0',
        },
        expect.objectContaining({
          orderId: String(order.id),
          lineId: String(order.lines[1].id),
          productId: '',
          productName: `'=HYPERLINK("x")`,
          quantity: '1',
          unitPrice: '10.00',
        }),
      ]);
      // The one-row-per-order export stays as it was.
      const byOrder = csvRecords(
        (await admin.get('/api/admin/orders/export?lines=false&search=june.lines').expect(200))
          .text,
      );
      expect(byOrder).toEqual([
        expect.objectContaining({ products: '2x Wren Calloway T-Shirt - M; 1x =HYPERLINK("x")' }),
      ]);
      const bad = await admin.get('/api/admin/orders/export?lines=yes').expect(400);
      expect(JSON.stringify(bad.body.message)).toContain('lines must be true or false');
    });

    it('exports every line of more orders than one page reads, each once, by order and line', async () => {
      // Orders with one or two lines each, written as the volume seeder does, across the pages.
      const manager = t.app.get(DataSource).manager;
      const count = LINE_EXPORT_ORDERS + 3;
      const stamp = sessionId();
      const orders: Partial<Order>[] = Array.from({ length: count }, (_, i) => ({
        email: `paged${i}@lines.example.com`,
        customerName: `Paged ${i}`,
        total: 1000,
        stripeSessionId: `${stamp}_${i}`,
        paymentStatus: 'paid',
      }));
      const ids: number[] = [];
      for (let i = 0; i < count; i += 500) {
        const { identifiers } = await manager.insert(Order, orders.slice(i, i + 500));
        ids.push(...identifiers.map((row) => Number(row.id)));
      }
      const lines = ids.flatMap((orderId, i) =>
        Array.from({ length: 1 + (i % 2) }, (_, n) => ({
          orderId,
          productName: `Paged line ${n}`,
          kind: 'physical' as const,
          quantity: 1,
          unitPriceCents: 500,
        })),
      );
      for (let i = 0; i < lines.length; i += 500)
        await manager.insert(OrderLine, lines.slice(i, i + 500));

      const res = await admin.get('/api/admin/orders/export?lines=true').expect(200);
      const rows = csvRecords(res.text);
      const keys = rows.map((row) => [Number(row.orderId), Number(row.lineId)]);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(keys).toEqual(sorted);
      expect(new Set(rows.map((row) => row.lineId)).size).toBe(rows.length);
      const paged = rows.filter((row) => row.email.endsWith('@lines.example.com'));
      expect(paged).toHaveLength(lines.length);
      expect(new Set(paged.map((row) => Number(row.orderId)))).toEqual(new Set(ids));
      expect(
        paged.find((row) => row.email === `paged${count - 1}@lines.example.com`),
      ).toMatchObject({
        customerName: `Paged ${count - 1}`,
        productName: `Paged line 0`,
        unitPrice: '5.00',
      });
    });

    it('exports only the pending orders when asked', async () => {
      const res = await admin.get('/api/admin/orders/export?status=pending').expect(200);
      const rows = csvRecords(res.text);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.fulfillmentStatus === 'pending')).toBe(true);
    });
  });
});
