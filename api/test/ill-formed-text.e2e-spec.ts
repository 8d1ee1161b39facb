import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { ContactMessage } from '../src/modules/contact/contact-message.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { Show } from '../src/modules/shows/show.entity.js';
import { loggedIn } from './utils/admin.js';
import { BUYER_FORM, checkoutSessions, createCheckout, orders, shirt } from './utils/checkout.js';
import { showInput } from './utils/shows.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

/** JSON with a lone UTF-16 surrogate written as an escape, as a client could send it. */
const LONE = 'a\\ud800b';
const EMAIL_MESSAGE = 'Please enter a valid email address';

const contact = {
  firstName: 'Dolly',
  lastName: 'Parton',
  email: 'dolly@example.com',
  subject: 'booking',
  message: 'Would you open for us in June?',
};
const online = {
  salesChannel: 'online',
  customerName: 'Loretta Lynn',
  email: 'loretta@example.com',
  lineItems: [{ product_name: 'T-Shirt - M', quantity: 1, price: 2500 }],
  shippingAddress: JSON.stringify({
    name: 'Loretta Lynn',
    address: { line1: '1 Main St', city: 'Nashville', postal_code: '37201', country: 'US' },
  }),
  paymentMethod: 'cash',
};
const show = showInput();

/** The body as JSON text, with one field's value replaced by raw JSON (an escape kept as sent). */
function withRaw(body: object, field: string, raw: string): string {
  const marker = '"__RAW__"';
  return JSON.stringify({ ...body, [field]: '__RAW__' }).replace(marker, `"${raw}"`);
}

describe.each(testDatabases())('ill-formed text on $name', (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  const count = async () => {
    const ds = t.app.get(DataSource);
    return Promise.all(
      [EmailSignup, NotifyMe, ContactMessage, Order, Show].map((e) => ds.getRepository(e).count()),
    );
  };

  const sendJson = (agent: TestAgent | ReturnType<typeof request>, path: string, json: string) =>
    agent.post(path).set('Content-Type', 'application/json').send(json);
  /** The contact form with `raw` as its message, as raw JSON (an escape kept as sent). */
  const sendMessage = (raw: string) =>
    sendJson(request(t.server), '/api/contact', withRaw(contact, 'message', raw));
  const savedMessage = (message: string) =>
    t.app.get(DataSource).getRepository(ContactMessage).findOneByOrFail({ message });

  it.each([
    ['/api/email-signup', { email: '' }],
    ['/api/notify-me', { email: '', productName: 'Trucker Hat' }],
    ['/api/contact', contact],
  ])('refuses a lone surrogate in the email sent to %s', async (path, body) => {
    const before = await count();
    const res = await sendJson(
      request(t.server),
      path,
      withRaw(body, 'email', `${LONE}@example.com`),
    ).expect(400);
    expect(res.body.message).toBe(EMAIL_MESSAGE);
    expect(res.body.errors).toEqual([{ field: 'email', messages: [EMAIL_MESSAGE] }]);
    expect(await count()).toEqual(before);
  });

  it('refuses a lone surrogate in the email of a manual order', async () => {
    const before = await count();
    const res = await sendJson(
      admin,
      '/api/admin/orders/manual',
      withRaw(online, 'email', `${LONE}@example.com`),
    ).expect(400);
    expect(res.body.message).toBe(EMAIL_MESSAGE);
    expect(await count()).toEqual(before);
  });

  it('refuses a lone surrogate in the email of the test payment form', async () => {
    const res = await sendJson(
      request(t.server),
      '/api/checkout/test/cs_test_local_nope/pay',
      withRaw(
        { name: 'L', line1: '1 Main St', city: 'X', postal_code: '1', country: 'US' },
        'email',
        `${LONE}@example.com`,
      ),
    ).expect(400);
    expect(res.body.message).toBe(EMAIL_MESSAGE);
  });

  it.each([
    ['/api/contact', 'message', contact],
    ['/api/contact', 'firstName', contact],
    ['/api/notify-me', 'productName', { email: 'hat@example.com' }],
  ])('refuses a lone surrogate in %s field %s, naming the field', async (path, field, body) => {
    const before = await count();
    const res = await sendJson(request(t.server), path, withRaw(body, field, LONE)).expect(400);
    expect(res.body.message).toBe(`${field} must be well-formed text`);
    expect(res.body.errors).toEqual([{ field, messages: [`${field} must be well-formed text`] }]);
    expect(await count()).toEqual(before);
  });

  it.each([
    ['/api/admin/orders/manual', 'notes', online],
    ['/api/admin/orders/manual', 'customerName', online],
    ['/api/admin/shows', 'venue', show],
    ['/api/admin/shows', 'notes', show],
  ])('refuses a lone surrogate in admin %s field %s', async (path, field, body) => {
    const before = await count();
    const res = await sendJson(admin, path, withRaw(body, field, LONE)).expect(400);
    expect(res.body.message).toBe(`${field} must be well-formed text`);
    expect(await count()).toEqual(before);
  });

  it('names a nested field by its path', async () => {
    const body = JSON.stringify({
      ...online,
      lineItems: [{ product_name: '__RAW__', quantity: 1, price: 2500 }],
    }).replace('"__RAW__"', `"${LONE}"`);
    const res = await sendJson(admin, '/api/admin/orders/manual', body).expect(400);
    expect(res.body.message).toBe('lineItems.0.product_name must be well-formed text');
  });

  it('refuses a lone low surrogate and one at the end of a string', async () => {
    for (const raw of ['x\\udc00', 'x\\ud83d']) {
      const res = await sendMessage(raw).expect(400);
      expect(res.body.message).toBe('message must be well-formed text');
    }
  });

  it('still accepts a well-formed pair (an emoji) written as escapes', async () => {
    await sendMessage('Love it \\ud83c\\udfb8').expect(201);
    const saved = await savedMessage('Love it 🎸');
    expect(saved.message).toBe('Love it 🎸');
  });

  describe('control characters in public forms', () => {
    const buyerForm = { ...BUYER_FORM, line2: '' };
    const message = (field: string) =>
      field === 'email' ? EMAIL_MESSAGE : `${field} must not contain control characters`;
    const stored = async () => [
      await count(),
      (await checkoutSessions(t)).length,
      (await orders(t)).length,
    ];

    const forms: [string, string, object][] = [
      ['/api/contact', 'firstName', contact],
      ['/api/contact', 'lastName', contact],
      ['/api/contact', 'email', contact],
      ['/api/contact', 'message', contact],
      ['/api/email-signup', 'email', { email: 'fan@example.com' }],
      ['/api/notify-me', 'email', { email: 'hat@example.com', productName: 'Trucker Hat' }],
      ['/api/notify-me', 'productName', { email: 'hat@example.com', productName: 'Trucker Hat' }],
    ];
    // As JSON escapes, the way a client sends them.
    for (const [name, escape] of [
      ['NUL', '\\u0000'],
      ['BEL', '\\u0007'],
    ]) {
      it.each(forms)(
        `refuses ${name} in %s field %s with 400 naming it, storing nothing`,
        async (path, field, body) => {
          const before = await stored();
          const value = `${(body as Record<string, string>)[field]}${escape}`;
          const res = await sendJson(request(t.server), path, withRaw(body, field, value)).expect(
            400,
          );
          expect(res.body).toEqual({
            statusCode: 400,
            message: message(field),
            errors: [{ field, messages: [message(field)] }],
          });
          expect(await stored()).toEqual(before);
        },
      );

      it(`refuses ${name} in a checkout line, naming it, and holds no stock`, async () => {
        const before = await stored();
        for (const [field, value] of [
          ['productId', 'tshirt'],
          ['size', 'M'],
        ]) {
          const raw = JSON.stringify({ items: [{ ...shirt('M', 1), [field!]: '__RAW__' }] });
          const res = await sendJson(
            request(t.server),
            '/api/create-checkout-session',
            raw.replace('"__RAW__"', `"${value}${escape}"`),
          );
          const expected = `items.0.${field} must not contain control characters`;
          expect([res.status, res.body.errors]).toEqual([
            400,
            [{ field: `items.0.${field}`, messages: [expected] }],
          ]);
        }
        expect(await stored()).toEqual(before);
      });

      it(`refuses ${name} in the test payment form, naming the field, and makes no order`, async () => {
        const { url } = (await createCheckout(t, { items: [shirt('M', 1)] }).expect(200)).body as {
          url: string;
        };
        const before = await stored();
        for (const field of ['name', 'email', 'line1', 'city', 'postal_code'] as const) {
          const res = await sendJson(
            request(t.server),
            `${new URL(url).pathname}/pay`,
            withRaw(buyerForm, field, `${buyerForm[field]}${escape}`),
          ).set('Origin', t.config.publicUrl);
          expect([field, res.status, res.body.errors]).toEqual([
            field,
            400,
            [{ field, messages: [message(field)] }],
          ]);
        }
        expect(await stored()).toEqual(before);
      });
    }

    it('keeps newlines, CRLF and tabs in a message, and refuses a lone carriage return', async () => {
      await sendMessage('Line one\\r\\nLine two\\n\\tindented').expect(201);
      const saved = await savedMessage('Line one\r\nLine two\n\tindented');
      expect(saved.firstName).toBe('Dolly');
      const res = await sendMessage('Line one\\rLine two').expect(400);
      expect(res.body.message).toBe('message must not contain control characters');
    });
  });
});
