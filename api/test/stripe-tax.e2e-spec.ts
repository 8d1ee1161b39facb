import { DataSource } from 'typeorm';
import type { Order as OrderView, SalesReport } from '@artist/contracts';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { loggedIn, putProduct } from './utils/admin.js';
import { shirt, stripeAppOfSuite, sessionOf } from './utils/checkout.js';
import { csvRecords } from './utils/csv.js';
import { oneDatabase } from './utils/databases.js';

describe.each(oneDatabase())('Stripe Tax on $name', (db) => {
  const s = stripeAppOfSuite(db, { CHECKOUT_RATE_LIMIT: '1000', STRIPE_AUTOMATIC_TAX: 'true' });

  beforeEach(() => s.reset());

  const putShirt = (taxCode: string | undefined, status = 200) =>
    putProduct(s.t, 'tshirt', { taxCode }, status);

  it('keeps a tax code per product: apparel by default, changed by PUT, refused when malformed', async () => {
    expect((await putShirt(undefined)).body.taxCode).toBe('txcd_30011000');
    for (const bad of ['txcd_123', 'apparel', 30011000]) {
      const res = await putShirt(bad as string, 400);
      expect(res.body.message).toContain(
        'taxCode must be a Stripe tax code: txcd_ and 8 digits, such as txcd_30011000 (apparel)',
      );
    }
    try {
      expect((await putShirt('txcd_99999999')).body.taxCode).toBe('txcd_99999999');
      expect((await putShirt(undefined)).body.taxCode).toBe('txcd_99999999');
      await s.createCheckout({ items: [shirt('M', 1)] }).expect(200);
      const [create] = s.stripe.creates();
      const [line] = create.body.line_items as { price_data: { product_data: object } }[];
      expect(line.price_data.product_data).toEqual({
        name: 'Wren Calloway T-Shirt - M',
        tax_code: 'txcd_99999999',
      });
    } finally {
      await putShirt('txcd_30011000');
    }
  });

  it('turns on automatic tax with the tax codes, records the tax from the webhook and shows it apart', async () => {
    const res = await s.createCheckout({ items: [shirt('M', 2)] }).expect(200);
    const [create] = s.stripe.creates();
    expect(create.body.automatic_tax).toEqual({ enabled: 'true' });
    expect(create.body.line_items).toEqual([
      {
        quantity: '2',
        price_data: {
          currency: 'usd',
          unit_amount: '2500',
          tax_behavior: 'exclusive',
          product_data: { name: 'Wren Calloway T-Shirt - M', tax_code: 'txcd_30011000' },
        },
      },
    ]);
    const [option] = create.body.shipping_options as { shipping_rate_data: object }[];
    expect(option.shipping_rate_data).toMatchObject({
      tax_code: 'txcd_92010001',
      tax_behavior: 'exclusive',
    });

    const id = sessionOf(res);
    const paid = s.stripe.pay(id);
    // 8.25% of $50.00 and $5.00 shipping.
    const tax = Math.round(5500 * 0.0825);
    expect(paid.amount_total).toBe(5500 + tax);
    await s.deliver('checkout.session.completed', paid).expect(200);
    const [order] = await s.orders();
    expect(order).toMatchObject({ taxAmount: tax, total: 5500 + tax, shippingAmount: 500 });

    const receipt = await s.sessionStatus(id).expect(200);
    expect(receipt.body.order).toMatchObject({
      subtotal: 5000,
      shipping: 500,
      tax,
      total: 5500 + tax,
    });

    const emails = s.t.app.get(DataSource).getRepository(OutboxEmail);
    const confirmation = await emails.findOneByOrFail({ key: `order-confirmation:${order.id}` });
    expect(confirmation.text).toContain(`Sales tax  $${(tax / 100).toFixed(2)}`);

    const admin = await loggedIn(s.t);
    const list = await admin.get('/api/admin/orders').expect(200);
    expect((list.body.rows as OrderView[])[0]).toMatchObject({ id: order.id, taxAmount: tax });
    const csv = csvRecords((await admin.get('/api/admin/orders/export').expect(200)).text);
    expect(csv.find((r) => r.id === String(order.id))).toMatchObject({
      tax: (tax / 100).toFixed(2),
      total: ((5500 + tax) / 100).toFixed(2),
    });
    const year = new Date().getFullYear();
    const report = (
      await admin.get(`/api/admin/sales?from=${year - 1}-01-01&to=${year + 1}-12-31`).expect(200)
    ).body as SalesReport;
    expect(report.totals).toMatchObject({ taxCents: tax, grossCents: 5500 + tax });
  });
});

describe.each(oneDatabase())('without Stripe Tax on $name', (db) => {
  const s = stripeAppOfSuite(db, { CHECKOUT_RATE_LIMIT: '1000' });

  it('sends no automatic tax nor tax codes, and the order has no tax', async () => {
    const res = await s.createCheckout({ items: [shirt('M', 1)] }).expect(200);
    const [create] = s.stripe.creates();
    expect(create.body.automatic_tax).toBeUndefined();
    expect(JSON.stringify(create.body)).not.toContain('tax_code');
    await s.deliver('checkout.session.completed', s.stripe.pay(sessionOf(res))).expect(200);
    const [order] = await s.orders();
    expect(order).toMatchObject({ taxAmount: 0, total: 3000 });
  });
});
