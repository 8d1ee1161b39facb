import { dollars, formatShippingAddress, summariseLineItems } from './order-format.js';

describe('formatShippingAddress', () => {
  const fields = {
    line1: '1 Music Row',
    line2: 'Suite 2',
    city: 'Nashville',
    state: 'TN',
    postal_code: '37203',
    country: 'US',
  };

  it.each([
    ['in person', { type: 'in-person' }, 'In person'],
    ['a string', '1 Music Row, Nashville', '1 Music Row, Nashville'],
    [
      'an object under address',
      { address: fields },
      '1 Music Row, Suite 2, Nashville, TN 37203, US',
    ],
    ['a string under address', { address: 'PO Box 9' }, 'PO Box 9'],
    ['fields at the top level', fields, '1 Music Row, Suite 2, Nashville, TN 37203, US'],
    [
      'a name with an address',
      { name: 'Ada', address: { line1: 'x', country: 'GB' } },
      'Ada, x, GB',
    ],
    ['an empty object', {}, 'No address provided'],
  ])('reads %s', (_shape, value, expected) => {
    expect(formatShippingAddress(JSON.stringify(value))).toBe(expected);
  });

  it('answers N/A for text that is not JSON', () => {
    expect(formatShippingAddress('{oops')).toBe('N/A');
    expect(formatShippingAddress('[1]')).toBe('N/A');
  });
});

describe('summariseLineItems', () => {
  it('lists quantity and name', () => {
    const json = JSON.stringify([
      { product_name: 'T-Shirt - M', quantity: 2, price: 2500 },
      { product_name: 'Trucker Hat', quantity: 1, price: 2500 },
    ]);
    expect(summariseLineItems(json)).toBe('2x T-Shirt - M; 1x Trucker Hat');
    expect(summariseLineItems('nope')).toBe('N/A');
  });
});

describe('dollars', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(dollars(2500)).toBe('25.00');
    expect(dollars(5)).toBe('0.05');
  });
});
