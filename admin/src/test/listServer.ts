import {
  LOW_STOCK,
  type AdminProduct,
  type AdminShow,
  type ContactMessage,
  type EmailSignup,
  type Fan,
  type ListPage,
  type NotifyMe,
  type Order,
  type OutboxEmailSummary,
} from '@artist/contracts';
import { json, type StubRequest } from './render.js';

type Value = string | number | null | undefined;

/**
 * What the API does for one list, as the tests' stand-in server does it: each status filter as a
 * predicate, the text a search looks in, and each sort field's value. The admin does none of this
 * itself; these stubs answer its requests the way the server would, so the tests can check what
 * the admin asks for and what it shows of the answer.
 */
export interface FakeList<T> {
  filters: Record<string, (row: T) => boolean>;
  searchText: (row: T) => string;
  sorts: Record<string, (row: T) => Value>;
  defaultSort: string;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function compare(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return -1;
  if (b === null || b === undefined || b === '') return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** The page the server would answer for this request over these rows. */
export function answerList<T extends { id: number | string }>(
  list: FakeList<T>,
  rows: T[],
  query: URLSearchParams,
): ListPage<T, string> {
  const status = query.get('status') ?? 'all';
  const needle = (query.get('search') ?? '').trim().toLowerCase();
  const sort = query.get('sort') ?? list.defaultSort;
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('pageSize') ?? 50);
  const searched = rows.filter(
    (row) =>
      !needle ||
      list
        .searchText(row)
        .toLowerCase()
        .split('\n')
        .some((field) => field.includes(needle)),
  );
  const counts: Record<string, number> = { all: searched.length };
  for (const [name, match] of Object.entries(list.filters))
    counts[name] = searched.filter(match).length;
  const matching = status === 'all' ? searched : searched.filter(list.filters[status]!);
  const descending = sort.startsWith('-');
  const value = list.sorts[descending ? sort.slice(1) : sort]!;
  const sorted = [...matching].sort((a, b) => {
    const order = compare(value(a), value(b)) || compare(a.id, b.id);
    return descending ? -order : order;
  });
  return {
    rows: sorted.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    counts,
    page,
    pageSize,
  };
}

/** A stub route answering a list from these rows, as the server would. */
export const listRoute =
  <T extends { id: number | string }>(list: FakeList<T>, rows: T[]) =>
  (req: StubRequest) =>
    json(200, answerList(list, rows, req.query));

const today = () => new Date().toISOString().slice(0, 10);

export const SHOWS: FakeList<AdminShow> = {
  filters: {
    published: (s) => s.listStatus === 'published',
    draft: (s) => s.listStatus === 'draft',
    past: (s) => s.listStatus === 'past',
  },
  searchText: (s) => [s.venue, s.city, s.time, s.notes ?? ''].join('\n'),
  sorts: {
    date: (s) => s.date,
    venue: (s) => s.venue,
    ageRequirement: (s) => s.ageRequirement,
    status: (s) => s.listStatus,
    createdAt: (s) => s.createdAt,
  },
  defaultSort: 'date',
};

export const ORDERS: FakeList<Order> = {
  filters: {
    pending: (o) => o.fulfillmentStatus !== 'fulfilled' && o.paymentStatus !== 'refunded',
    fulfilled: (o) => o.fulfillmentStatus === 'fulfilled',
    paid: (o) => o.paymentStatus === 'paid',
    refunded: (o) => o.paymentStatus === 'refunded',
    partially_refunded: (o) => o.paymentStatus === 'partially_refunded',
    disputed: (o) => o.paymentStatus === 'disputed',
    'pre-order': (o) => o.preOrder,
  },
  searchText: (o) =>
    [
      o.email,
      o.customerName,
      ...o.lines.map((line) => line.productName),
      o.showLocation,
      o.trackingNumber,
      o.notes,
    ]
      .map((v) => v ?? '')
      .join('\n'),
  sorts: {
    createdAt: (o) => o.createdAt,
    customer: (o) => o.customerName ?? o.email,
    total: (o) => o.total,
    salesChannel: (o) => o.salesChannel,
    paymentStatus: (o) => o.paymentStatus,
    fulfillmentStatus: (o) => o.fulfillmentStatus,
  },
  defaultSort: '-createdAt',
};

export const NOTIFY: FakeList<NotifyMe> = {
  filters: {
    pending: (r) => r.notified !== 'true' && r.confirmedAt !== null,
    unconfirmed: (r) => r.notified !== 'true' && r.confirmedAt === null,
    notified: (r) => r.notified === 'true',
  },
  searchText: (r) => `${r.email}\n${r.productName}`,
  sorts: {
    createdAt: (r) => r.createdAt,
    email: (r) => r.email,
    productName: (r) => r.productName,
    notified: (r) => r.notified,
  },
  defaultSort: '-createdAt',
};

export const SIGNUPS: FakeList<EmailSignup> = {
  filters: {
    pending: (s) => s.contacted !== 'true',
    contacted: (s) => s.contacted === 'true',
    confirmed: (s) => s.subscription === 'confirmed',
    unconfirmed: (s) => s.subscription === 'unconfirmed',
    unsubscribed: (s) => s.subscription === 'unsubscribed',
  },
  searchText: (s) => s.email,
  sorts: {
    createdAt: (s) => s.createdAt,
    email: (s) => s.email,
    contacted: (s) => s.contacted,
    subscription: (s) => s.subscription,
  },
  defaultSort: '-createdAt',
};

export const MESSAGES: FakeList<ContactMessage> = {
  filters: {
    new: (m) => m.status !== 'responded',
    responded: (m) => m.status === 'responded',
  },
  searchText: (m) => [m.firstName, m.lastName, m.email, m.subject, m.message].join('\n'),
  sorts: {
    createdAt: (m) => m.createdAt,
    name: (m) => `${m.firstName} ${m.lastName}`,
    email: (m) => m.email,
    subject: (m) => m.subject,
    status: (m) => m.status,
  },
  defaultSort: '-createdAt',
};

export const EMAILS: FakeList<OutboxEmailSummary> = {
  filters: Object.fromEntries(
    (['queued', 'held', 'sent', 'failed'] as const).map((status) => [
      status,
      (e: OutboxEmailSummary) => e.status === status,
    ]),
  ),
  searchText: (e) => [e.to, e.toName ?? '', e.subject, e.kind, e.lastError ?? ''].join('\n'),
  sorts: {
    createdAt: (e) => e.createdAt,
    to: (e) => e.to,
    subject: (e) => e.subject,
    kind: (e) => e.kind,
    status: (e) => e.status,
    attempts: (e) => e.attempts,
    lastError: (e) => e.lastError,
    sentAt: (e) => e.sentAt,
  },
  defaultSort: '-createdAt',
};

export const PRODUCTS: FakeList<AdminProduct> = {
  filters: {
    'low-stock': (p) =>
      p.archivedAt === null && p.variants.some((v) => v.left !== null && v.left <= LOW_STOCK),
    'sold-out': (p) =>
      p.archivedAt === null && p.variants.every((v) => v.left !== null && v.left <= 0),
    archived: (p) => p.archivedAt !== null,
  },
  searchText: (p) => `${p.name}\n${p.description}`,
  sorts: {
    // The shop's order, archived products after it (as the server sorts).
    position: (p) => (p.archivedAt === null ? 0 : 1_000_000) + p.position,
    name: (p) => p.name.toLowerCase(),
    priceInCents: (p) => p.priceInCents,
    createdAt: (p) => p.createdAt,
  },
  defaultSort: 'position',
};

export { today };

export const FANS: FakeList<Fan> = {
  filters: {
    customers: (f) => f.orders > 0,
    subscribers: (f) => f.newsletter === 'confirmed',
    waiting: (f) => f.pendingNotify > 0,
    writers: (f) => f.messages > 0,
  },
  searchText: (f) => f.email,
  sorts: {
    email: (f) => f.email,
    firstSeenAt: (f) => f.firstSeenAt,
    totalSpent: (f) => f.totalSpent,
    orders: (f) => f.orders,
  },
  defaultSort: '-firstSeenAt',
};
