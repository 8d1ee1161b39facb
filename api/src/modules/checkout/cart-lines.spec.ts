import { mergeLines } from './cart-lines.js';

describe('mergeLines', () => {
  it('adds up the lines of one product and size, in the order each was first named', () => {
    const line = { productId: 'tshirt', size: 'M', quantity: 10 };
    expect(mergeLines([line, line, line, line, line])).toEqual([{ ...line, quantity: 50 }]);
    expect(
      mergeLines([
        { productId: 'tshirt', size: 'M', quantity: 2 },
        { productId: 'tshirt', size: 'L', quantity: 1 },
        { productId: 'tshirt', size: 'M', quantity: 3 },
      ]),
    ).toEqual([
      { productId: 'tshirt', size: 'M', quantity: 5 },
      { productId: 'tshirt', size: 'L', quantity: 1 },
    ]);
  });

  it('takes no size and an empty size as the same, and keeps other products apart', () => {
    expect(
      mergeLines([
        { productId: 'hat', quantity: 1 },
        { productId: 'hat', size: '', quantity: 2 },
        { productId: 'poster', quantity: 1 },
      ]),
    ).toEqual([
      { productId: 'hat', quantity: 3 },
      { productId: 'poster', quantity: 1 },
    ]);
  });
});
