import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import type { GalleryPhoto } from '@artist/contracts';
import type { AppConfig } from '../src/config/env.js';
import {
  BackupError,
  BOOKKEEPING,
  datetimePrecisions,
  restoreBackup,
  takeBackup,
  type BackupManifest,
} from '../src/cli/site-backup.js';
import { dataSourceOptions } from '../src/database/data-source.js';
import { entities } from '../src/entities.js';
import { Transactions } from '../src/database/transaction.js';
import { seedVolume } from '../scripts/volume-seed.js';
import { FileStorage } from '../src/modules/storage/file-storage.js';
import { STORAGE, type Storage } from '../src/modules/storage/storage.js';
import { loggedIn } from './utils/admin.js';
import { getBytes, storedBytes } from './utils/bytes.js';
import { rowsOf } from './utils/backup-rows.js';
import { buildApi, runNode } from './utils/built.js';
import { testDatabases, type TestDatabase } from './utils/databases.js';
import { startTestS3, type TestS3 } from './utils/s3.js';
import { startTestApp, startTestAppOn, type TestApp } from './utils/test-app.js';

/** The database of the other kind, when this run can reach it (CI always can: MYSQL_URL). */
function otherDatabase(db: TestDatabase): TestDatabase | undefined {
  const saved = process.env.TEST_DATABASE;
  delete process.env.TEST_DATABASE;
  try {
    return testDatabases().find((other) => other.name !== db.name);
  } finally {
    if (saved !== undefined) process.env.TEST_DATABASE = saved;
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The rows as a MySQL/MariaDB database holds them: a datetime column without fractions keeps
 * whole seconds (the schema's, not the restore's, choice), others milliseconds.
 */
function atPrecision(
  rows: Record<string, string[]>,
  precisions: Map<string, number>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [table, lines] of Object.entries(rows))
    out[table] = lines
      .map((line) => {
        const row = JSON.parse(line) as Record<string, unknown>;
        for (const [column, value] of Object.entries(row))
          if (precisions.get(`${table}.${column}`) === 0 && typeof value === 'string')
            row[column] = value.replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.\d{3}Z$/, '$1.000Z');
        return JSON.stringify(row);
      })
      .sort();
  return out;
}

async function tableCounts(database: AppConfig['database']): Promise<Record<string, number>> {
  const source = await new DataSource(dataSourceOptions(database, entities)).initialize();
  try {
    const names = (
      (await source.query(
        database.type === 'sqlite'
          ? "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'"
          : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'",
      )) as { name: string }[]
    )
      .map((r) => r.name)
      // Left out of backups: the migrations' own tables, the instances' coordination and the
      // admin lists' search index (SQLite's FTS5 tables are virtual, or their shadows).
      .filter((n) => !BOOKKEEPING.has(n));
    const counts: Record<string, number> = {};
    for (const name of names.sort()) {
      const [{ n }] = (await source.query(
        `SELECT COUNT(*) AS n FROM ${source.driver.escape(name)}`,
      )) as { n: number | string }[];
      counts[name] = Number(n);
    }
    return counts;
  } finally {
    await source.destroy();
  }
}

/** Every folder and file under `folder` (itself included), each with its permission bits. */
function modesUnder(folder: string): Record<string, string> {
  const modes: Record<string, string> = {};
  const visit = (at: string) => {
    const stat = statSync(at);
    modes[path.relative(folder, at) || '.'] =
      `${stat.isDirectory() ? 'd' : 'f'}${(stat.mode & 0o777).toString(8)}`;
    if (stat.isDirectory()) for (const name of readdirSync(at)) visit(path.join(at, name));
  };
  visit(folder);
  return modes;
}

/** The sessions held by a database, read directly (a backup leaves the table out). */
async function sessionIds(database: AppConfig['database']): Promise<string[]> {
  const reader = await new DataSource(dataSourceOptions(database, entities)).initialize();
  try {
    const rows = (await reader.query('SELECT sid FROM sessions')) as { sid: string }[];
    return rows.map((row) => row.sid);
  } finally {
    await reader.destroy();
  }
}

// The commands run as shipped, from the build.
beforeAll(() => buildApi(), 180_000);

describe.each(testDatabases())('backup and restore, from $name', (db) => {
  let s3: TestS3;
  let source: TestApp;
  let storage: Storage;
  let photos: GalleryPhoto[];
  let work: string;
  let backup: string;
  let manifest: BackupManifest;
  const drops: (() => Promise<void>)[] = [];

  /** A new empty (migrated) database and a new empty folder storage. */
  async function emptySite(kind: TestDatabase) {
    const { database, drop } = await kind.create({ migrated: true });
    drops.push(drop);
    const folder = mkdtempSync(path.join(work, 'storage-'));
    return { database, folder, storage: new FileStorage(folder) };
  }

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'artist-backup-test-'));
    s3 = await startTestS3();
    // The live site keeps its photos in S3; the copies are restored into folders.
    source = await startTestApp(db, s3.env('live'));
    storage = source.app.get<Storage>(STORAGE);
    const admin = await loggedIn(source);
    for (const [alt, background] of [
      ['Backed-up stage photo', '#803020'],
      ['Backed-up studio photo', '#204080'],
    ])
      await admin
        .post('/api/admin/gallery')
        .field('alt', alt)
        .attach(
          'photo',
          await sharp({ create: { width: 90, height: 60, channels: 3, background } })
            .png()
            .toBuffer(),
          { filename: 'p.png' },
        )
        .expect(201);
    await seedVolume(
      source.app.get(DataSource),
      { signups: 40, orders: 30, messages: 15, notify: 15 },
      { seed: 11, now: new Date('2026-05-04T10:20:30.456Z') },
    );
    photos = (await request(source.server).get('/api/gallery').expect(200)).body as GalleryPhoto[];
    backup = path.join(work, 'backup');
  });

  afterAll(async () => {
    await source?.close();
    await s3?.close();
    for (const drop of drops) await drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('copies every table with its row count and every photo with its SHA-256', async () => {
    manifest = await takeBackup({ database: source.config.database, storage, out: backup });
    const counts = await tableCounts(source.config.database);
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(counts);
    expect(counts.orders).toBeGreaterThanOrEqual(30);
    expect(counts.gallery_photos).toBe(5);
    expect(manifest.database).toBe(db.name);
    expect(manifest.migrations.length).toBeGreaterThan(20);
    expect(manifest.missingFiles).toEqual([]);

    const keys: string[] = [];
    for await (const file of storage.list('')) keys.push(file.key);
    expect(manifest.files.map((f) => f.key)).toEqual(keys.sort());
    expect(keys).toHaveLength(8);
    for (const file of manifest.files) {
      const stored = await storedBytes(storage, file.key);
      const copied = readFileSync(path.join(backup, file.file));
      expect([file.key, file.bytes, file.sha256, sha256(copied)]).toEqual([
        file.key,
        stored.length,
        sha256(stored),
        sha256(stored),
      ]);
    }
    for (const table of manifest.tables) {
      const text = readFileSync(path.join(backup, table.file));
      expect([
        table.name,
        sha256(text),
        text.toString().split('\n').filter(Boolean).length,
      ]).toEqual([table.name, table.sha256, table.rows]);
    }
    // Portable: dates in ISO 8601 UTC, booleans true/false.
    const order = JSON.parse(
      readFileSync(path.join(backup, 'tables/orders.jsonl'), 'utf8').split('\n')[0]!,
    ) as Record<string, unknown>;
    expect(order.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof order.testMode).toBe('boolean');

    await expect(
      takeBackup({ database: source.config.database, storage, out: backup }),
    ).rejects.toThrow(`The folder ${backup} is not empty: give a new or empty folder to --out.`);
  });

  it('writes folders 0700 and files 0600 whatever the umask, and leaves the live sessions out', async () => {
    const live = await sessionIds(source.config.database);
    expect(live.length).toBeGreaterThan(0);
    const out = path.join(work, 'private', 'backup');
    const umask = process.umask(0o000);
    let taken: BackupManifest;
    try {
      taken = await takeBackup({ database: source.config.database, storage, out });
    } finally {
      process.umask(umask);
    }
    const modes = modesUnder(out);
    expect(Object.keys(modes)).toEqual(
      expect.arrayContaining(['.', 'manifest.json', 'tables/users.jsonl', 'files']),
    );
    for (const [entry, mode] of Object.entries(modes))
      expect([entry, mode]).toEqual([entry, mode.startsWith('d') ? 'd700' : 'f600']);

    expect(taken.tables.map((table) => table.name)).not.toContain('sessions');
    expect(modes['tables/sessions.jsonl']).toBeUndefined();
    for (const entry of Object.keys(modes).filter((name) => /^tables\/|\.json$/.test(name))) {
      const text = readFileSync(path.join(out, entry), 'utf8');
      for (const sid of live) expect([entry, text.includes(sid)]).toEqual([entry, false]);
    }
  });

  it('restores no session from a backup taken while sessions were still copied', async () => {
    const old = path.join(work, 'with-sessions');
    cpSync(backup, old, { recursive: true });
    const row = `${JSON.stringify({
      sid: 'sid-of-an-older-backup',
      data: JSON.stringify({ cookie: {}, adminId: 'admin' }),
      expiresAt: Date.now() + 24 * 60 * 60_000,
    })}\n`;
    writeFileSync(path.join(old, 'tables/sessions.jsonl'), row);
    const oldManifest = {
      ...manifest,
      tables: [
        ...manifest.tables,
        {
          name: 'sessions',
          rows: 1,
          file: 'tables/sessions.jsonl',
          bytes: Buffer.byteLength(row),
          sha256: sha256(Buffer.from(row)),
        },
      ],
    };
    writeFileSync(path.join(old, 'manifest.json'), JSON.stringify(oldManifest));
    const target = await emptySite(db);
    await restoreBackup({ ...target, from: old });
    expect(await sessionIds(target.database)).toEqual([]);
    expect((await tableCounts(target.database)).orders).toBe(
      manifest.tables.find((t) => t.name === 'orders')!.rows,
    );
  }, 60_000);

  it.each(['same', 'other'] as const)(
    'restores into an empty database of the %s kind: rows and photo bytes identical',
    async (which) => {
      const kind = which === 'same' ? db : otherDatabase(db);
      if (!kind) {
        // Only without MYSQL_URL, as testDatabases allows outside CI.
        expect(process.env.CI).toBeFalsy();
        return;
      }
      const target = await emptySite(kind);
      const restored = await restoreBackup({ ...target, from: backup });
      expect(restored.tables).toEqual(manifest.tables);

      // A backup of the restored site holds the same rows and files.
      const again = path.join(work, `again-${which}`);
      const second = await takeBackup({ ...target, out: again });
      let expected = rowsOf(backup, manifest);
      let actual = rowsOf(again, second);
      if (kind.name === 'mysql') {
        const reader = await new DataSource(
          dataSourceOptions(target.database, entities),
        ).initialize();
        const precisions = await datetimePrecisions(reader);
        await reader.destroy();
        expected = atPrecision(expected, precisions);
        actual = atPrecision(actual, precisions);
      }
      expect(Object.keys(actual)).toEqual(Object.keys(expected));
      for (const table of Object.keys(expected))
        expect([table, actual[table]]).toEqual([table, expected[table]]);
      expect(second.files.map((f) => [f.key, f.sha256])).toEqual(
        manifest.files.map((f) => [f.key, f.sha256]),
      );

      // The restored site serves the same gallery, photo bytes and all.
      const copy = await startTestAppOn(target.database, { STORAGE_URL: `file:${target.folder}` });
      try {
        const list = (await request(copy.server).get('/api/gallery').expect(200))
          .body as GalleryPhoto[];
        expect(list).toEqual(photos);
        for (const photo of list.filter((p) => p.medium.avif)) {
          for (const url of [photo.medium.webp, photo.medium.avif!, photo.full.webp]) {
            const served = await getBytes(copy.server, url).expect(200);
            const original = await storedBytes(storage, `gallery/${path.basename(url)}`);
            expect(sha256(served.body as Buffer)).toBe(sha256(original));
          }
        }
        const admin = await loggedIn(copy);
        const orders = await admin.get('/api/admin/orders').query({ pageSize: 200 }).expect(200);
        expect((orders.body as { total: number }).total).toBe(
          manifest.tables.find((t) => t.name === 'orders')!.rows,
        );
      } finally {
        await copy.close();
      }
    },
    120_000,
  );

  it('refuses a database or storage that is not empty, or a damaged backup, with a sentence', async () => {
    // A site holding orders (a server running on a SQLite file would refuse the restore anyway).
    const full = await emptySite(db);
    await restoreBackup({ ...full, from: backup });
    const before = await tableCounts(full.database);
    await expect(
      restoreBackup({
        database: full.database,
        storage: new FileStorage(mkdtempSync(path.join(work, 'storage-'))),
        from: backup,
      }),
    ).rejects.toThrow(
      /^The database is not empty \(.*orders.*\): restore only into a new, empty database\.$/,
    );
    expect(await tableCounts(full.database)).toEqual(before);

    const target = await emptySite(db);
    writeFileSync(path.join(target.folder, 'left.txt'), 'something');
    await expect(restoreBackup({ ...target, from: backup })).rejects.toThrow(
      `The storage is not empty (the folder ${target.folder} holds left.txt): restore only into new, empty storage.`,
    );
    expect(readdirSync(target.folder)).toEqual(['left.txt']);
    const counts = await tableCounts(target.database);
    expect(counts.orders).toBe(0);

    const damaged = path.join(work, 'damaged');
    const copy = await takeBackup({ database: source.config.database, storage, out: damaged });
    const file = path.join(damaged, copy.files[0]!.file);
    writeFileSync(file, Buffer.concat([readFileSync(file), Buffer.from('x')]));
    const fresh = await emptySite(db);
    await expect(restoreBackup({ ...fresh, from: damaged })).rejects.toThrow(
      `The backup is damaged: ${copy.files[0]!.file} does not match its size and SHA-256 in manifest.json.`,
    );
    await expect(restoreBackup({ ...fresh, from: path.join(work, 'none') })).rejects.toThrow(
      BackupError,
    );
    expect(readdirSync(fresh.folder)).toEqual([]);
  }, 60_000);

  it('takes a consistent copy while orders are being written', async () => {
    const dataSource = source.app.get(DataSource);
    const [variant] = (await dataSource.query(
      'SELECT id, stock, sold FROM product_variants WHERE stock IS NOT NULL ORDER BY id',
    )) as { id: number; stock: number | string; sold: number | string }[];
    const total = Number(variant!.stock) + Number(variant!.sold);
    const soldBefore = Number(variant!.sold);
    let written = 0;
    let stop = false;
    let atSnapshot = -1;
    // Each order and the stock it takes are one transaction, as checkout writes them.
    const writer = async (id: number) => {
      for (let i = 0; !stop; i++) {
        await source.app.get(Transactions).run(async (manager) => {
          await manager.query(
            `INSERT INTO orders (email, total, stripeSessionId, paymentStatus, createdAt)
               VALUES (?, ?, ?, ?, ?)`,
            [
              `buyer${id}-${i}@example.com`,
              2500,
              `backup-test-${id}-${i}`,
              'paid',
              new Date().toISOString().replace('T', ' ').replace('Z', ''),
            ],
          );
          await manager.query(
            `INSERT INTO order_lines (orderId, productId, variantId, productName, quantity,
               unitPriceCents) SELECT id, 'tshirt', ?, 'Wren Calloway T-Shirt', 1, 2500
               FROM orders WHERE stripeSessionId = ?`,
            [variant!.id, `backup-test-${id}-${i}`],
          );
          await manager.query(
            'UPDATE product_variants SET stock = stock - 1, sold = sold + 1 WHERE id = ?',
            [variant!.id],
          );
        });
        written++;
        // As requests arrive: through the event loop, not one microtask after another (on
        // SQLite, whose statements run synchronously, that would never let a timer fire).
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const writers = [1, 2, 3].map((id) =>
      writer(id).catch((error: unknown) => {
        stop = true;
        throw error;
      }),
    );
    const until = async (done: () => boolean) => {
      while (!done() && !stop) await new Promise((resolve) => setTimeout(resolve, 5));
      if (stop) await Promise.all(writers);
    };
    await until(() => written >= 20);
    const out = path.join(work, 'during-orders');
    const startedWith = written;
    const taken = await takeBackup({
      database: source.config.database,
      storage,
      out,
      onSnapshot: () => (atSnapshot = written),
    });
    const afterBackup = written;
    await until(() => written >= afterBackup + 10);
    stop = true;
    await Promise.all(writers);

    const rows = rowsOf(out, taken);
    const orders = rows.orders!.map((line) => JSON.parse(line) as { stripeSessionId: string });
    const inBackup = orders.filter((o) => o.stripeSessionId.startsWith('backup-test-')).length;
    const copied = rows
      .product_variants!.map(
        (line) => JSON.parse(line) as { id: number; stock: number; sold: number },
      )
      .find((v) => v.id === variant!.id)!;
    // The orders in the copy are exactly those whose stock the copy shows taken.
    expect({ inBackup, sold: copied.sold - soldBefore, total: copied.stock + copied.sold }).toEqual(
      {
        inBackup,
        sold: inBackup,
        total,
      },
    );
    // Taken while the writes went on: some landed before it, some after.
    expect(inBackup).toBeGreaterThanOrEqual(startedWith);
    expect(inBackup).toBeLessThanOrEqual(atSnapshot + 3);
    expect(written).toBeGreaterThan(inBackup);
    const [live] = (await dataSource.query(
      'SELECT stock, sold FROM product_variants WHERE id = ?',
      [variant!.id],
    )) as { stock: number | string; sold: number | string }[];
    expect(Number(live!.sold) - soldBefore).toBe(written);
  }, 60_000);

  it('runs as npm run backup and npm run restore do', async () => {
    const script = (name: string) => path.join(__dirname, '..', 'dist', 'cli', `${name}.js`);
    const url = (database: AppConfig['database']) =>
      database.type === 'sqlite' ? `sqlite:${database.file}` : database.url;
    const env = {
      DATABASE_URL: url(source.config.database),
      ...s3.env('live'),
      INIT_CWD: work,
      // The SDK's notice that its releases after January 2027 need Node 22, on standard error.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    };
    const none = await runNode(script('backup'), env);
    expect([none.code, none.stderr.trim()]).toEqual([
      1,
      'Name the folder to write the backup to.\nUsage: npm run backup -- --out <folder>',
    ]);
    // A folder relative to where npm was run from.
    const taken = await runNode(script('backup'), env, '', ['--out', 'by-command']);
    expect([taken.code, taken.stderr]).toEqual([0, '']);
    expect(taken.stdout).toMatch(
      /^Done: \d+ tables, \d+ rows, 8 files \(manifest\.json lists each/m,
    );
    const written = JSON.parse(
      readFileSync(path.join(work, 'by-command', 'manifest.json'), 'utf8'),
    ) as BackupManifest;
    expect(written.files).toHaveLength(8);

    const target = await emptySite(db);
    const targetEnv = {
      DATABASE_URL: url(target.database),
      STORAGE_URL: `file:${target.folder}`,
      INIT_CWD: work,
    };
    const restored = await runNode(script('restore'), targetEnv, '', ['--from', 'by-command']);
    expect([restored.code, restored.stderr]).toEqual([0, '']);
    expect(restored.stdout).toContain('files of the backup taken');
    expect(restored.stdout).toContain(
      'Backups hold no sessions, so no one is logged in on the restored site: the artist must log in again.',
    );
    expect(await sessionIds(target.database)).toEqual([]);
    expect((await tableCounts(target.database)).orders).toBe(
      written.tables.find((t) => t.name === 'orders')!.rows,
    );
    const again = await runNode(script('restore'), targetEnv, '', ['--from', 'by-command']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /^The database is not empty \(.*\): restore only into a new, empty database\.\n$/,
    );
    // Four commands, each a Node process that loads the whole app: 11 s on an idle machine, and
    // more than 120 s in a CI run beside two busy loops (load average 15 on two cores). The limit
    // catches a hang (jest.config.cjs).
  }, 300_000);
});
