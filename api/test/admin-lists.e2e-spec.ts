import type TestAgent from 'supertest/lib/agent.js';
import { DataSource, type ObjectLiteral } from 'typeorm';
import {
  CONTACT_SORTS,
  NOTIFY_SORTS,
  ORDER_SORTS,
  SIGNUP_SORTS,
  type ListPage,
  type SignupListFilter,
  type SignupSort,
} from '@artist/contracts';
import { listPage } from '../src/lists/list.js';
import type { ListParams } from '../src/lists/list-query.js';
import { ContactMessage } from '../src/modules/contact/contact-message.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { NewsletterService } from '../src/modules/newsletter/newsletter.service.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { Show } from '../src/modules/shows/show.entity.js';
import { loggedIn } from './utils/admin.js';
import { csvRecords } from './utils/csv.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite, type TestApp } from './utils/test-app.js';

type Row = Record<string, unknown> & { id: number };
type Page = ListPage<Row, string>;

const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1, 12);
/** A few creation times repeat, so ties (broken by id) are exercised as well. */
const createdAt = (i: number) => new Date(BASE + (i % 23) * DAY);
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
/** Numbers of one width, so no database compares a digit with the '@' after a shorter one. */
const n3 = (i: number) => String(i).padStart(3, '0');

/** Lower-case letters only, so both databases' collations order them as JavaScript does. */
const NAMES = ['ada', 'bea', 'cal', 'dot', 'eli', 'fay', 'gus', 'hal', 'ivy', 'jo'];

async function insert<T extends ObjectLiteral>(
  t: TestApp,
  entity: new () => T,
  rows: Partial<T>[],
): Promise<void> {
  const repository = t.app.get(DataSource).getRepository(entity);
  const { identifiers } = await repository.insert(rows as never);
  // The creation time is set by the database on insert; put back the one the row asked for.
  for (let i = 0; i < rows.length; i++) {
    const when = (rows[i] as { createdAt?: Date }).createdAt;
    if (when) await repository.update(identifiers[i]!.id as number, { createdAt: when } as never);
  }
}

/** How a row is compared for each sort field: the value the list sorts by, as JavaScript sees it. */
const sortValue: Record<string, Record<string, (row: Row) => string | number>> = {
  'email-signups': {
    createdAt: (r) => String(r.createdAt),
    email: (r) => String(r.email),
    contacted: (r) => String(r.contacted),
    subscription: (r) => String(r.subscription),
  },
  orders: {
    createdAt: (r) => String(r.createdAt),
    customer: (r) => String(r.customerName ?? r.email).toLowerCase(),
    total: (r) => Number(r.total),
    salesChannel: (r) => String(r.salesChannel),
    paymentStatus: (r) => String(r.paymentStatus),
    fulfillmentStatus: (r) => String(r.fulfillmentStatus),
  },
  'contact-messages': {
    createdAt: (r) => String(r.createdAt),
    name: (r) => `${String(r.firstName).toLowerCase()} ${String(r.lastName).toLowerCase()}`,
    email: (r) => String(r.email),
    subject: (r) => String(r.subject),
    status: (r) => String(r.status),
  },
  'notify-me': {
    createdAt: (r) => String(r.createdAt),
    email: (r) => String(r.email),
    productName: (r) => String(r.productName),
    notified: (r) => String(r.notified),
  },
};

const SORTS: Record<string, readonly string[]> = {
  'email-signups': SIGNUP_SORTS,
  orders: ORDER_SORTS,
  'contact-messages': CONTACT_SORTS,
  'notify-me': NOTIFY_SORTS,
};

/** The seeded signups' counts for each filter, worked out from how they were made. */
function signupCounts() {
  const rows = Array.from({ length: 130 }, (_, i) => ({
    contacted: i % 3 === 0,
    confirmed: i % 4 === 0,
    unsubscribed: i % 10 === 0,
  }));
  const count = (match: (r: (typeof rows)[number]) => boolean) => rows.filter(match).length;
  return {
    all: 130,
    pending: count((r) => !r.contacted),
    contacted: count((r) => r.contacted),
    confirmed: count((r) => r.confirmed && !r.unsubscribed),
    unconfirmed: count((r) => !r.confirmed && !r.unsubscribed),
    unsubscribed: count((r) => r.unsubscribed),
  };
}

describe.each(testDatabases())('admin lists answered by the server on $name', (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;

  /** `PUT /api/admin/<list>/bulk`, as the bulk-selection bar sends it. */
  const bulk = (list: string, body: object) => admin.put(`/api/admin/${list}/bulk`).send(body);
  const page = async (list: string, query: Record<string, string | number> = {}) =>
    (await admin.get(`/api/admin/${list}`).query(query).expect(200)).body as Page;

  /** Every page of a list, one request per page. */
  async function allPages(list: string, query: Record<string, string | number>, size: number) {
    const first = await page(list, { ...query, pageSize: size });
    const rows = [...first.rows];
    for (let p = 2; p <= Math.ceil(first.total / size); p++) {
      rows.push(...(await page(list, { ...query, pageSize: size, page: p })).rows);
    }
    return { rows, total: first.total };
  }

  beforeAll(async () => {
    admin = await loggedIn(t);
    await insert(
      t,
      EmailSignup,
      Array.from({ length: 130 }, (_, i) => ({
        email: `${pick(NAMES, i * 7)}${String(i).padStart(3, '0')}@example.com`,
        contacted: i % 3 === 0 ? 'true' : 'false',
        confirmedAt: i % 4 === 0 ? BASE : null,
        unsubscribedAt: i % 10 === 0 ? BASE + DAY : null,
        createdAt: createdAt(i),
      })),
    );
    await insert(
      t,
      Order,
      Array.from({ length: 61 }, (_, i) => ({
        email: `mail${n3(i)}@example.com`,
        customerName: i % 5 === 0 ? null : `${pick(NAMES, i * 3)} ${pick(NAMES, i)}`,
        shipLine1: `${i} Music Row`,
        shipCity: 'nashville',
        total: 2500 + (i % 7) * 500,
        stripeSessionId: `cs_list_${i}`,
        paymentStatus: pick(['paid', 'paid', 'refunded', 'partially_refunded', 'disputed'], i),
        salesChannel: pick(['online', 'in-person'], i),
        fulfillmentStatus: i % 4 === 0 ? 'fulfilled' : 'pending',
        createdAt: createdAt(i),
      })),
    );
    await insert(
      t,
      ContactMessage,
      Array.from({ length: 45 }, (_, i) => ({
        firstName: pick(NAMES, i * 3),
        lastName: pick(NAMES, i),
        email: `${pick(NAMES, i)}${n3(i)}@example.com`,
        subject: pick(['booking', 'general', 'press', 'merch'], i),
        message: `message number ${i}`,
        status: i % 3 === 0 ? 'responded' : 'new',
        createdAt: createdAt(i),
      })),
    );
    await insert(
      t,
      NotifyMe,
      Array.from({ length: 130 }, (_, i) => ({
        email: `${pick(NAMES, i)}${n3(i)}@example.com`,
        productName: pick(['trucker hat', 'tote bag'], i),
        notified: i % 5 === 0 ? 'true' : 'false',
        confirmedAt: createdAt(i),
        createdAt: createdAt(i),
      })),
    );
  });

  it('answers a page with total, counts for each filter and the page asked for', async () => {
    const first = await page('email-signups');
    expect(first).toEqual({
      rows: expect.any(Array),
      total: 130,
      counts: signupCounts(),
      page: 1,
      pageSize: 50,
    });
    expect(first.rows).toHaveLength(50);
    const pending = await page('email-signups', { status: 'pending', pageSize: 20, page: 5 });
    expect(pending).toMatchObject({ total: 86, page: 5, pageSize: 20 });
    expect(pending.rows).toHaveLength(6);
    expect(pending.rows.every((r) => r.contacted === 'false')).toBe(true);
  });

  it('counts each filter under the search, whatever filter is chosen', async () => {
    const searched = await page('email-signups', { search: 'ADA', status: 'contacted' });
    const all = (await allPages('email-signups', {}, 200)).rows;
    const matching = all.filter((r) => String(r.email).includes('ada'));
    expect(searched.counts.all).toBe(matching.length);
    expect(searched.counts.contacted).toBe(matching.filter((r) => r.contacted === 'true').length);
    expect(searched.total).toBe(searched.counts.contacted);
    expect(searched.rows.every((r) => String(r.email).includes('ada'))).toBe(true);
  });

  it('finds text whatever the case of the search or of the row', async () => {
    const messages = t.app.get(DataSource).getRepository(ContactMessage);
    const written = await messages.save(
      messages.create({
        firstName: 'Loretta',
        lastName: 'LYNN',
        email: 'Loretta.Lynn@Example.COM',
        subject: 'booking',
        message: 'Butcher Holler Hall, 100% sold out',
        status: 'new',
      }),
      { transaction: false },
    );
    try {
      for (const search of ['lynn', 'LORETTA', 'loretta.lynn@example.com', 'hOLLER', '100%']) {
        const found = await page('contact-messages', { search });
        expect({ search, ids: found.rows.map((r) => r.id) }).toEqual({ search, ids: [written.id] });
        expect(found.counts.all).toBe(1);
      }
      // A wildcard in the search is the character itself, not "anything".
      expect((await page('contact-messages', { search: '1_0' })).total).toBe(0);
    } finally {
      await messages.delete(written.id);
    }
  });

  it("finds a search's page the same way by walking the sort's index or scanning the search index", async () => {
    const definition = t.app.get(NewsletterService).listDefinition();
    const at = (walkMax: number, params: ListParams<SignupListFilter, SignupSort>) =>
      listPage(definition, params, { walkMax });
    // The unsearched counts, which the walk's estimate reads, are kept from this request.
    await page('email-signups');
    for (const search of ['ada', 'cal00', 'ivy1', 'nobody']) {
      for (const status of ['all', 'contacted', 'unconfirmed'] as const) {
        for (const sort of SIGNUP_SORTS.flatMap((field) => [field, `-${field}` as const])) {
          for (const page of [1, 2, 9]) {
            const params = { status, search, sort, page, pageSize: 7 };
            const [walked, scanned] = [await at(Infinity, params), await at(0, params)];
            expect(scanned).toEqual(walked);
            const expected = (await allPages('email-signups', { status, search, sort }, 200)).rows;
            expect(walked.rows.map((r) => r.id)).toEqual(
              expected.slice((page - 1) * 7, page * 7).map((r) => r.id),
            );
          }
        }
      }
    }
  });

  it('answers a page beyond the end with no rows and the same total', async () => {
    const beyond = await page('orders', { page: 99 });
    expect(beyond).toMatchObject({ rows: [], total: 61, page: 99, pageSize: 50 });
  });

  it.each(Object.keys(SORTS).flatMap((list) => SORTS[list]!.map((field) => [list, field])))(
    'sorts %s by %s both ways, ties by id, across pages',
    async (list, field) => {
      const value = sortValue[list]![field]!;
      for (const descending of [false, true]) {
        const { rows, total } = await allPages(
          list,
          { sort: descending ? `-${field}` : field },
          17,
        );
        expect(rows).toHaveLength(total);
        expect(new Set(rows.map((r) => r.id)).size).toBe(total);
        const expected = [...rows].sort((a, b) => {
          const [x, y] = [value(a), value(b)];
          const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
          return descending ? -order : order;
        });
        expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      }
    },
  );

  it('sorts newest first by default', async () => {
    const { rows } = await allPages('notify-me', {}, 200);
    const times = rows.map((r) => String(r.createdAt));
    expect(times).toEqual([...times].sort().reverse());
  });

  it.each([
    ['sort=colour', "Unknown sort field 'colour'"],
    ['sort=-', "Unknown sort field '-'"],
    ['status=lost', "Unknown status 'lost': status must be one of all, pending, contacted"],
    ['page=0', 'page must be a whole number from 1'],
    ['page=two', 'page must be a whole number from 1'],
    ['pageSize=201', 'pageSize must be a whole number from 1 to 200'],
    ['pageSize=0', 'pageSize must be a whole number from 1 to 200'],
    [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
    ['colour=red', 'property colour should not exist'],
  ])('refuses %s with a 400 naming it', async (query, message) => {
    const res = await admin.get(`/api/admin/email-signups?${query}`).expect(400);
    expect(res.body.message).toContain(message);
    const exported = await admin.get(`/api/admin/email-signups/export?${query}`).expect(400);
    expect(exported.body.message).toContain(message);
  });

  it('exports exactly the concatenated pages, in the same order', async () => {
    for (const [list, query] of [
      ['orders', { status: 'pending', sort: '-total' }],
      ['email-signups', { search: 'bea', sort: 'email', includeUnsubscribed: 'true' }],
      ['contact-messages', { status: 'new', sort: 'name' }],
      // The products' ids are text (their slugs), the others' numbers.
      ['products', { sort: '-priceInCents' }],
    ] as const) {
      const { includeUnsubscribed: _, ...listQuery } = query as Record<string, string>;
      const { rows } = await allPages(list, listQuery, 13);
      const res = await admin.get(`/api/admin/${list}/export`).query(query).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(rows.length).toBeGreaterThan(1);
      expect(csvRecords(res.text).map((r) => r.id)).toEqual(rows.map((r) => String(r.id)));
    }
  });

  it('marks every signup matching a filter and search, and only those', async () => {
    const before = await page('email-signups', { status: 'pending', search: 'cal' });
    expect(before.total).toBeGreaterThan(0);
    const res = await bulk('email-signups', {
      filter: { status: 'pending', search: 'cal' },
      contacted: true,
    }).expect(200);
    expect(res.body).toEqual({ updated: before.total });
    expect((await page('email-signups', { status: 'pending', search: 'cal' })).total).toBe(0);
    const others = await page('email-signups', { status: 'pending' });
    expect(others.total).toBe(signupCounts().pending - before.total);
  });

  it('refuses a bulk update that names both ids and a filter, or neither', async () => {
    const both = await bulk('contact-messages', {
      ids: [1],
      filter: { status: 'new' },
      status: 'responded',
    }).expect(400);
    expect(both.body.message).toBe('Send either ids or filter, not both');
    const neither = await bulk('contact-messages', { status: 'responded' }).expect(400);
    expect(neither.body.message).toBe('ids must be a list of message ids');
    const badFilter = await bulk('contact-messages', {
      filter: { status: 'gone' },
      status: 'responded',
    }).expect(400);
    expect(badFilter.body.message).toContain("Unknown status 'gone'");
  });

  it('keeps notify-me at 100 per action when chosen by filter', async () => {
    const pending = await page('notify-me', { status: 'pending' });
    expect(pending.total).toBeGreaterThan(100);
    const refused = await bulk('notify-me', {
      filter: { status: 'pending' },
      notified: true,
    }).expect(400);
    expect(refused.body.message).toBe(
      'Please select up to 100 requests at a time. Use filters to process larger batches.',
    );
    expect((await page('notify-me', { status: 'pending' })).total).toBe(pending.total);
    const hats = await page('notify-me', { status: 'pending', search: 'hat' });
    expect(hats.total).toBeLessThanOrEqual(100);
    const done = await bulk('notify-me', {
      filter: { status: 'pending', search: 'hat' },
      notified: true,
    }).expect(200);
    expect(done.body).toEqual({ updated: hats.total });
    expect((await page('notify-me', { status: 'pending', search: 'hat' })).total).toBe(0);
  });

  it("decides Past by today's date in the artist's time zone, for the list and the export", async () => {
    const shows = t.app.get(DataSource).getRepository(Show);
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const show = { city: 'x', time: '8pm', ageRequirement: 'All Ages', ticketButtonType: 'free' };
    await shows.insert([
      { ...show, venue: 'Old Barn', date: day(-3), status: 'published' },
      { ...show, venue: 'New Barn', date: day(3), status: 'published' },
      { ...show, venue: 'Draft Barn', date: day(3), status: 'draft' },
    ]);
    const past = await page('shows', { status: 'past', search: 'barn' });
    expect(past.rows.map((r) => r.venue)).toEqual(['Old Barn']);
    expect(past.rows[0]!.listStatus).toBe('past');
    const all = await page('shows', { search: 'barn', sort: 'venue' });
    expect(all.rows.map((r) => [r.venue, r.listStatus])).toEqual([
      ['Draft Barn', 'draft'],
      ['New Barn', 'published'],
      ['Old Barn', 'past'],
    ]);
    expect(past.counts).toEqual({ all: 3, published: 1, draft: 1, past: 1 });
    const csv = await admin
      .get('/api/admin/shows/export')
      .query({ status: 'past', search: 'barn' });
    expect(csvRecords(csv.text).map((r) => r.venue)).toEqual(['Old Barn']);
  });
});
