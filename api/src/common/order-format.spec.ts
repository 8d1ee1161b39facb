import {
  addressFromText,
  dollars,
  formatShippingAddress,
  summariseLineItems,
} from './order-format.js';

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

describe('addressFromText', () => {
  const fields = {
    line1: '1 Music Row',
    line2: 'Suite 2',
    city: 'Nashville',
    state: 'TN',
    postal_code: '37203',
    country: 'US',
  };
  const parts = {
    ...none,
    line1: '1 Music Row',
    line2: 'Suite 2',
    city: 'Nashville',
    state: 'TN',
    postalCode: '37203',
    country: 'US',
  };

  it.each([
    ['in person', { type: 'in-person' }, null],
    ['a string', '1 Music Row, Nashville', { ...none, line1: '1 Music Row, Nashville' }],
    ['an object under address', { address: fields }, parts],
    ['a string under address', { address: 'PO Box 9' }, { ...none, line1: 'PO Box 9' }],
    ['fields at the top level', fields, parts],
    [
      'a name with an address',
      { name: 'Ada', address: { line1: 'x', country: 'GB' } },
      { ...none, name: 'Ada', line1: 'x', country: 'GB' },
    ],
    ['an empty object', {}, null],
  ])('reads %s', (_shape, value, expected) => {
    expect(addressFromText(JSON.stringify(value))).toEqual(expected);
  });

  it('reads text that is not JSON as no address', () => {
    expect(addressFromText('{oops')).toBeNull();
    expect(addressFromText('[1]')).toBeNull();
  });
});

describe('formatShippingAddress', () => {
  it('writes the name, the street and the city line', () => {
    expect(
      formatShippingAddress({
        ...none,
        name: 'Ada',
        line1: '1 Music Row',
        line2: 'Suite 2',
        city: 'Nashville',
        state: 'TN',
        postalCode: '37203',
        country: 'US',
      }),
    ).toBe('Ada, 1 Music Row, Suite 2, Nashville, TN 37203, US');
    expect(formatShippingAddress({ ...none, line1: 'PO Box 9' })).toBe('PO Box 9');
  });

  it('says when there is none', () => {
    expect(formatShippingAddress(null)).toBe('No address provided');
  });
});

describe('summariseLineItems', () => {
  it('lists quantity and name', () => {
    const items = [
      { product_name: 'T-Shirt - M', quantity: 2, price: 2500 },
      { product_name: 'Trucker Hat', quantity: 1, price: 2500 },
    ];
    expect(summariseLineItems(items)).toBe('2x T-Shirt - M; 1x Trucker Hat');
  });
});

describe('dollars', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(dollars(2500)).toBe('25.00');
    expect(dollars(5)).toBe('0.05');
  });
});
