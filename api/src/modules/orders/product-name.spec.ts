import { FIRST_CATALOGUE } from '../catalog/first-catalogue.js';
import { catalogueLineName } from './product-name.js';

describe('catalogueLineName', () => {
  it.each([
    ['T-Shirt - XL', 'Wren Calloway T-Shirt - XL'],
    ['t-shirt - m', 'Wren Calloway T-Shirt - M'],
    ['Wren Calloway T-Shirt - L', 'Wren Calloway T-Shirt - L'],
    ['Trucker Hat', 'Trucker Hat'],
    ['trucker hat', 'Trucker Hat'],
  ])('names %j as the catalogue does: %j', (sent, stored) => {
    expect(catalogueLineName(sent, FIRST_CATALOGUE)).toBe(stored);
  });

  it.each([
    'Sticker Pack',
    'T-Shirt',
    'T-Shirt - 3XL',
    'Trucker Hat - M',
    'Shirt - M',
    'Vinyl LP - Signed',
  ])('keeps %j, which is no catalogue product in a size it comes in', (name) => {
    expect(catalogueLineName(name, FIRST_CATALOGUE)).toBe(name);
  });
});
