import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type {
  AdminProduct,
  ListPage,
  Order,
  OrderShipment,
  ShipmentResult,
} from '@artist/contracts';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import {
  OrderShipmentLineRecord,
  OrderShipmentRecord,
} from '../src/modules/orders/shipment.entity.js';
import { loggedIn } from './utils/admin.js';
import { shirt, startStripeApp, stripeShop } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';
import { mailingOfSuite } from './utils/mailing.js';
import { eventually, MAIL_WAIT_MS } from './utils/smtp.js';
import { SAMPLE_BUYER } from './utils/stripe-stand-in.js';

// Shipments race for an order's lines under a row lock and a conditional UPDATE, whose SQL
// differs between the dialects: both databases.
describe.each(testDatabases())('shipping part of an order on $name', (db) => {
  const { smtp, app } = mailingOfSuite((url) =>
    startStripeApp(db, { SMTP_URL: url, CHECKOUT_RATE_LIMIT: '1000' }),
  );
  const s = stripeShop(app);
  let admin: TestAgent;
  let poster: AdminProduct;

  beforeAll(async () => {
    admin = await loggedIn(s.t);
    poster = (
      await admin
        .post('/api/admin/products')
        .send({
          name: 'Tour Poster',
          description: '',
          priceInCents: 1500,
          image: null,
          sizes: [],
          preOrderUntil: '2099-03-01',
        })
        .expect(201)
    ).body as AdminProduct;
  });

  beforeEach(async () => {
    await s.reset();
    const dataSource = s.t.app.get(DataSource);
    await dataSource.getRepository(OrderShipmentRecord).clear();
    await dataSource.getRepository(OrderShipmentLineRecord).clear();
    // Order ids start again from 1 after a clear: their emails' keys would be taken.
    await dataSource.getRepository(OutboxEmail).clear();
    smtp.received.length = 0;
  });

  /** A paid online order of `items`; answers it as the admin lists it, its emails sent. */
  async function paidOrder(items: object[]): Promise<Order> {
    await s.createCheckout({ items }).expect(200);
    const record = (await s.checkoutSessions()).find((r) => r.status === 'open')!;
    await s.deliver('checkout.session.completed', s.stripe.pay(record.sessionId)).expect(200);
    await eventually(() => smtp.received.length >= 1, MAIL_WAIT_MS, 'the confirmation');
    const order = await adminOrder((await s.orders())[0]!.id);
    smtp.received.length = 0;
    return order;
  }

  const adminOrder = async (id: number, status = 'all') =>
    (
      (await admin.get(`/api/admin/orders?status=${status}`).expect(200)).body as ListPage<
        Order,
        string
      >
    ).rows.find((o) => o.id === id)!;
  const lineId = (order: Order, name: string) =>
    order.lines.find((l) => `${l.productName}${l.size ? ` - ${l.size}` : ''}` === name)!.id;
  const ship = (id: number, body: object) =>
    admin.post(`/api/admin/orders/${id}/shipments`).send(body);
  const shipmentRows = () => s.t.app.get(DataSource).getRepository(OrderShipmentRecord).count();
  const shippedEmails = () =>
    s.t.app.get(DataSource).getRepository(OutboxEmail).countBy({ kind: 'order-shipped' });

  it('ships the lines in hand at once and the pre-order later, each parcel with its own email', async () => {
    const order = await paidOrder([
      shirt('M', 2),
      shirt('XL', 1),
      { productId: poster.id, quantity: 1 },
    ]);
    const m = lineId(order, 'Wren Calloway T-Shirt - M');
    const xl = lineId(order, 'Wren Calloway T-Shirt - XL');
    const pre = lineId(order, 'Tour Poster');
    expect(order.lines.find((l) => l.id === pre)!.kind).toBe('pre-order');

    const first = await ship(order.id, {
      lines: [
        { lineId: m, quantity: 1 },
        { lineId: xl, quantity: 1 },
      ],
      trackingNumber: '1Z999AA10123456784',
    }).expect(201);
    expect(first.body).toMatchObject({
      orderId: order.id,
      fulfillmentStatus: 'partially_fulfilled',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      lines: [
        { lineId: m, productName: 'Wren Calloway T-Shirt - M', quantity: 1 },
        { lineId: xl, productName: 'Wren Calloway T-Shirt - XL', quantity: 1 },
      ],
    } satisfies Partial<ShipmentResult>);
    await eventually(() => smtp.received.length === 1, MAIL_WAIT_MS, 'the first shipped email');
    const [parcel] = smtp.received;
    expect(parcel.rcptTo).toEqual([SAMPLE_BUYER.email]);
    expect(parcel.parsed.subject).toBe(`Your order #${order.id} is on its way`);
    expect(parcel.parsed.text).toContain(
      '1 x Wren Calloway T-Shirt - M\n1 x Wren Calloway T-Shirt - XL',
    );
    expect(parcel.parsed.text).not.toContain('Tour Poster');
    expect(parcel.parsed.text).toContain(
      'Track it: https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );

    const partly = await adminOrder(order.id);
    expect(partly.fulfillmentStatus).toBe('partially_fulfilled');
    expect(partly.fulfilledAt).toBeNull();
    expect(partly.lines.map((l) => [l.id, l.shippedQuantity])).toEqual([
      [m, 1],
      [xl, 1],
      [pre, 0],
    ]);
    // Still to ship, and under its own filter.
    expect(await adminOrder(order.id, 'pending')).toBeDefined();
    expect(await adminOrder(order.id, 'partially_fulfilled')).toBeDefined();
    expect(await adminOrder(order.id, 'fulfilled')).toBeUndefined();

    // The pre-order is ready: it ships with the last shirt, by a carrier she names.
    const rest = await ship(order.id, {
      lines: [
        { lineId: pre, quantity: 1 },
        { lineId: m, quantity: 1 },
      ],
      trackingNumber: ' PX-2231 ',
      carrier: 'Pony Express',
    }).expect(201);
    expect(rest.body).toMatchObject({
      fulfillmentStatus: 'fulfilled',
      trackingNumber: 'PX-2231',
      carrier: 'Pony Express',
      trackingUrl: null,
    });
    await eventually(() => smtp.received.length === 2, MAIL_WAIT_MS, 'the second shipped email');
    const second = smtp.received[1]!;
    expect(second.parsed.text).toContain('on its way with Pony Express');
    expect(second.parsed.text).toContain('1 x Tour Poster\n1 x Wren Calloway T-Shirt - M');
    expect(second.parsed.text).not.toContain('XL');
    expect(second.parsed.text).not.toContain('Track it:');

    const done = await adminOrder(order.id);
    expect(done.fulfillmentStatus).toBe('fulfilled');
    expect(done.fulfilledAt).toEqual(expect.any(String));
    expect(done.trackingNumber).toBe('PX-2231');
    const list = (await admin.get(`/api/admin/orders/${order.id}/shipments`).expect(200))
      .body as OrderShipment[];
    expect(list.map((x) => [x.trackingNumber, x.lines.map((l) => l.quantity)])).toEqual([
      ['1Z999AA10123456784', [1, 1]],
      ['PX-2231', [1, 1]],
    ]);

    // Nothing is left: one more is refused.
    const more = await ship(order.id, {
      lines: [{ lineId: xl, quantity: 1 }],
      trackingNumber: '1Z999AA10123456785',
    }).expect(409);
    expect(more.body.message).toBe('All of the Wren Calloway T-Shirt - XL have shipped already.');
  });

  it('refuses bad shipments with a sentence and changes nothing', async () => {
    const order = await paidOrder([shirt('M', 2)]);
    const m = lineId(order, 'Wren Calloway T-Shirt - M');
    const cases: [object, number, string][] = [
      [
        { lines: [], trackingNumber: 'A1' },
        400,
        'lines must list at least one { lineId, quantity } of the order.',
      ],
      [
        { lines: [{ lineId: m, quantity: 1 }] },
        400,
        'A shipment needs its trackingNumber (at most 100 characters).',
      ],
      [
        { lines: [{ lineId: m, quantity: 1 }], trackingNumber: '   ' },
        400,
        'A shipment needs its trackingNumber (at most 100 characters).',
      ],
      [
        { lines: [{ lineId: m, quantity: 0 }], trackingNumber: 'A1' },
        400,
        'Each line needs quantity, a whole number from 1.',
      ],
      [
        { lines: [{ lineId: 'first', quantity: 1 }], trackingNumber: 'A1' },
        400,
        'Each line needs lineId, the id of one of the order’s lines.',
      ],
      [
        { lines: [{ lineId: m + 1000, quantity: 1 }], trackingNumber: 'A1' },
        400,
        `Line ${m + 1000} is not a line of order #${order.id}.`,
      ],
      [
        {
          lines: [
            { lineId: m, quantity: 1 },
            { lineId: m, quantity: 1 },
          ],
          trackingNumber: 'A1',
        },
        400,
        `lines lists line ${m} twice: list each line once.`,
      ],
      [
        { lines: [{ lineId: m, quantity: 3 }], trackingNumber: 'A1' },
        409,
        'Only 2 of the Wren Calloway T-Shirt - M are left to ship.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await ship(order.id, body).expect(status);
      expect([JSON.stringify(body), res.body.message]).toEqual([JSON.stringify(body), message]);
    }
    await ship(order.id + 1000, {
      lines: [{ lineId: m, quantity: 1 }],
      trackingNumber: 'A1',
    }).expect(404);
    expect(await shipmentRows()).toBe(0);
    expect(await shippedEmails()).toBe(0);
    const after = await adminOrder(order.id);
    expect(after.fulfillmentStatus).toBe('pending');
    expect(after.lines[0]!.shippedQuantity).toBe(0);
  });

  it('never ships a unit twice when shipments race for the same line', async () => {
    const order = await paidOrder([shirt('M', 2), shirt('L', 1)]);
    const m = lineId(order, 'Wren Calloway T-Shirt - M');
    const l = lineId(order, 'Wren Calloway T-Shirt - L');
    // Three parcels of one M each, sent at once, for the two Ms.
    const raced = await Promise.all(
      ['1Z999AA10000000001', '1Z999AA10000000002', '1Z999AA10000000003'].map((trackingNumber) =>
        ship(order.id, { lines: [{ lineId: m, quantity: 1 }], trackingNumber }),
      ),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    expect(raced.find((r) => r.status === 409)!.body.message).toBe(
      'All of the Wren Calloway T-Shirt - M have shipped already.',
    );
    // Two parcels at once, each with the last L: one ships it.
    const last = await Promise.all(
      ['1Z999AA10000000004', '1Z999AA10000000005'].map((trackingNumber) =>
        ship(order.id, { lines: [{ lineId: l, quantity: 1 }], trackingNumber }),
      ),
    );
    expect(last.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(last.find((r) => r.status === 201)!.body.fulfillmentStatus).toBe('fulfilled');

    const after = await adminOrder(order.id);
    expect(after.lines.map((x) => [x.id, x.shippedQuantity])).toEqual([
      [m, 2],
      [l, 1],
    ]);
    expect(after.fulfillmentStatus).toBe('fulfilled');
    expect(await shipmentRows()).toBe(3);
    expect(await shippedEmails()).toBe(3);
  });
});
