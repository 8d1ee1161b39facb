import { WALK_UP_CUSTOMER, WALK_UP_EMAIL } from '@artist/contracts';
import { addressLines } from './orderFormat.js';
import { toManualOrder } from './manualOrder.js';

describe('addressLines', () => {
  it.each([
    [{ type: 'in-person' }, ['In-person sale (no shipping)']],
    ['12 Oak Lane, Tulsa OK', ['12 Oak Lane, Tulsa OK']],
    [{ address: '12 Oak Lane, Tulsa OK' }, ['12 Oak Lane, Tulsa OK']],
    [
      {
        name: 'Ann',
        address: {
          line1: '1 Main',
          line2: 'Apt 2',
          city: 'Austin',
          state: 'TX',
          postal_code: '78701',
          country: 'US',
        },
      },
      ['Ann', '1 Main', 'Apt 2', 'Austin, TX 78701', 'US'],
    ],
    [
      { line1: '5 Elm', city: 'Leeds', postal_code: 'LS1', country: 'GB' },
      ['5 Elm', 'Leeds, LS1', 'GB'],
    ],
    [{}, ['No address provided']],
  ])('reads %j', (value, lines) => {
    expect(addressLines(JSON.stringify(value))).toEqual(lines);
  });

  it("shows 'N/A' when the text is not JSON", () => {
    expect(addressLines('{oops')).toEqual(['N/A']);
  });
});

describe('toManualOrder', () => {
  const line = { product: 'Wren Calloway T-Shirt', size: 'M', quantity: 2, price: 25 };

  it('fills in a walk-up customer, creates in-person orders fulfilled and adds no shipping', () => {
    expect(
      toManualOrder(
        {
          salesChannel: 'in-person',
          showLocation: ' Ryman ',
          lines: [line, { product: 'Trucker Hat', quantity: 1, price: 19.99 }],
          paymentMethod: 'cash',
        },
        1700000000000,
      ),
    ).toEqual({
      salesChannel: 'in-person',
      customerName: WALK_UP_CUSTOMER,
      email: WALK_UP_EMAIL,
      showLocation: 'Ryman',
      lineItems: [
        { product_name: 'Wren Calloway T-Shirt - M', quantity: 2, price: 2500 },
        { product_name: 'Trucker Hat', quantity: 1, price: 1999 },
      ],
      total: 6999,
      shippingAddress: '{"type":"in-person"}',
      paymentMethod: 'cash',
      stripeSessionId: 'manual_1700000000000',
      paymentStatus: 'paid',
      fulfillmentStatus: 'fulfilled',
    });
  });

  it('adds $5.00 shipping to online orders, which start pending', () => {
    const order = toManualOrder({
      salesChannel: 'online',
      customerName: 'Ann',
      email: 'ann@example.com',
      shippingAddress: '1 Main St',
      lines: [line],
      paymentMethod: 'venmo',
      notes: 'gift',
    });
    expect(order).toMatchObject({
      total: 5500,
      fulfillmentStatus: 'pending',
      shippingAddress: '{"address":"1 Main St"}',
      notes: 'gift',
    });
    expect(order.stripeSessionId).toMatch(/^manual_\d+$/);
    expect(order).not.toHaveProperty('showLocation');
  });
});
