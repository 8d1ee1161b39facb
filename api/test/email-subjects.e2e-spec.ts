import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type { Fan, ListPage } from '@artist/contracts';
import { ContactMessage } from '../src/modules/contact/contact-message.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { loggedIn } from './utils/admin.js';
import { payWithTestProvider, shirt } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

const JUNE = 'june.carter@example.com';

describe.each(testDatabases())('email subjects on $name', (db) => {
  const t = testAppOfSuite(db, { ARTIST_EMAIL: 'artist@example.com' });
  let admin: TestAgent;
  const post = (path: string, body: object) =>
    request(t.server).post(path).set('Origin', t.config.publicUrl).send(body).expect(201);
  const outbox = () => t.app.get(DataSource).getRepository(OutboxEmail);
  const subjects = async () =>
    (await outbox().find({ order: { id: 'ASC' } })).map(
      (e) => `${e.kind} ${e.subjectType} ${e.subjectId}`,
    );

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  it('names on each queued email the record whose change caused it', async () => {
    await payWithTestProvider(t, [shirt('M', 1)], {
      name: 'June Carter',
      email: JUNE,
      line1: '1 Ring Road',
      line2: '',
      city: 'Maces Spring',
      state: 'VA',
      postal_code: '24258',
      country: 'US',
    });
    const order = await t.app.get(DataSource).getRepository(Order).findOneByOrFail({ email: JUNE });
    await admin
      .put(`/api/admin/orders/${order.id}`)
      .send({ fulfillmentStatus: 'fulfilled', trackingNumber: '1Z999AA10123456784' })
      .expect(200);
    await post('/api/email-signup', { email: JUNE });
    const signup = await t.app.get(DataSource).getRepository(EmailSignup).findOneByOrFail({
      email: JUNE,
    });
    await post('/api/contact', {
      firstName: 'June',
      lastName: 'Carter',
      email: JUNE,
      subject: 'fan',
      message: 'Wildwood flower.',
    });
    const message = await t.app.get(DataSource).getRepository(ContactMessage).findOneByOrFail({
      email: JUNE,
    });

    expect(await subjects()).toEqual([
      `order-confirmation order ${order.id}`,
      `artist-order order ${order.id}`,
      `order-shipped order ${order.id}`,
      `newsletter-confirm signup ${signup.id}`,
      `artist-contact contact-message ${message.id}`,
    ]);
  });

  it("erases the emails about a fan's records wherever they went, and no one else's", async () => {
    const order = await t.app.get(DataSource).getRepository(Order).findOneByOrFail({ email: JUNE });
    const alert = await outbox().findOneByOrFail({ kind: 'artist-order' });
    // A resent copy of the artist's alert of her order that names none of her addresses, and
    // one about someone else's order.
    const copy = (key: string, subjectId: string) =>
      outbox().save(
        {
          ...alert,
          id: undefined,
          key,
          toAddress: 'bookkeeper@example.com',
          replyToAddress: null,
          subjectId,
          messageId: `<${key}@example.com>`,
        },
        { transaction: false },
      );
    await copy(`artist-order:${order.id}:resend:1`, String(order.id));
    await copy(`artist-order:${order.id + 1}:resend:1`, String(order.id + 1));
    const { body } = (await admin.get('/api/admin/fans?search=june').expect(200)) as {
      body: ListPage<Fan, string>;
    };

    const res = await admin.delete(`/api/admin/fans/${body.rows[0]!.id}`).expect(200);

    expect(res.body).toMatchObject({ emailsDeleted: 6 });
    expect(await subjects()).toEqual([`artist-order order ${order.id + 1}`]);
  });
});
