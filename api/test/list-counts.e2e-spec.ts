import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type { ListPage } from '@artist/contracts';
import { countList } from '../src/lists/list.js';
import { TableVersions } from '../src/database/table-versions.js';
import { Transactions } from '../src/database/transaction.js';
import { Fan } from '../src/modules/fans/fan.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { NewsletterService } from '../src/modules/newsletter/newsletter.service.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

type Page = ListPage<{ id: number; email: string }, string>;

/**
 * The filter buttons' counts are kept between requests (counting half a million rows costs more
 * than the page); these tests hold them to the rows as they are after every kind of write.
 */
describe.each(testDatabases())('list counts kept between requests on $name', (db) => {
  const t = testAppOfSuite(db, { TRUST_PROXY: '1' });
  let admin: TestAgent;
  let visitor = 0;

  const counts = async (list: string, query: Record<string, string> = {}) =>
    ((await admin.get(`/api/admin/${list}`).query(query).expect(200)).body as Page).counts;
  const signUp = (email: string) =>
    request(t.server)
      .post('/api/email-signup')
      .set('X-Forwarded-For', `198.51.100.${++visitor}`)
      .send({ email })
      .expect(201);
  const stored = () => t.app.get(DataSource).getRepository(EmailSignup);

  beforeAll(async () => {
    admin = await loggedIn(t);
  });
  // One server for the file; each test starts from no sign-ups and no fans, and the counts kept
  // for them are dropped with the rows (cleared in SQL, which TypeORM's events do not report).
  // Each sign-up comes from an address of its own across the file, so none meets the rate limit.
  beforeEach(async () => {
    const dataSource = t.app.get(DataSource);
    await stored().clear();
    await dataSource.getRepository(Fan).clear();
    t.app.get(TableVersions).changed('email_signups', 'fans');
  });

  it('follows each write at once: a sign-up, a confirmation, a bulk mark and an erasure', async () => {
    expect(await counts('email-signups')).toMatchObject({ all: 0, unconfirmed: 0 });
    expect(await counts('fans')).toMatchObject({ all: 0, subscribers: 0 });

    await signUp('patsy@example.com');
    expect(await counts('email-signups')).toEqual({
      all: 1,
      pending: 1,
      contacted: 0,
      confirmed: 0,
      unconfirmed: 1,
      unsubscribed: 0,
    });
    expect(await counts('email-signups', { search: 'patsy' })).toMatchObject({ all: 1 });

    const { confirmToken } = await stored().findOneByOrFail({ email: 'patsy@example.com' });
    await request(t.server)
      .post('/api/newsletter/confirm')
      .set('Origin', t.config.publicUrl)
      .type('form')
      .send({ token: confirmToken! })
      .expect(200);
    expect(await counts('email-signups')).toMatchObject({ confirmed: 1, unconfirmed: 0 });
    // The fans list counts from the signups table as well as its own.
    expect(await counts('fans')).toMatchObject({ all: 1, subscribers: 1 });

    await admin
      .put('/api/admin/email-signups/bulk')
      .send({ filter: { status: 'pending' }, contacted: true })
      .expect(200);
    expect(await counts('email-signups')).toMatchObject({ pending: 0, contacted: 1 });

    const fans = (await admin.get('/api/admin/fans').expect(200)).body as Page;
    await admin.delete(`/api/admin/fans/${fans.rows[0]!.id}`).expect(200);
    expect(await counts('email-signups')).toMatchObject({ all: 0, contacted: 0, confirmed: 0 });
    expect(await counts('email-signups', { search: 'patsy' })).toMatchObject({ all: 0 });
    expect(await counts('fans')).toMatchObject({ all: 0, subscribers: 0 });
  });

  it('ends equal to the rows when counts are asked for while sign-ups land at once', async () => {
    const addresses = Array.from({ length: 24 }, (_, i) => `fan${i}@example.com`);
    await Promise.all(
      addresses.flatMap((address, i) => [
        signUp(address),
        counts('email-signups', i % 2 ? {} : { status: 'unconfirmed' }),
      ]),
    );
    const rows = await stored().count();
    expect(rows).toBe(addresses.length);
    expect(await counts('email-signups')).toMatchObject({ all: rows, unconfirmed: rows });
  });

  it('counts a transaction’s rows once it commits, though they were counted before it did', async () => {
    const transactions = t.app.get(Transactions);
    const definition = t.app.get(NewsletterService).listDefinition();
    expect((await countList(definition, '')).all).toBe(0);
    await transactions.run(async (manager) => {
      await manager.insert(EmailSignup, { email: 'tammy@example.com' });
      // Another connection cannot see the row yet (MariaDB); SQLite's one connection can. Either
      // way what is counted now must not outlive the commit.
      await countList(definition, '');
    });
    expect((await countList(definition, '')).all).toBe(1);

    await transactions
      .run(async (manager) => {
        await manager.insert(EmailSignup, { email: 'loretta@example.com' });
        await countList(definition, '');
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    expect((await countList(definition, '')).all).toBe(1);
  });
});
