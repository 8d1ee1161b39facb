import type { MigrationInterface, QueryRunner } from 'typeorm';
import { isMysql } from './columns.js';

/** Fixed copies: the addresses of records that belong to no fan. */
const WALK_UP_EMAIL = 'walkup@merch-table.invalid';
const ERASED = 'erased';

interface ExactColumn {
  name: string;
  type: string;
  nullable: boolean;
}
const address = (name = 'email', nullable = false): ExactColumn => ({
  name,
  type: 'varchar(320)',
  nullable,
});
const token: ExactColumn = { name: 'token', type: 'varchar(64)', nullable: true };

/** Every address, token and session id column, as each stood before this migration. */
const EXACT_COLUMNS: Record<string, ExactColumn[]> = {
  fans: [address()],
  email_signups: [address(), token],
  notify_me: [address(), token],
  orders: [address()],
  contact_messages: [address()],
  emails: [address('toAddress'), address('replyToAddress', true)],
  sessions: [{ name: 'sid', type: 'varchar(128)', nullable: false }],
};

/** The tables of a fan's records, each row theirs by `fanId` and `email`. */
const RECORD_TABLES = ['orders', 'email_signups', 'notify_me', 'contact_messages'];

/** Rows read per query while the addresses are walked. */
const BATCH = 1000;

/** An address as the writers store it from now on: trimmed and lower-cased, accents kept. */
const normalise = (email: string) => email.trim().toLowerCase();

/**
 * On MySQL/MariaDB, email addresses, link tokens and session ids compared under the database's
 * default collation, which ignores case and accents: `jose@`, `josé@` and `jöse@` were one fan,
 * the signup and fan of `jose@` refused `josé@` as a duplicate, erasing one erased the others,
 * and a token with its letters' case swapped was accepted. Those columns now have the binary
 * collation `utf8mb4_bin` (SQLite's `=` is binary already: nothing to change there), and every
 * stored address is trimmed and lower-cased (JavaScript's lower case, the writers' own; SQLite's
 * LOWER() folds ASCII only), so letter case still never makes two people of one.
 *
 * Lower-casing can make two rows of a unique address; they are merged, never refused:
 * - **Signups**: one row per address is kept (the earliest confirmed, else the earliest made). It
 *   takes the earliest creation and contact times, contacted if any was, the earliest
 *   confirmation, and the latest unsubscribe when it came after the last confirmation (the
 *   person's latest choice stands; an unsubscribe is never lost to an older confirmation). Its
 *   token stays, so the links sent for the others answer as unknown links from now on.
 * - **Fans**: the earliest seen is kept and the others' records move to it.
 * Then every record is linked to the fan of exactly its address: the records of the `josé@` that
 * MySQL had joined to `jose@` get a fan of their own, first seen at their earliest record; a fan
 * left with no record is deleted, and the others' first sighting is worked out again.
 */
export class CompareAddressesExactly1767100000100 implements MigrationInterface {
  name = 'CompareAddressesExactly1767100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) await setCollation(queryRunner, 'COLLATE utf8mb4_bin');
    for (const table of ['orders', 'notify_me', 'contact_messages'])
      await normaliseInPlace(queryRunner, table, 'email');
    await normaliseInPlace(queryRunner, 'emails', 'toAddress');
    await normaliseInPlace(queryRunner, 'emails', 'replyToAddress');
    await normaliseUnique(queryRunner, 'email_signups', 'createdAt', mergeSignups);
    await normaliseUnique(queryRunner, 'fans', 'firstSeenAt', mergeFans);
    await relinkRecords(queryRunner);
  }

  /**
   * Back to the database's default collation. Addresses stay lower-cased, and fails while two
   * rows of a unique column differ by an accent only, as that collation cannot hold them.
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) await setCollation(queryRunner, '');
  }
}

async function setCollation(queryRunner: QueryRunner, collate: string): Promise<void> {
  for (const [table, columns] of Object.entries(EXACT_COLUMNS)) {
    const modify = columns.map(
      (c) =>
        `MODIFY \`${c.name}\` ${c.type} CHARACTER SET utf8mb4 ${collate} ${c.nullable ? 'NULL' : 'NOT NULL'}`,
    );
    await queryRunner.query(`ALTER TABLE \`${table}\` ${modify.join(', ')}`);
  }
}

/** The rows whose address is not yet as stored from now on, with the address it becomes. */
async function unnormalised(
  queryRunner: QueryRunner,
  table: string,
  column: string,
): Promise<{ id: number; address: string }[]> {
  const found: { id: number; address: string }[] = [];
  for (let after = 0; ;) {
    const rows = (await queryRunner.query(
      `SELECT id, ${column} AS address FROM ${table} WHERE id > ? ORDER BY id LIMIT ${BATCH}`,
      [after],
    )) as { id: number | string; address: string | null }[];
    for (const row of rows) {
      if (row.address !== null && normalise(row.address) !== row.address)
        found.push({ id: Number(row.id), address: normalise(row.address) });
    }
    if (rows.length < BATCH) return found;
    after = Number(rows.at(-1)!.id);
  }
}

/** A column with no unique key: each address is rewritten where it stands. */
async function normaliseInPlace(
  queryRunner: QueryRunner,
  table: string,
  column: string,
): Promise<void> {
  for (const row of await unnormalised(queryRunner, table, column)) {
    await queryRunner.query(`UPDATE ${table} SET ${column} = ? WHERE id = ?`, [
      row.address,
      row.id,
    ]);
  }
}

type Merge = (
  queryRunner: QueryRunner,
  address: string,
  rows: Record<string, unknown>[],
) => Promise<void>;

/**
 * A column with a unique key: the rows of each address (those to rewrite and any already
 * written so), oldest first by `oldest`, are merged into one holding the address.
 */
async function normaliseUnique(
  queryRunner: QueryRunner,
  table: string,
  oldest: string,
  merge: Merge,
): Promise<void> {
  const groups = new Map<string, number[]>();
  for (const { id, address } of await unnormalised(queryRunner, table, 'email')) {
    groups.set(address, [...(groups.get(address) ?? []), id]);
  }
  for (const [address, ids] of groups) {
    const rows = (await queryRunner.query(
      `SELECT * FROM ${table} WHERE email = ? OR id IN (${ids.map(() => '?').join(', ')})
       ORDER BY ${oldest}, id`,
      [address, ...ids],
    )) as Record<string, unknown>[];
    await merge(queryRunner, address, rows);
  }
}

const epochMs = (value: unknown) => (value === null ? null : Number(value));
const time = (value: unknown) => (value instanceof Date ? value.getTime() : Date.parse(`${value}`));
const earliest = (values: unknown[]) =>
  values
    .filter((v) => v !== null)
    .sort((a, b) => time(a) - time(b))
    .at(0) ?? null;

/** See the class: one signup per address, keeping the person's latest choice. */
async function mergeSignups(
  queryRunner: QueryRunner,
  address: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  const confirmations = rows.map((r) => epochMs(r.confirmedAt)).filter((v) => v !== null);
  const unsubscribes = rows.map((r) => epochMs(r.unsubscribedAt)).filter((v) => v !== null);
  const sends = rows.map((r) => epochMs(r.confirmationSentAt)).filter((v) => v !== null);
  const firstConfirmed = confirmations.length ? Math.min(...confirmations) : null;
  const lastConfirmed = confirmations.length ? Math.max(...confirmations) : null;
  const lastUnsubscribed = unsubscribes.length ? Math.max(...unsubscribes) : null;
  const keep =
    rows.find((r) => r.confirmedAt !== null && epochMs(r.confirmedAt) === firstConfirmed) ??
    rows[0]!;
  const others = rows.filter((r) => r !== keep).map((r) => Number(r.id));
  if (others.length)
    await queryRunner.query(
      `DELETE FROM email_signups WHERE id IN (${others.map(() => '?').join(', ')})`,
      others,
    );
  const contacted = rows.some((r) => r.contacted === 'true');
  await queryRunner.query(
    `UPDATE email_signups SET email = ?, createdAt = ?, contacted = ?, contactedAt = ?, token = ?,
       confirmedAt = ?, unsubscribedAt = ?, confirmationSentAt = ?
     WHERE id = ?`,
    [
      address,
      rows[0]!.createdAt,
      contacted ? 'true' : 'false',
      earliest(rows.map((r) => r.contactedAt)),
      keep.token ?? rows.find((r) => r.token !== null)?.token ?? null,
      firstConfirmed,
      lastUnsubscribed !== null && (lastConfirmed === null || lastUnsubscribed > lastConfirmed)
        ? lastUnsubscribed
        : null,
      sends.length ? Math.max(...sends) : null,
      keep.id,
    ],
  );
}

/** One fan per address: the earliest seen, with the others' records. */
async function mergeFans(
  queryRunner: QueryRunner,
  address: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  const [keep, ...rest] = rows.map((r) => Number(r.id));
  if (rest.length) {
    const others = rest.map(() => '?').join(', ');
    for (const table of RECORD_TABLES) {
      await queryRunner.query(`UPDATE ${table} SET fanId = ? WHERE fanId IN (${others})`, [
        keep,
        ...rest,
      ]);
    }
    await queryRunner.query(`DELETE FROM fans WHERE id IN (${others})`, rest);
  }
  await queryRunner.query('UPDATE fans SET email = ? WHERE id = ?', [address, keep]);
}

/** Every record to the fan of exactly its address (see the class). */
async function relinkRecords(queryRunner: QueryRunner): Promise<void> {
  const touched = new Set<number>();
  for (const table of RECORD_TABLES) {
    const wrong = (await queryRunner.query(
      `SELECT DISTINCT r.fanId AS fanId FROM ${table} r JOIN fans f ON f.id = r.fanId
       WHERE r.email <> f.email`,
    )) as { fanId: number | string }[];
    if (wrong.length === 0) continue;
    for (const row of wrong) touched.add(Number(row.fanId));
    await queryRunner.query(
      `UPDATE ${table} SET fanId = NULL
       WHERE fanId IS NOT NULL AND email <> (SELECT f.email FROM fans f WHERE f.id = ${table}.fanId)`,
    );
  }
  const seen = RECORD_TABLES.map(
    (table) => `SELECT email AS address, createdAt AS at FROM ${table} WHERE fanId IS NULL`,
  ).join(' UNION ALL ');
  await queryRunner.query(
    `INSERT INTO fans (email, firstSeenAt)
     SELECT address, MIN(at) FROM (${seen}) seen
     WHERE address <> '' AND address <> ? AND address <> ?
       AND NOT EXISTS (SELECT 1 FROM fans known WHERE known.email = seen.address)
     GROUP BY address`,
    [WALK_UP_EMAIL, ERASED],
  );
  for (const table of RECORD_TABLES) {
    await queryRunner.query(
      `UPDATE ${table} SET fanId = (SELECT f.id FROM fans f WHERE f.email = ${table}.email)
       WHERE fanId IS NULL`,
    );
  }
  for (const id of touched) {
    const firsts: unknown[] = [];
    for (const table of RECORD_TABLES) {
      const [row] = (await queryRunner.query(
        `SELECT MIN(createdAt) AS at FROM ${table} WHERE fanId = ?`,
        [id],
      )) as { at: unknown }[];
      firsts.push(row?.at ?? null);
    }
    const first = earliest(firsts);
    if (first === null) await queryRunner.query('DELETE FROM fans WHERE id = ?', [id]);
    else await queryRunner.query('UPDATE fans SET firstSeenAt = ? WHERE id = ?', [first, id]);
  }
}
