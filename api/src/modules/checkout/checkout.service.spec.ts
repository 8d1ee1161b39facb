import { BadRequestException } from '@nestjs/common';
import type { Repository } from 'typeorm';
import { loadConfig } from '../../config/env.js';
import type { CatalogService, CheckoutProduct } from '../catalog/catalog.service.js';
import type { InventoryService } from '../catalog/inventory.service.js';
import type { CheckoutSession } from './checkout-session.entity.js';
import { CheckoutService } from './checkout.service.js';
import type { Clock } from '../../common/clock.js';
import type { FulfilmentService } from './fulfilment.service.js';
import type { NewCheckoutSession, PaymentProvider } from './payment-provider.js';
import type { ProviderSessionCache } from './provider-session-cache.js';
import { ShippingService } from '../shipping/shipping.service.js';
import type { DiscountsService } from '../discounts/discounts.service.js';
import type { DownloadsService } from '../releases/downloads.service.js';
import type { OrdersService } from '../orders/orders.service.js';

const poster: CheckoutProduct = {
  id: 'poster',
  name: 'Tour Poster',
  priceInCents: 1500,
  preOrderUntil: null,
  releaseDate: null,
  taxCode: 'txcd_30011000',
  variants: [{ id: 7, size: '', stock: null, sold: 0, reserved: 0 }],
};
const CLIENT = '203.0.113.5';

function service() {
  const created: NewCheckoutSession[] = [];
  const inserted: Partial<CheckoutSession>[] = [];
  const others = [
    { ...poster, id: 'print', name: 'Lyric Print' },
    { ...poster, id: 'mug', name: 'Tour Mug' },
  ];
  const catalog = {
    forCheckout: async (id: string) => [poster, ...others].find((product) => product.id === id),
  };
  const provider = {
    name: 'test',
    createSession: async (input: NewCheckoutSession) => {
      created.push(input);
      return { id: 'cs_test_1', url: 'https://pay.example/cs_test_1' };
    },
  };
  const sessions = { insert: async (row: Partial<CheckoutSession>) => inserted.push(row) };
  const holds: { key: string; lines: unknown[]; holder: unknown }[] = [];
  const inventory = {
    reserve: async (key: string, lines: unknown[], _expiresAt: number, holder: unknown) =>
      holds.push({ key, lines, holder }),
    attach: async () => undefined,
    release: async () => 0,
  };
  // The first zone as the migration makes it: $5.00 a cart, whatever it holds.
  const us = {
    id: 1,
    name: 'United States',
    countries: ['US'],
    rates: [
      {
        id: 1,
        name: 'Standard shipping',
        firstItemCents: 500,
        additionalItemCents: 0,
        freeOverCents: null,
        deliveryDays: null,
      },
    ],
  };
  const shipping = new ShippingService({} as never, {} as never);
  shipping.zoneOf = async (country: string) => (country === 'US' ? us : null);
  const checkout = new CheckoutService(
    sessions as unknown as Repository<CheckoutSession>,
    loadConfig({ PUBLIC_URL: 'https://shop.example', TRUST_PROXY: '1' }, '/'),
    catalog as unknown as CatalogService,
    provider as unknown as PaymentProvider,
    {} as FulfilmentService,
    { now: () => new Date(), today: () => new Date().toISOString().slice(0, 10) } as Clock,
    inventory as unknown as InventoryService,
    {} as ProviderSessionCache,
    shipping,
    {} as DiscountsService,
    {} as DownloadsService,
    {} as OrdersService,
  );
  return { checkout, created, inserted, holds };
}

describe('CheckoutService', () => {
  it('refuses a size for a product that has no sizes', async () => {
    const { checkout, created, holds } = service();
    const attempt = checkout.createSession(
      { items: [{ productId: 'poster', size: 'M', quantity: 1 }] },
      CLIENT,
    );
    await expect(attempt).rejects.toThrow(
      new BadRequestException('The Tour Poster does not come in sizes.'),
    );
    expect(created).toEqual([]);
    expect(holds).toEqual([]);
  });

  it('names an unsized line by the product alone and prices it from the catalogue', async () => {
    const { checkout, created, inserted, holds } = service();
    const res = await checkout.createSession(
      { items: [{ productId: 'poster', quantity: 3 }] },
      CLIENT,
    );
    expect(res).toEqual({ url: 'https://pay.example/cs_test_1', sessionId: 'cs_test_1' });
    expect(created[0]).toMatchObject({
      lines: [{ name: 'Tour Poster', unitAmount: 1500, quantity: 3 }],
      shippingOptions: [{ name: 'Standard shipping', amountCents: 500, days: null }],
      allowedCountries: ['US'],
      discount: null,
      email: null,
      successUrl: 'https://shop.example/?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example/?checkout=canceled',
    });
    expect(inserted[0]).toMatchObject({
      subtotal: 4500,
      shipping: 500,
      total: 5000,
      country: 'US',
      shippingRateName: 'Standard shipping',
    });
    expect(holds).toEqual([
      {
        key: expect.stringMatching(/^pending:/),
        lines: [
          expect.objectContaining({
            productId: 'poster',
            size: null,
            quantity: 3,
            variant: poster.variants[0],
          }),
        ],
        holder: { client: CLIENT, most: 10 },
      },
    ]);
  });

  it('sells and holds repeated lines of one product and size as one line', async () => {
    const { checkout, created, holds } = service();
    const line = { productId: 'poster', quantity: 3 };
    await checkout.createSession({ items: [line, { ...line, size: '' }, line] }, CLIENT);
    expect(created[0]!.lines).toEqual([{ name: 'Tour Poster', unitAmount: 1500, quantity: 9 }]);
    expect(holds[0]!.lines).toEqual([expect.objectContaining({ quantity: 9 })]);
  });

  it.each([
    [
      'more than 10 of one size, over repeated lines',
      [6, 5].map((quantity) => ({ productId: 'poster', quantity })),
      'A checkout can hold at most 10 of the Tour Poster.',
    ],
    [
      'more than 20 items in all',
      ['poster', 'print', 'mug'].map((productId) => ({ productId, quantity: 7 })),
      'A checkout can hold at most 20 items.',
    ],
  ])('refuses %s with 400, holding nothing', async (_name, items, message) => {
    const { checkout, created, holds } = service();
    await expect(checkout.createSession({ items }, CLIENT)).rejects.toThrow(
      new BadRequestException(message),
    );
    expect(created).toEqual([]);
    expect(holds).toEqual([]);
  });
});
