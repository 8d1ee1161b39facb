import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { ListPage, NotifyListFilter, NotifyMe as NotifyMeView } from '@artist/contracts';
import { ProductVariantRecord } from '../src/modules/catalog/product.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { loggedIn } from './utils/admin.js';
import { parseCsv } from './utils/csv.js';
import { oneDatabase } from './utils/databases.js';
import { outboxSettled } from './utils/outbox.js';
import { eventually, MAIL_WAIT_MS, type ReceivedMail } from './utils/smtp.js';
import { mailingAppOfSuite } from './utils/mailing.js';
import { clearTables, repositoryOf } from './utils/test-app.js';

const PUBLIC_URL = 'http://shop.example.test';
const SHIRT = 'Wren Calloway T-Shirt';

describe.each(oneDatabase())('notify-me per size on $name', (db) => {
  const { smtp, t } = mailingAppOfSuite(db, { PUBLIC_URL });
  let admin: TestAgent;

  const ask = (email: string, productName: string, size?: string) =>
    request(t.server)
      .post('/api/notify-me')
      .set('Origin', PUBLIC_URL)
      .send({ email, productName, ...(size === undefined ? {} : { size }) });
  const setStock = (id: string, size: string | null, stock: number | null) =>
    admin.put(`/api/admin/products/${id}/stock`).send({ size, stock }).expect(200);
  const alerts = () => smtp.received.filter((m) => /is back in stock/.test(m.parsed.subject ?? ''));
  /** Waits until `count` alerts arrived and the outbox holds no more. */
  async function received(count: number): Promise<ReceivedMail[]> {
    await eventually(() => alerts().length >= count, MAIL_WAIT_MS, `${count} emails`);
    await outboxSettled(t);
    return alerts();
  }
  const rows = async () =>
    (await admin.get('/api/admin/notify-me?sort=email').expect(200)).body as ListPage<
      NotifyMeView,
      NotifyListFilter
    >;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  beforeEach(async () => {
    smtp.received.length = 0;
    await clearTables(t, [NotifyMe, OutboxEmail]);
    await repositoryOf(t, ProductVariantRecord).update(
      { productId: 'tshirt' },
      { stock: 0, sold: 0 },
    );
    await repositoryOf(t, ProductVariantRecord).update({ productId: 'hat' }, { stock: 0, sold: 0 });
  });

  it('takes a size, shows it on the admin rows and in the CSV, and keeps one pending request per size', async () => {
    await ask('ada@example.com', SHIRT, 'XL').expect(201);
    await ask('ada@example.com', SHIRT, 'XL').expect(201);
    await ask('ada@example.com', SHIRT, 'S').expect(201);
    await ask('bo@example.com', SHIRT).expect(201);
    const list = await rows();
    expect(list.rows.map((r) => [r.email, r.size]).sort()).toEqual([
      ['ada@example.com', 'S'],
      ['ada@example.com', 'XL'],
      ['bo@example.com', null],
    ]);
    const csv = await admin.get('/api/admin/notify-me/export?sort=email').expect(200);
    const [header, ...lines] = parseCsv(csv.text);
    const size = header!.indexOf('size');
    expect(size).toBeGreaterThan(header!.indexOf('productName'));
    expect(lines.map((line) => line[size]).sort()).toEqual(['', 'S', 'XL']);
  });

  it('refuses a size the product does not come in, or a size for a product without sizes, storing nothing', async () => {
    await repositoryOf(t, ProductVariantRecord).delete({ productId: 'tshirt', size: '2XL' });
    const missing = await ask('ada@example.com', SHIRT, '2XL').expect(400);
    expect(missing.body.message).toBe(`The ${SHIRT} comes in S, M, L, XL; not 2XL.`);
    const hat = await ask('ada@example.com', 'Trucker Hat', 'M').expect(400);
    expect(hat.body.message).toBe('The Trucker Hat does not come in sizes.');
    const bad = await ask('ada@example.com', SHIRT, 'XXL').expect(400);
    expect(bad.body.message).toBe(`The ${SHIRT} comes in S, M, L, XL; not XXL.`);
    const long = await ask('ada@example.com', SHIRT, 'Thirteen char').expect(400);
    expect(JSON.stringify(long.body)).toContain(
      "Size must be one of the product's sizes, such as M.",
    );
    expect(await repositoryOf(t, NotifyMe).count()).toBe(0);
    await repositoryOf(t, ProductVariantRecord).insert({
      productId: 'tshirt',
      size: '2XL',
      position: 4,
      stock: 0,
    });
  });

  it('emails on a restock of a size only the requests for that size or the whole product, naming the size', async () => {
    await ask('xl@example.com', SHIRT, 'XL').expect(201);
    await ask('s@example.com', SHIRT, 'S').expect(201);
    await ask('any@example.com', SHIRT).expect(201);

    await setStock('tshirt', 'XL', 4);
    const mails = await received(2);
    expect(mails.map((m) => m.rcptTo[0]).sort()).toEqual(['any@example.com', 'xl@example.com']);
    for (const mail of mails) {
      expect(mail.parsed.subject).toBe(`The ${SHIRT} is back in stock in XL`);
      expect(mail.parsed.text).toContain(`the ${SHIRT} you asked about is back in the shop in XL`);
    }
    const s = await repositoryOf(t, NotifyMe).findOneByOrFail({ email: 's@example.com' });
    expect(s.notified).toBe('false');

    smtp.received.length = 0;
    await setStock('tshirt', 'S', 2);
    const [mail] = await received(1);
    expect(mail!.rcptTo).toEqual(['s@example.com']);
    expect(mail!.parsed.subject).toBe(`The ${SHIRT} is back in stock in S`);
    expect(alerts()).toHaveLength(1);
  });

  it('leaves size requests pending when another size comes back, and names the size on a manual send', async () => {
    await ask('m@example.com', SHIRT, 'M').expect(201);
    await setStock('tshirt', 'L', 1);
    await outboxSettled(t);
    expect(alerts()).toHaveLength(0);
    const row = await repositoryOf(t, NotifyMe).findOneByOrFail({ email: 'm@example.com' });
    expect(row.notified).toBe('false');

    await admin
      .post('/api/admin/notify-me/send')
      .send({ ids: [row.id] })
      .expect(200);
    const [mail] = await received(1);
    expect(mail!.parsed.subject).toBe(`The ${SHIRT} is back in stock in M`);
  });
});
