import { Logger } from '@nestjs/common';
import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { idColumn, isMysql } from './columns.js';
import { keepingTriggers } from './sqlite-triggers.js';

/** Orders read and written per step. */
const BATCH = 1000;
/** Rows per INSERT or UPDATE statement (SQLite binds at most 32,766 values in one). */
const CHUNK = 100;

/** The address columns and their lengths (a longer stored part is cut to fit). */
const SHIP_COLUMNS = {
  shipName: 200,
  shipLine1: 200,
  shipLine2: 200,
  shipCity: 100,
  shipState: 100,
  shipPostalCode: 20,
  shipCountry: 60,
  shipPhone: 40,
} as const;
type ShipColumn = keyof typeof SHIP_COLUMNS;
type Address = Record<ShipColumn, string | null>;

/** The orders list's searched columns before and after (see 1767905000000-SearchFollowsWrites). */
const SEARCHED_BEFORE = [
  'email',
  'customerName',
  'lineItems',
  'showLocation',
  'trackingNumber',
  'notes',
];
const SEARCHED_AFTER = ['email', 'customerName', 'showLocation', 'trackingNumber', 'notes'];

/**
 * An order becomes rows and columns: its items move from the `lineItems` JSON text to
 * `order_lines` (one row per line, naming its product by id), its address from the
 * `shippingAddress` JSON text (in any of its four stored shapes) to the `ship*` columns. A line
 * is matched to its product by the id it stores (releases), else by its name and size against
 * the catalogue; a line that matches none keeps what it says with no product, and the count of
 * those is logged. The order's discount and tax are shared between its lines by what each cost.
 * The orders list no longer searches the items' text (its index follows the new columns). The
 * down migration writes the JSON back from the rows.
 */
export class OrderLinesAndAddressColumns1768000000000 implements MigrationInterface {
  name = 'OrderLinesAndAddressColumns1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'order_lines',
        columns: [
          idColumn(),
          { name: 'orderId', type: 'integer' },
          { name: 'productId', type: 'varchar', length: '60', isNullable: true },
          { name: 'variantId', type: 'integer', isNullable: true },
          { name: 'productName', type: 'varchar', length: '200' },
          { name: 'size', type: 'varchar', length: '10', isNullable: true },
          { name: 'kind', type: 'varchar', length: '10', default: "'physical'" },
          { name: 'quantity', type: 'integer' },
          { name: 'unitPriceCents', type: 'integer' },
          { name: 'discountCents', type: 'integer', default: 0 },
          { name: 'taxCents', type: 'integer', default: 0 },
          { name: 'refundedQuantity', type: 'integer', default: 0 },
        ],
        indices: [
          { name: 'IDX_order_lines_orderId', columnNames: ['orderId'] },
          { name: 'IDX_order_lines_productId', columnNames: ['productId'] },
        ],
      }),
    );
    await dropSearch(queryRunner);
    await keepingTriggers(queryRunner, ['orders'], () =>
      queryRunner.addColumns('orders', shipColumns()),
    );
    const unmatched = await backfill(queryRunner);
    if (unmatched.orders > 0) {
      new Logger(this.name).log(
        `Order lines made for ${unmatched.orders} orders: ${unmatched.lines} lines, ` +
          `${unmatched.unmatched} of them matching no product (kept with productId null).`,
      );
    }
    await keepingTriggers(queryRunner, ['orders'], async () => {
      await queryRunner.dropColumn('orders', 'lineItems');
      await queryRunner.dropColumn('orders', 'shippingAddress');
    });
    await createSearch(queryRunner, SEARCHED_AFTER);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropSearch(queryRunner);
    await keepingTriggers(queryRunner, ['orders'], async () => {
      await queryRunner.addColumns('orders', [
        new TableColumn({ name: 'shippingAddress', type: 'text', isNullable: true }),
        new TableColumn({ name: 'lineItems', type: 'text', isNullable: true }),
      ]);
    });
    await writeJsonBack(queryRunner);
    await keepingTriggers(queryRunner, ['orders'], async () => {
      for (const name of ['shippingAddress', 'lineItems']) {
        await queryRunner.changeColumn(
          'orders',
          name,
          new TableColumn({ name, type: 'text', isNullable: false }),
        );
      }
      for (const name of Object.keys(SHIP_COLUMNS)) await queryRunner.dropColumn('orders', name);
    });
    await createSearch(queryRunner, SEARCHED_BEFORE);
    await queryRunner.dropTable('order_lines');
  }
}

const shipColumns = () =>
  Object.entries(SHIP_COLUMNS).map(
    ([name, length]) =>
      new TableColumn({ name, type: 'varchar', length: String(length), isNullable: true }),
  );

interface StoredOrder {
  id: number;
  lineItems: string;
  shippingAddress: string;
  discountAmount: number;
  taxAmount: number;
}

interface Catalogue {
  byId: Map<string, { name: string; kind: string; variants: Map<string, number> }>;
  /** "Name - SIZE" or "Name" to the product and size it names. */
  byLineName: Map<string, { productId: string; productName: string; size: string | null }>;
}

async function catalogue(queryRunner: QueryRunner): Promise<Catalogue> {
  const products = (await queryRunner.query('SELECT id, name, kind FROM products')) as {
    id: string;
    name: string;
    kind: string;
  }[];
  const variants = (await queryRunner.query(
    'SELECT id, productId, size FROM product_variants',
  )) as { id: number; productId: string; size: string }[];
  const byId: Catalogue['byId'] = new Map();
  for (const p of products) byId.set(p.id, { name: p.name, kind: p.kind, variants: new Map() });
  const byLineName: Catalogue['byLineName'] = new Map();
  for (const v of variants) {
    const product = byId.get(v.productId);
    if (!product) continue;
    product.variants.set(v.size, Number(v.id));
    const size = v.size === '' ? null : v.size;
    const lineName = size ? `${product.name} - ${size}` : product.name;
    if (!byLineName.has(lineName))
      byLineName.set(lineName, { productId: v.productId, productName: product.name, size });
  }
  return { byId, byLineName };
}

async function backfill(
  queryRunner: QueryRunner,
): Promise<{ orders: number; lines: number; unmatched: number }> {
  const products = await catalogue(queryRunner);
  const counts = { orders: 0, lines: 0, unmatched: 0 };
  for (let after = 0; ;) {
    const orders = (
      (await queryRunner.query(
        `SELECT id, lineItems, shippingAddress, discountAmount, taxAmount FROM orders
         WHERE id > ? ORDER BY id LIMIT ${BATCH}`,
        [after],
      )) as StoredOrder[]
    ).map((o) => ({ ...o, id: Number(o.id) }));
    if (orders.length === 0) return counts;
    const lines: Record<string, unknown>[] = [];
    const addresses: { id: number; address: Address }[] = [];
    for (const order of orders) {
      const made = linesOf(order, products);
      counts.lines += made.length;
      counts.unmatched += made.filter((line) => line.productId === null).length;
      lines.push(...made);
      const address = readAddress(order.shippingAddress);
      if (address) addresses.push({ id: order.id, address });
    }
    counts.orders += orders.length;
    for (let i = 0; i < lines.length; i += CHUNK) {
      await insertLines(queryRunner, lines.slice(i, i + CHUNK));
    }
    for (let i = 0; i < addresses.length; i += CHUNK) {
      await setAddresses(queryRunner, addresses.slice(i, i + CHUNK));
    }
    after = orders[orders.length - 1].id;
  }
}

const LINE_COLUMNS = [
  'orderId',
  'productId',
  'variantId',
  'productName',
  'size',
  'kind',
  'quantity',
  'unitPriceCents',
  'discountCents',
  'taxCents',
  'refundedQuantity',
];

async function insertLines(
  queryRunner: QueryRunner,
  lines: Record<string, unknown>[],
): Promise<void> {
  const q = (name: string) => queryRunner.connection.driver.escape(name);
  const tuple = `(${LINE_COLUMNS.map(() => '?').join(', ')})`;
  await queryRunner.query(
    `INSERT INTO ${q('order_lines')} (${LINE_COLUMNS.map(q).join(', ')}) VALUES ` +
      lines.map(() => tuple).join(', '),
    lines.flatMap((line) => LINE_COLUMNS.map((column) => line[column])),
  );
}

/** One UPDATE for a chunk of orders: each column a CASE on the order's id. */
async function setAddresses(
  queryRunner: QueryRunner,
  rows: { id: number; address: Address }[],
): Promise<void> {
  const q = (name: string) => queryRunner.connection.driver.escape(name);
  const params: unknown[] = [];
  const sets = (Object.keys(SHIP_COLUMNS) as ShipColumn[]).map((column) => {
    const cases = rows.map(({ id, address }) => {
      params.push(id, address[column]);
      return 'WHEN ? THEN ?';
    });
    return `${q(column)} = CASE ${q('id')} ${cases.join(' ')} END`;
  });
  params.push(...rows.map((row) => row.id));
  await queryRunner.query(
    `UPDATE ${q('orders')} SET ${sets.join(', ')} WHERE ${q('id')} IN (${rows.map(() => '?').join(', ')})`,
    params,
  );
}

/** A stored line as the code wrote it (older rows may miss fields or hold other types). */
interface StoredLine {
  product_name?: unknown;
  quantity?: unknown;
  price?: unknown;
  pre_order_until?: unknown;
  product_id?: unknown;
  digital?: unknown;
}

function parseLines(json: string): StoredLine[] {
  try {
    const items = JSON.parse(json) as unknown;
    return Array.isArray(items)
      ? items.filter((item): item is StoredLine => !!item && typeof item === 'object')
      : [];
  } catch {
    return [];
  }
}

const whole = (value: unknown) => {
  const n = Math.round(Number(value));
  return Number.isFinite(n) ? n : 0;
};

function linesOf(order: StoredOrder, products: Catalogue): Record<string, unknown>[] {
  const stored = parseLines(order.lineItems);
  const made = stored.map((item) => {
    const name =
      String(item.product_name ?? '')
        .trim()
        .slice(0, 200) || 'Unnamed item';
    const byId = typeof item.product_id === 'string' ? products.byId.get(item.product_id) : null;
    const byName = byId ? null : products.byLineName.get(name);
    const digital = item.digital === true || byId?.kind === 'digital';
    const sized = byName?.size ?? null;
    const productName = byName ? byName.productName : name;
    const productId = byId ? (item.product_id as string) : (byName?.productId ?? null);
    const variants = productId ? products.byId.get(productId)?.variants : undefined;
    return {
      orderId: order.id,
      productId,
      variantId: digital ? null : (variants?.get(sized ?? '') ?? null),
      productName,
      size: sized,
      kind: digital
        ? 'digital'
        : typeof item.pre_order_until === 'string'
          ? 'pre-order'
          : 'physical',
      quantity: whole(item.quantity),
      unitPriceCents: whole(item.price),
      refundedQuantity: 0,
    };
  });
  const weights = made.map((line) => line.quantity * line.unitPriceCents);
  const discounts = shareOut(whole(order.discountAmount), weights);
  const taxes = shareOut(whole(order.taxAmount), weights);
  return made.map((line, i) => ({ ...line, discountCents: discounts[i], taxCents: taxes[i] }));
}

/** A fixed copy of the orders' rule: shares in whole cents summing to `total` exactly. */
function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || weights.length === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (sum === 0 ? total / weights.length : (total * w) / sum));
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The columns of a stored address, read from every shape stored: `{ type: 'in-person' }`, a
 * string, `{ name?, address: {...} }`, `{ name?, address: '...' }` and the fields at the top
 * level. Null for in-person, empty and unreadable ones; a string lands in `shipLine1`.
 */
function readAddress(json: string): Address | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const fit = (column: ShipColumn, part: unknown) =>
    text(part).slice(0, SHIP_COLUMNS[column]) || null;
  const none: Address = {
    shipName: null,
    shipLine1: null,
    shipLine2: null,
    shipCity: null,
    shipState: null,
    shipPostalCode: null,
    shipCountry: null,
    shipPhone: null,
  };
  if (typeof value === 'string') {
    return value.trim() ? { ...none, shipLine1: fit('shipLine1', value) } : null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (record.type === 'in-person') return null;
  if (typeof record.address === 'string') {
    return record.address.trim()
      ? {
          ...none,
          shipName: fit('shipName', record.name),
          shipLine1: fit('shipLine1', record.address),
        }
      : null;
  }
  const fields =
    record.address && typeof record.address === 'object'
      ? (record.address as Record<string, unknown>)
      : record;
  const address: Address = {
    shipName: fit('shipName', record.name),
    shipLine1: fit('shipLine1', fields.line1),
    shipLine2: fit('shipLine2', fields.line2),
    shipCity: fit('shipCity', fields.city),
    shipState: fit('shipState', fields.state),
    shipPostalCode: fit('shipPostalCode', fields.postal_code),
    shipCountry: fit('shipCountry', fields.country),
    shipPhone: fit('shipPhone', fields.phone ?? record.phone),
  };
  const { shipName: _name, shipPhone: _phone, ...place } = address;
  return Object.values(place).some(Boolean) ? address : null;
}

/** The down migration: each order's JSON written again from its rows. */
async function writeJsonBack(queryRunner: QueryRunner): Promise<void> {
  for (let after = 0; ;) {
    const orders = (await queryRunner.query(
      `SELECT * FROM orders WHERE id > ? ORDER BY id LIMIT ${BATCH}`,
      [after],
    )) as (Address & {
      id: number;
      salesChannel: string;
      preOrderUntil: string | null;
    })[];
    if (orders.length === 0) return;
    const ids = orders.map((o) => Number(o.id));
    const lines = (await queryRunner.query(
      `SELECT * FROM order_lines WHERE orderId IN (${ids.map(() => '?').join(', ')}) ORDER BY id`,
      ids,
    )) as {
      orderId: number;
      productId: string | null;
      productName: string;
      size: string | null;
      kind: string;
      quantity: number;
      unitPriceCents: number;
    }[];
    for (const order of orders) {
      const items = lines
        .filter((line) => Number(line.orderId) === Number(order.id))
        .map((line) => ({
          product_name: line.size ? `${line.productName} - ${line.size}` : line.productName,
          quantity: Number(line.quantity),
          price: Number(line.unitPriceCents),
          ...(line.kind === 'pre-order' && order.preOrderUntil
            ? { pre_order_until: order.preOrderUntil }
            : {}),
          ...(line.kind === 'digital' && line.productId
            ? { product_id: line.productId, digital: true }
            : {}),
        }));
      const address =
        order.shipLine1 || order.shipCity || order.shipPostalCode
          ? {
              ...(order.shipName ? { name: order.shipName } : {}),
              address: {
                line1: order.shipLine1,
                line2: order.shipLine2,
                city: order.shipCity,
                state: order.shipState,
                postal_code: order.shipPostalCode,
                country: order.shipCountry,
              },
            }
          : order.salesChannel === 'in-person'
            ? { type: 'in-person' }
            : {};
      await queryRunner.query('UPDATE orders SET lineItems = ?, shippingAddress = ? WHERE id = ?', [
        JSON.stringify(items),
        JSON.stringify(address),
        order.id,
      ]);
    }
    after = Number(orders[orders.length - 1].id);
  }
}

/** Drops the orders list's search index triggers (and SQLite's full-text table). */
async function dropSearch(queryRunner: QueryRunner): Promise<void> {
  if (isMysql(queryRunner)) {
    await queryRunner.query('DROP TRIGGER IF EXISTS `orders_search_au`');
    return;
  }
  for (const when of ['ai', 'au', 'ad'])
    await queryRunner.query(`DROP TRIGGER IF EXISTS "orders_search_${when}"`);
  await queryRunner.query('DROP TABLE IF EXISTS "orders_search"');
}

/** The orders list's search index over `columns`, as 1767905000000-SearchFollowsWrites made it. */
async function createSearch(queryRunner: QueryRunner, columns: string[]): Promise<void> {
  if (isMysql(queryRunner)) {
    const edited = columns
      .map((c) => `NOT (CAST(OLD.\`${c}\` AS BINARY) <=> CAST(NEW.\`${c}\` AS BINARY))`)
      .join(' OR ');
    await queryRunner.query(
      'CREATE TRIGGER `orders_search_au` AFTER UPDATE ON `orders` FOR EACH ROW ' +
        "INSERT INTO search_gram_changes (list, rowId) SELECT 'orders', NEW.id FROM DUAL " +
        `WHERE ${edited} OR OLD.id <> NEW.id`,
    );
    return;
  }
  const index = 'orders_search';
  const names = columns.map((c) => `"${c}"`).join(', ');
  const of = (row: 'new' | 'old') => columns.map((c) => `${row}."${c}"`).join(', ');
  await queryRunner.query(
    `CREATE VIRTUAL TABLE "${index}" USING fts5(${names}, ` +
      `content='orders', content_rowid='id', tokenize='trigram')`,
  );
  await queryRunner.query(`INSERT INTO "${index}"("${index}") VALUES ('rebuild')`);
  await queryRunner.query(
    `CREATE TRIGGER "${index}_ai" AFTER INSERT ON "orders" BEGIN ` +
      `INSERT INTO "${index}"(rowid, ${names}) VALUES (new."id", ${of('new')}); END`,
  );
  await queryRunner.query(
    `CREATE TRIGGER "${index}_ad" AFTER DELETE ON "orders" BEGIN ` +
      `INSERT INTO "${index}"("${index}", rowid, ${names}) ` +
      `VALUES ('delete', old."id", ${of('old')}); END`,
  );
  await queryRunner.query(
    `CREATE TRIGGER "${index}_au" AFTER UPDATE OF "id", ${names} ON "orders" BEGIN ` +
      `INSERT INTO "${index}"("${index}", rowid, ${names}) ` +
      `VALUES ('delete', old."id", ${of('old')}); ` +
      `INSERT INTO "${index}"(rowid, ${names}) VALUES (new."id", ${of('new')}); END`,
  );
}
