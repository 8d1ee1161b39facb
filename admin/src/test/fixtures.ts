import type {
  AdminProduct,
  AdminProductVariant,
  AdminShow,
  ContactMessage,
  EmailSignup,
  Fan,
  NotifyMe,
  Order,
  OrderLine,
} from '@artist/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** A show as the API lists it; Past is worked out as the server would (today's date). */
export function makeShow(id: number, overrides: Partial<AdminShow> = {}): AdminShow {
  const show = {
    id,
    date: `2099-01-${pad((id % 28) + 1)}`,
    venue: `Venue ${id}`,
    city: 'Nashville, TN',
    time: '8:00 PM',
    ageRequirement: 'All Ages',
    soldOut: 'false',
    ticketButtonType: 'free',
    ticketUrl: null,
    timeZone: 'America/Chicago',
    status: 'published',
    notes: null,
    located: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
  const today = new Date().toISOString().slice(0, 10);
  const listStatus =
    show.status === 'draft' ? 'draft' : show.date < today ? 'past' : ('published' as const);
  return { ...show, listStatus: overrides.listStatus ?? listStatus };
}

/** The body rows of the table on screen. */
export const tableRows = () =>
  Array.from(document.querySelectorAll<HTMLTableRowElement>('.ant-table-tbody tr.ant-table-row'));

export const firstCells = (index = 0) => tableRows().map((row) => row.cells[index]?.textContent);

/** An order line, one at $25.00 unless `overrides` say otherwise. */
export function makeLine(id: number, overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id,
    productId: 'tshirt',
    productName: 'T-Shirt',
    size: null,
    kind: 'physical',
    quantity: 1,
    unitPriceCents: 2500,
    discountCents: 0,
    taxCents: 0,
    refundedQuantity: 0,
    shippedQuantity: 0,
    ...overrides,
  };
}

export function makeOrder(id: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    email: `fan${id}@example.com`,
    customerName: `Fan ${id}`,
    shippingAddress: {
      name: null,
      line1: '1 Main St',
      line2: null,
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      country: 'US',
      phone: null,
    },
    lines: [makeLine(id * 10, { productName: 'T-Shirt', size: 'M' })],
    lineItems: [{ product_name: 'T-Shirt - M', quantity: 1, price: 2500 }],
    total: 3000,
    shippingRateName: null,
    shippingAmount: null,
    discountCode: null,
    discountAmount: 0,
    stripeSessionId: `cs_test_${id}`,
    paymentStatus: 'paid',
    paymentMethod: null,
    paymentIntentId: null,
    refundedAmount: 0,
    testMode: false,
    salesChannel: 'online',
    showLocation: null,
    showId: null,
    fulfillmentStatus: 'pending',
    trackingNumber: null,
    notes: null,
    fulfilledAt: null,
    createdAt: `2026-11-${String((id % 28) + 1).padStart(2, '0')}T12:00:00.000Z`,
    preOrder: false,
    preOrderUntil: null,
    recovered: false,
    taxAmount: 0,
    ...overrides,
  };
}

export const makeNotify = (id: number, overrides: Partial<NotifyMe> = {}): NotifyMe => ({
  id,
  email: `fan${id}@example.com`,
  productName: id % 2 ? 'Trucker Hat' : 'Sticker Pack',
  size: null,
  notified: 'false',
  notifiedAt: null,
  unsubscribedAt: null,
  confirmedAt: `2026-10-${String((id % 28) + 1).padStart(2, '0')}T12:00:00.000Z`,
  createdAt: `2026-10-${String((id % 28) + 1).padStart(2, '0')}T12:00:00.000Z`,
  ...overrides,
});

export const makeSignup = (id: number, overrides: Partial<EmailSignup> = {}): EmailSignup => ({
  id,
  email: `fan${id}@example.com`,
  contacted: 'false',
  contactedAt: null,
  createdAt: `2026-10-${String((id % 28) + 1).padStart(2, '0')}T12:00:00.000Z`,
  confirmedAt: null,
  unsubscribedAt: null,
  subscription: 'unconfirmed',
  ...overrides,
});

export const makeMessage = (
  id: number,
  overrides: Partial<ContactMessage> = {},
): ContactMessage => ({
  id,
  firstName: 'Dolly',
  lastName: `Fan${id}`,
  email: `fan${id}@example.com`,
  subject: 'booking',
  message: `Hello number ${id}`,
  status: 'new',
  respondedAt: null,
  createdAt: `2026-10-${String((id % 28) + 1).padStart(2, '0')}T12:00:00.000Z`,
  ...overrides,
});

/** Ticks the row-selection checkbox of the row holding `text`. */
export const rowCheckbox = (text: string) =>
  tableRows()
    .find((r) => r.textContent?.includes(text))!
    .querySelector<HTMLInputElement>('input[type="checkbox"]')!;

export const selectAllCheckbox = () =>
  document.querySelector<HTMLInputElement>('.ant-table-thead input[type="checkbox"]')!;

/** A size of a product as the API lists it: `left` worked out as the server does. */
export const makeVariant = (
  size: AdminProductVariant['size'],
  stock: number | null,
  { reserved = 0, sold = 0 } = {},
): AdminProductVariant => ({
  size,
  stock,
  reserved,
  sold,
  left: stock === null ? null : Math.max(0, stock - sold - reserved),
});

export function makeProduct(id: string, overrides: Partial<AdminProduct> = {}): AdminProduct {
  const variants = overrides.variants ?? [makeVariant(null, null)];
  return {
    id,
    name: `Product ${id}`,
    description: '',
    priceInCents: 2500,
    image: null,
    photo: null,
    position: 1,
    archivedAt: null,
    preOrderUntil: null,
    releaseDate: null,
    taxCode: 'txcd_30011000',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    kind: 'physical',
    pricing: 'fixed',
    minPriceCents: null,
    tracks: [],
    cover: null,
    files: [],
    ...overrides,
    images: overrides.images ?? (overrides.image ? [overrides.image] : []),
    variants,
    available: variants.some((v) => v.left === null || v.left > 0),
  };
}

export const makeFan = (id: number, overrides: Partial<Fan> = {}): Fan => ({
  id,
  email: `fan${id}@example.com`,
  firstSeenAt: `2026-10-${String((id % 28) + 1).padStart(2, '0')}T12:00:00.000Z`,
  orders: 0,
  totalSpent: 0,
  newsletter: 'none',
  pendingNotify: 0,
  messages: 0,
  ...overrides,
});
