import {
  CONTACT_SUBJECTS,
  NOTIFY_PRODUCT_NAMES,
  ONLINE_SHIPPING_CENTS,
  PAYMENT_METHODS,
  SIZES,
  WALK_UP_CUSTOMER,
  WALK_UP_EMAIL,
} from '@artist/contracts';
import {
  FAN_RECORD_INDEXES,
  linkUnlinkedRecords,
} from '../src/database/migrations/1766500000000-CreateFans.js';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { between, seededRandom } from './seeded-random.js';
import { INDEXED_SEARCHES } from '../src/lists/search-index.js';
import { searchIndexOf } from '../src/modules/search/search.module.js';
import { TableVersions } from '../src/database/table-versions.js';
import { Transactions } from '../src/database/transaction.js';
import { FIRST_CATALOGUE } from '../src/modules/catalog/first-catalogue.js';
import { ContactMessage } from '../src/modules/contact/contact-message.entity.js';
import { fillSalesDays } from '../src/database/migrations/1768800000400-KeepDailySales.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { OrderLine } from '../src/modules/orders/order-line.entity.js';
import { productNamesOf } from '../src/modules/orders/order-lines.js';
import { Order } from '../src/modules/orders/order.entity.js';

/** How many rows of each list `npm run seed:volume` adds. */
export interface VolumeCounts {
  signups: number;
  orders: number;
  messages: number;
  notify: number;
  /**
   * Signups who confirmed within the last year and never unsubscribed, every one mailable by a
   * campaign (`--subscribers`, for `npm run bench:campaign`).
   */
  subscribers?: number;
}

export interface VolumeSeedOptions {
  /** The generator's seed: the same seed on the same database gives the same rows. */
  seed?: number;
  /** The newest row's time; rows spread over `years` before it. */
  now?: Date;
  years?: number;
  /** Called after each committed batch, for progress output. */
  onProgress?: (table: string, done: number, of: number) => void;
  /** The artist's time zone, the days the sales report's kept figures are in (the app's default). */
  timeZone?: string;
}

export interface TableResult {
  table: string;
  rows: number;
  ms: number;
}

/** Rows per multi-row INSERT, and INSERTs per transaction. */
const ROWS_PER_INSERT = 500;
const INSERTS_PER_TRANSACTION = 20;
const DAY_MS = 86_400_000;

const FIRST_NAMES = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'William',
  'Mia',
  'Henry',
  'Charlotte',
  'Lucas',
  'Amelia',
  'Benjamin',
  'Harper',
  'Jack',
  'Evelyn',
  'Levi',
  'Abigail',
  'Wyatt',
  'Emily',
  'Owen',
  'Ella',
  'Caleb',
  'Madison',
  'Hunter',
  'Scarlett',
  'Colton',
  'Grace',
  'Luke',
  'Lily',
  'Carter',
  'Hannah',
  'Dakota',
  'Savannah',
  'Garrett',
  'Josie',
  'Beau',
  'María',
  'José',
  'Zoë',
  'Chloé',
  'Aoife',
  'Siobhán',
  'Nguyen',
  'Priya',
  'Mei',
  'Tomás',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Hill',
  'Green',
  'Adams',
  'Baker',
  'Nelson',
  'Carter',
  "O'Brien",
  'McAllister',
  'Dubois',
  'Müller',
  'Núñez',
  'Van der Berg',
  'Okafor',
  'Kowalski',
];
const EMAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'comcast.net',
  'protonmail.com',
  'me.com',
  'live.com',
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Cedar Ln',
  'Elm St',
  'Pine Rd',
  'Washington Ave',
  'Lakeview Dr',
  'County Rd 12',
  'Ridge Rd',
  'Church St',
  'Mill Creek Rd',
  'Highway 70',
];
/** City, state, postal code prefix: US addresses, as most of the artist's buyers are. */
const CITIES: [string, string, string][] = [
  ['Nashville', 'TN', '372'],
  ['Austin', 'TX', '787'],
  ['Tulsa', 'OK', '741'],
  ['Lubbock', 'TX', '794'],
  ['Asheville', 'NC', '288'],
  ['Bozeman', 'MT', '597'],
  ['Knoxville', 'TN', '379'],
  ['Boise', 'ID', '837'],
  ['Lexington', 'KY', '405'],
  ['Fort Worth', 'TX', '761'],
  ['Des Moines', 'IA', '503'],
  ['Bakersfield', 'CA', '933'],
  ['Athens', 'GA', '306'],
  ['Wichita', 'KS', '672'],
  ['Missoula', 'MT', '598'],
];
const VENUES = [
  'The Bluebird Cafe, Nashville, TN',
  'Gruene Hall, New Braunfels, TX',
  "Cain's Ballroom, Tulsa, OK",
  'The Orange Peel, Asheville, NC',
  'The Basement East, Nashville, TN',
  'Billy Bob’s Texas, Fort Worth, TX',
  'The Grey Eagle, Asheville, NC',
  'Knuckleheads, Kansas City, MO',
];
const MESSAGE_OPENINGS: Record<(typeof CONTACT_SUBJECTS)[number], string[]> = {
  booking: [
    'We run a listening room and would love to have you play a Friday in the spring.',
    'Our county fair is booking its grandstand acts for next summer; is a duo show possible?',
    'Would you be open to a private house concert? We can seat about sixty people.',
  ],
  collaboration: [
    "I'm a fiddle player and producer; I'd love to cut a track together if you are writing.",
    'I write songs in Muscle Shoals and think our voices would blend. Fancy a co-write?',
  ],
  press: [
    "I'm writing a feature on new voices in country for our weekend edition. Could we talk?",
    'Our podcast covers independent Americana; would you join us for an episode?',
  ],
  fan: [
    'Your song got me through a long winter. Thank you for writing it.',
    'Saw you at the fair last year and have been playing the record ever since!',
    'Any chance of a vinyl pressing of the new record?',
  ],
  other: [
    'The T-shirt I ordered came in the wrong size; can I swap it?',
    'Is the trucker hat coming back in stock before the holidays?',
  ],
};

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];
const hex = (random: Random, length: number) => {
  let text = '';
  while (text.length < length)
    text += Math.floor(random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  return text.slice(0, length);
};
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

interface Person {
  first: string;
  last: string;
  email: string;
}

/** A name and an address made from it; `n` keeps the address unique within the run. */
function person(random: Random, n: number): Person {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const style = random();
  const local =
    style < 0.4
      ? `${ascii(first)}.${ascii(last)}${n}`
      : style < 0.7
        ? `${ascii(first)[0]}${ascii(last)}${n}`
        : `${ascii(first)}${ascii(last)}_${n}`;
  return { first, last, email: `${local}@${pick(random, EMAIL_DOMAINS)}` };
}

/**
 * Times from `years` before `now` up to `now`, ascending with the row number (ids grow with time,
 * as real inserts do), a little jittered, with more rows in recent months as an audience grows.
 */
function timeline(random: Random, count: number, now: Date, years: number): (i: number) => Date {
  const span = years * 365 * DAY_MS;
  const start = now.getTime() - span;
  return (i) => {
    const share = Math.sqrt((i + random()) / Math.max(count, 1));
    return new Date(Math.min(start + share * span, now.getTime() - 60_000));
  };
}

/**
 * Inserts `count` rows made by `make` into the entity's table: multi-row INSERTs of
 * ROWS_PER_INSERT rows, INSERTS_PER_TRANSACTION of them to a transaction. Values go through the
 * driver's own conversion of each column (dates, booleans, transformers), so the rows are stored
 * exactly as the services' saves store them.
 */
/** Rows written with each chunk of a table's rows, in its transaction (an order's lines). */
type WithRows<T> = (manager: EntityManager, rows: Partial<T>[]) => Promise<void>;

async function insertRows<T extends ObjectLiteral>(
  dataSource: DataSource,
  target: EntityTarget<T>,
  count: number,
  make: (i: number) => Partial<T>,
  onProgress?: VolumeSeedOptions['onProgress'],
  withRows?: WithRows<T>,
): Promise<TableResult> {
  const metadata = dataSource.getMetadata(target);
  // Columns the database works out itself (generated columns) are left to it; so are ids, but
  // for rows that others name (an order's lines), which give their own.
  const columns = metadata.columns.filter(
    (c) => (!c.isGenerated || (withRows && c.isPrimary)) && !c.generatedType,
  );
  const driver = dataSource.driver;
  const quote = (name: string) => driver.escape(name);
  const head =
    `INSERT INTO ${quote(metadata.tableName)} ` +
    `(${columns.map((c) => quote(c.databaseName)).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const started = performance.now();
  let done = 0;
  while (done < count) {
    const inTransaction = Math.min(count - done, ROWS_PER_INSERT * INSERTS_PER_TRANSACTION);
    await Transactions.on(dataSource).run(async (manager) => {
      for (let offset = 0; offset < inTransaction; offset += ROWS_PER_INSERT) {
        const rows = Math.min(ROWS_PER_INSERT, inTransaction - offset);
        const values: unknown[] = [];
        const made: Partial<T>[] = [];
        for (let r = 0; r < rows; r++) {
          const row = make(done + offset + r) as Record<string, unknown>;
          made.push(row as Partial<T>);
          for (const column of columns) {
            const given = row[column.propertyName];
            const value = given === undefined ? (column.default ?? null) : given;
            values.push(driver.preparePersistentValue(value, column));
          }
        }
        await manager.query(head + Array(rows).fill(tuple).join(', '), values);
        await withRows?.(manager, made);
      }
    });
    // Raw SQL: tell this process's cached list counts the table changed.
    TableVersions.on(dataSource).changed(metadata.tableName);
    done += inTransaction;
    onProgress?.(metadata.tableName, done, count);
  }
  return { table: metadata.tableName, rows: count, ms: performance.now() - started };
}

/** The highest id of a table, so a second run adds rows beside the first run's. */
async function lastId(dataSource: DataSource, target: EntityTarget<ObjectLiteral>) {
  const table = dataSource.getMetadata(target).tableName;
  const [{ id }] = (await dataSource.query(
    `SELECT COALESCE(MAX(id), 0) AS id FROM ${dataSource.driver.escape(table)}`,
  )) as { id: number | string }[];
  return Number(id);
}

/**
 * Fills the admin's lists with realistic rows: email signups, orders, contact messages and
 * notify-me requests, spread over a few years, in the proportions a working artist's site sees.
 * Deterministic for a seed and a starting state; adds to what is there.
 */
export async function seedVolume(
  dataSource: DataSource,
  counts: VolumeCounts,
  options: VolumeSeedOptions = {},
): Promise<TableResult[]> {
  const seed = options.seed ?? 18;
  const now = options.now ?? new Date();
  const years = options.years ?? 3;
  const results: TableResult[] = [];

  /**
   * Adds `count` rows to `target`'s table, each made by the maker `rowsOf` returns. The maker has
   * a generator of its own (the table's `stream` of the seed, from its last id, so a second run
   * adds other rows), the times the rows were made over `span` years, and that last id.
   */
  async function addRows<T extends ObjectLiteral>(
    target: EntityTarget<T>,
    count: number,
    stream: number,
    span: number,
    rowsOf: (random: Random, at: (i: number) => Date, base: number) => (i: number) => Partial<T>,
    withRows?: WithRows<T>,
  ): Promise<void> {
    if (count <= 0) return;
    const base = await lastId(dataSource, target);
    const random = seededRandom(seed + stream + base);
    const at = timeline(random, count, now, span);
    const make = rowsOf(random, at, base);
    results.push(await insertRows(dataSource, target, count, make, options.onProgress, withRows));
  }

  /** `ms` after `from`, but never after `now`: when a later step of a row (sent, answered) came. */
  const after = (from: Date | number, ms: number) => Math.min(+from + ms, now.getTime());

  await addRows(EmailSignup, counts.signups, 0, years, (random, at, base) => {
    // Double opt-in began a year and a half before `now`: older signups have no token.
    const optInStart = now.getTime() - 1.5 * 365 * DAY_MS;
    return (i) => {
      const n = base + i + 1;
      const createdAt = at(i);
      const created = createdAt.getTime();
      const row: Partial<EmailSignup> = {
        email: person(random, n).email,
        contacted: 'false',
        contactedAt: null,
        createdAt,
        token: null,
        confirmedAt: null,
        unsubscribedAt: null,
        confirmationSentAt: null,
      };
      if (created >= optInStart) {
        row.token = `${n.toString(16).padStart(12, '0')}${hex(random, 52)}`;
        row.confirmationSentAt = created + between(random, 1_000, 30_000);
        // About four in five confirm, most within the hour.
        if (random() < 0.8)
          row.confirmedAt = row.confirmationSentAt + between(random, 60_000, 3_600_000);
      }
      const active = created < optInStart || row.confirmedAt !== null;
      if (active && random() < 0.06) {
        row.unsubscribedAt = after(created, between(random, 1, 500) * DAY_MS);
      }
      if (active && row.unsubscribedAt === null && random() < 0.3) {
        row.contacted = 'true';
        row.contactedAt = new Date(after(created, between(random, 1, 200) * DAY_MS));
      }
      return row;
    };
  });

  await addRows(EmailSignup, counts.subscribers ?? 0, 4, 1, (random, at, base) => (i) => {
    const n = base + i + 1;
    const createdAt = at(i);
    const sentAt = createdAt.getTime() + between(random, 1_000, 30_000);
    return {
      email: person(random, n).email,
      contacted: 'false',
      contactedAt: null,
      createdAt,
      token: `${n.toString(16).padStart(12, '0')}${hex(random, 52)}`,
      confirmationSentAt: sentAt,
      confirmedAt: after(sentAt, between(random, 60_000, 3_600_000)),
      unsubscribedAt: null,
    };
  });

  const variants = new Map(
    (
      (await dataSource.query(
        `SELECT id, size FROM product_variants WHERE productId = 'tshirt'`,
      )) as { id: number; size: string }[]
    ).map((v) => [v.size, Number(v.id)]),
  );
  /** Each order's lines, written with its chunk of orders. */
  const linesOf = new Map<number, Partial<OrderLine>[]>();
  const writeLines: WithRows<Order> = async (manager, orders) => {
    const lines = orders.flatMap((order) => linesOf.get(order.id!) ?? []);
    for (const order of orders) linesOf.delete(order.id!);
    for (let i = 0; i < lines.length; i += ROWS_PER_INSERT) {
      await manager.insert(OrderLine, lines.slice(i, i + ROWS_PER_INSERT));
    }
  };
  await addRows(
    Order,
    counts.orders,
    1,
    years,
    (random, at, base) => {
      const shirt = FIRST_CATALOGUE.find((p) => p.id === 'tshirt')!;
      const sizeWeights = [0.12, 0.27, 0.3, 0.2, 0.11];
      const size = () => {
        let roll = random();
        for (let s = 0; s < SIZES.length; s++) if ((roll -= sizeWeights[s]) < 0) return SIZES[s];
        return SIZES[2];
      };
      const lineItems = (orderId: number): Partial<OrderLine>[] => {
        const lines = new Map<string, number>();
        const count = random() < 0.82 ? 1 : between(random, 2, 3);
        for (let l = 0; l < count; l++) {
          const sized = size();
          lines.set(sized, Math.min((lines.get(sized) ?? 0) + (random() < 0.9 ? 1 : 2), 10));
        }
        return [...lines].map(([sized, quantity]) => ({
          orderId,
          productId: shirt.id,
          variantId: variants.get(sized) ?? null,
          productName: shirt.name,
          size: sized,
          kind: 'physical',
          quantity,
          unitPriceCents: shirt.priceInCents,
          discountCents: 0,
          taxCents: 0,
          refundedQuantity: 0,
        }));
      };
      return (i): Partial<Order> => {
        const n = base + i + 1;
        const createdAt = at(i);
        const age = now.getTime() - createdAt.getTime();
        const items = lineItems(n);
        linesOf.set(n, items);
        const productNames = productNamesOf(items as OrderLine[]);
        const itemsTotal = items.reduce(
          (sum, item) => sum + item.quantity! * item.unitPriceCents!,
          0,
        );
        if (random() < 0.25) {
          // Sold at the merch table: no shipping, fulfilled on the spot.
          const named = random() < 0.3 ? person(random, n) : null;
          return {
            id: n,
            email: named?.email ?? WALK_UP_EMAIL,
            customerName: named ? `${named.first} ${named.last}` : WALK_UP_CUSTOMER,
            total: itemsTotal,
            stripeSessionId: `manual_${createdAt.getTime()}_${hex(random, 6)}${n.toString(36)}`,
            paymentStatus: 'paid',
            paymentIntentId: null,
            refundedAmount: 0,
            paymentMethod: pick(random, PAYMENT_METHODS),
            testMode: false,
            salesChannel: 'in-person',
            showLocation: pick(random, VENUES),
            fulfillmentStatus: 'fulfilled',
            trackingNumber: null,
            notes: random() < 0.1 ? 'Signed the shirt at the table.' : null,
            fulfilledAt: createdAt,
            createdAt,
            productNames,
          };
        }
        const buyer = person(random, n);
        const name = `${buyer.first} ${buyer.last}`;
        const [city, state, zip] = pick(random, CITIES);
        const total = itemsTotal + ONLINE_SHIPPING_CENTS;
        const roll = random();
        const paymentStatus =
          roll < 0.93
            ? 'paid'
            : roll < 0.96
              ? 'refunded'
              : roll < 0.985
                ? 'partially_refunded'
                : 'disputed';
        const refundedAmount =
          paymentStatus === 'refunded'
            ? total
            : paymentStatus === 'partially_refunded'
              ? shirt.priceInCents
              : 0;
        // Orders older than a week have shipped, except a few stragglers; refunds never ship.
        const shipped =
          paymentStatus !== 'refunded' && (age > 7 * DAY_MS ? random() < 0.98 : random() < 0.3);
        const fulfilledAt = shipped
          ? new Date(after(createdAt, between(random, 1, 5) * DAY_MS))
          : null;
        return {
          id: n,
          email: buyer.email,
          customerName: name,
          shipName: name,
          shipLine1: `${between(random, 1, 9999)} ${pick(random, STREETS)}`,
          shipLine2: random() < 0.15 ? `Apt ${between(random, 1, 40)}` : null,
          shipCity: city,
          shipState: state,
          shipPostalCode: `${zip}${between(random, 10, 99)}`,
          shipCountry: 'US',
          total,
          stripeSessionId: `cs_live_${hex(random, 24)}${n.toString(36)}`,
          paymentStatus,
          paymentIntentId: `pi_${hex(random, 24)}`,
          refundedAmount,
          paymentMethod: null,
          testMode: false,
          salesChannel: 'online',
          showLocation: null,
          fulfillmentStatus: shipped ? 'fulfilled' : 'pending',
          trackingNumber: shipped ? `9400${hex(random, 18).replace(/[a-f]/g, '7')}` : null,
          notes: null,
          fulfilledAt,
          createdAt,
          productNames,
        };
      };
    },
    writeLines,
  );

  await addRows(ContactMessage, counts.messages, 2, years, (random, at, base) => {
    const subjectWeights: [(typeof CONTACT_SUBJECTS)[number], number][] = [
      ['fan', 0.45],
      ['booking', 0.2],
      ['other', 0.15],
      ['press', 0.1],
      ['collaboration', 0.1],
    ];
    return (i) => {
      const sender = person(random, base + i + 1);
      const createdAt = at(i);
      let roll = random();
      const subject = subjectWeights.find(([, w]) => (roll -= w) < 0)?.[0] ?? 'other';
      const recent = now.getTime() - createdAt.getTime() < 14 * DAY_MS;
      const responded = random() < (recent ? 0.4 : 0.9);
      return {
        firstName: sender.first,
        lastName: sender.last,
        email: sender.email,
        subject,
        message: `${pick(random, MESSAGE_OPENINGS[subject])}\n\n${sender.first}`,
        status: responded ? 'responded' : 'new',
        respondedAt: responded
          ? new Date(after(createdAt, between(random, 1, 72) * 3_600_000))
          : null,
        createdAt,
      };
    };
  });

  await addRows(NotifyMe, counts.notify, 3, years, (random, at, base) => (i) => {
    const createdAt = at(i);
    const notified = random() < 0.35;
    return {
      email: person(random, base + i + 1).email,
      productName: pick(random, NOTIFY_PRODUCT_NAMES),
      notified: notified ? 'true' : 'false',
      notifiedAt: notified ? new Date(after(createdAt, between(random, 1, 60) * DAY_MS)) : null,
      // As the site stores a request from an address that never unsubscribed from them.
      confirmedAt: createdAt,
      createdAt,
    };
  });

  // The rows went in as a bulk import would; one fan per address, linked as the site links them.
  const runner = dataSource.createQueryRunner();
  try {
    await linkUnlinkedRecords(runner);
  } finally {
    await runner.release();
  }
  TableVersions.on(dataSource).changed('fans', ...Object.keys(FAN_RECORD_INDEXES));
  // The sales report's daily figures, worked out again from every order as after an import.
  if (counts.orders > 0) {
    const started = Date.now();
    const sales = dataSource.createQueryRunner();
    try {
      await sales.query('DELETE FROM sales_days');
      await fillSalesDays(sales, options.timeZone ?? 'America/Chicago');
      const [{ n }] = (await sales.query('SELECT COUNT(*) AS n FROM sales_days')) as {
        n: number | string;
      }[];
      results.push({ table: 'sales_days', rows: Number(n), ms: Date.now() - started });
    } finally {
      await sales.release();
    }
  }
  // The search indexes reach the new rows, as they would have in the background as they came.
  const searchIndex = await searchIndexOf(dataSource);
  for (const table of Object.keys(INDEXED_SEARCHES) as (keyof typeof INDEXED_SEARCHES)[])
    await searchIndex.catchUp(table);
  return results;
}
