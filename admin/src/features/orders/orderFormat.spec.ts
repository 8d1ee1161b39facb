import { WALK_UP_CUSTOMER, WALK_UP_EMAIL } from '@artist/contracts';
import { addressLines } from './orderFormat.js';
import { toManualOrder } from './manualOrder.js';

describe('addressLines', () => {
  const none = {
    name: null,
    line1: null,
    line2: null,
    city: null,
    state: null,
    postalCode: null,
    country: null,
    phone: null,
  };

  it('writes the name, the street, the city line and the country', () => {
    expect(
      addressLines({
        ...none,
        name: 'Ann',
        line1: '1 Main',
        line2: 'Apt 2',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
      }),
    ).toEqual(['Ann', '1 Main', 'Apt 2', 'Austin, TX 78701', 'US']);
    expect(addressLines({ ...none, line1: '12 Oak Lane, Tulsa OK' })).toEqual([
      '12 Oak Lane, Tulsa OK',
    ]);
  });

  it('says when an order ships nothing', () => {
    expect(addressLines(null, 'in-person')).toEqual(['In-person sale (no shipping)']);
    expect(addressLines(null, 'online')).toEqual(['No address provided']);
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
