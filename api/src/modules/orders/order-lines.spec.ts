import { refundOfLines, shareOut } from './order-lines.js';

describe('shareOut', () => {
  it('shares cents by weight, summing exactly to the whole', () => {
    expect(shareOut(700, [5000, 2000])).toEqual([500, 200]);
    expect(shareOut(301, [5000, 2000])).toEqual([215, 86]);
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(0, [1, 2])).toEqual([0, 0]);
  });
});

describe('refundOfLines', () => {
  const shirts = {
    id: 1,
    quantity: 2,
    unitPriceCents: 2500,
    discountCents: 501,
    taxCents: 301,
    refundedQuantity: 0,
  };
  const hat = {
    ...shirts,
    id: 2,
    quantity: 1,
    unitPriceCents: 2000,
    discountCents: 0,
    taxCents: 0,
  };
  const order = { shippingCents: 500, lines: [shirts, hat] };

  it('gives back a unit less its share of the discount, plus its share of the tax', () => {
    // 2500 - round(501 / 2) + round(301 / 2)
    expect(refundOfLines(order, [{ line: shirts, quantity: 1 }])).toBe(2500 - 251 + 151);
  });

  it('gives back what is left of the shares with the last unit', () => {
    const oneBack = { ...shirts, refundedQuantity: 1 };
    expect(
      refundOfLines({ ...order, lines: [oneBack, hat] }, [{ line: oneBack, quantity: 1 }]),
    ).toBe(2500 - 250 + 150);
  });

  it('adds the shipping only when every unit of the order is refunded', () => {
    expect(refundOfLines(order, [{ line: hat, quantity: 1 }])).toBe(2000);
    expect(
      refundOfLines(order, [
        { line: shirts, quantity: 2 },
        { line: hat, quantity: 1 },
      ]),
    ).toBe(5000 - 501 + 301 + 2000 + 500);
  });
});
