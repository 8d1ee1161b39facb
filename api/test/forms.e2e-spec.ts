import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { loggedIn } from './utils/admin.js';
import { csvRecords } from './utils/csv.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

const contact = (fields: Record<string, unknown> = {}) => ({
  firstName: 'Dolly',
  lastName: 'Parton',
  email: 'dolly@example.com',
  subject: 'booking',
  message: 'Would you open for us in June?',
  ...fields,
});

describe.each(testDatabases())('public forms and their admin lists on $name', (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;
  const post = (path: string, body: unknown) =>
    request(t.server)
      .post(path)
      .send(body as object);

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  describe('email signup', () => {
    it('takes an address and asks for its confirmation', async () => {
      const res = await post('/api/email-signup', { email: 'fan@example.com' }).expect(201);
      expect(res.body).toEqual({
        success: true,
        message: 'Almost there: check your inbox to confirm',
      });
    });

    it('answers a repeat, in any letter case, with the same success and no second row', async () => {
      await post('/api/email-signup', { email: 'Repeat@Example.com' }).expect(201);
      const again = await post('/api/email-signup', { email: ' REPEAT@example.COM ' }).expect(201);
      expect(again.body.success).toBe(true);
      const rows = await t.app
        .get(DataSource)
        .getRepository(EmailSignup)
        .findBy({ email: 'repeat@example.com' });
      expect(rows).toHaveLength(1);
    });

    it('keeps one row under concurrent repeats', async () => {
      await Promise.all(
        Array.from({ length: 5 }, () =>
          post('/api/email-signup', { email: 'race@example.com' }).expect(201),
        ),
      );
      const rows = await t.app
        .get(DataSource)
        .getRepository(EmailSignup)
        .findBy({ email: 'race@example.com' });
      expect(rows).toHaveLength(1);
    });

    it.each([{}, { email: 'not-an-email' }, { email: 42 }, { email: ['a@example.com'] }])(
      'refuses %j with the spec’s email message',
      async (body) => {
        const res = await post('/api/email-signup', body).expect(400);
        expect(res.body.message).toBe('Please enter a valid email address');
      },
    );
  });

  describe('notify me', () => {
    it.each(['Trucker Hat', 'Sticker Pack'])('records a request for %s', async (productName) => {
      const res = await post('/api/notify-me', { email: 'hat@example.com', productName }).expect(
        201,
      );
      expect(res.body).toEqual({
        success: true,
        message: "We'll notify you when this product is available.",
      });
    });

    it.each([
      [{ email: 'a@example.com', productName: 'T-Shirt' }, 'Invalid product name'],
      [{ email: 'a@example.com' }, 'Invalid product name'],
      [{ email: 'nope', productName: 'Trucker Hat' }, 'Please enter a valid email address'],
    ])('refuses %j', async (body, message) => {
      const res = await post('/api/notify-me', body).expect(400);
      expect(res.body.message).toBe(message);
    });
  });

  describe('contact', () => {
    it('stores a message', async () => {
      const res = await post('/api/contact', contact()).expect(201);
      expect(res.body.success).toBe(true);
      expect(typeof res.body.message).toBe('string');
    });

    it.each([
      [{ firstName: '' }, 'firstName', 'Required'],
      [{ lastName: '  ' }, 'lastName', 'Required'],
      [{ subject: '' }, 'subject', 'Required'],
      [{ subject: 'sales' }, 'subject', 'Required'],
      [{ message: undefined }, 'message', 'Required'],
      [{ email: 'dolly' }, 'email', 'Please enter a valid email address'],
    ])('refuses %j: %s "%s"', async (fields, field, message) => {
      const res = await post('/api/contact', contact(fields)).expect(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toContainEqual({
        field,
        messages: expect.arrayContaining([message]),
      });
    });

    it.each(['booking', 'collaboration', 'press', 'fan', 'other'])(
      'accepts the subject %s',
      async (subject) => {
        await post('/api/contact', contact({ subject })).expect(201);
      },
    );
  });

  describe('hostile bodies get a 4xx with a message, never a 500', () => {
    const paths = ['/api/email-signup', '/api/notify-me', '/api/contact', '/api/admin/login'];
    const bodies: [string, string][] = [
      ['an array', '[1,2,3]'],
      ['an array of objects', '[{"email":"a@example.com"}]'],
      ['nested objects', '{"email":{"$gt":""},"productName":{"a":{"b":[]}}}'],
      ['a huge string', JSON.stringify({ email: `${'a'.repeat(90_000)}@example.com` })],
      ['null', 'null'],
      ['a number', '42'],
      ['a string', '"hello"'],
      ['prototype keys', '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}'],
      ['malformed JSON', '{"email":'],
      ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ];
    for (const path of paths) {
      it.each(bodies)(`${path} with %s`, async (_name, raw) => {
        // With the site's Origin, so the admin login's body is read rather than refused unread.
        const res = await request(t.server)
          .post(path)
          .set('Origin', t.config.publicUrl)
          .set('Content-Type', 'application/json')
          .send(raw);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.message).toBe('string');
      });
    }

    it('a manual order with every field of the wrong type', async () => {
      const res = await admin.post('/api/admin/orders/manual').send({
        salesChannel: ['online'],
        customerName: { a: 1 },
        email: [],
        lineItems: { 0: { product_name: 'x' } },
        total: 'lots',
        shippingAddress: 7,
      });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    });

    it('a form body sent as urlencoded', async () => {
      const res = await request(t.server)
        .post('/api/contact')
        .type('form')
        .send('firstName=a&firstName=b&email=x');
      expect(res.status).toBe(400);
    });
  });

  describe('admin lists and bulk updates', () => {
    const ids = async (path: string) =>
      ((await admin.get(path).expect(200)).body.rows as { id: number }[]).map((r) => r.id);

    it('marks notify-me requests as notified, with the time', async () => {
      const [first, second] = await ids('/api/admin/notify-me');
      const res = await admin
        .put('/api/admin/notify-me/bulk')
        .send({ ids: [first, second], notified: true })
        .expect(200);
      expect(res.body).toEqual({ updated: 2 });
      const list = (await admin.get('/api/admin/notify-me?status=notified').expect(200)).body.rows;
      expect(list.map((r: { id: number }) => r.id).sort()).toEqual([first, second].sort());
      expect(list[0].notified).toBe('true');
      expect(Math.abs(Date.parse(list[0].notifiedAt) - Date.now())).toBeLessThan(60_000);
      expect(await ids('/api/admin/notify-me?status=pending')).not.toContain(first);
    });

    it.each<[string, Record<string, unknown>, string]>([
      [
        '/api/admin/notify-me/bulk',
        { ids: [], notified: true },
        'Please select at least one request.',
      ],
      [
        '/api/admin/notify-me/bulk',
        { ids: Array.from({ length: 101 }, (_, i) => i + 1), notified: true },
        'Please select up to 100 requests at a time. Use filters to process larger batches.',
      ],
      [
        '/api/admin/notify-me/bulk',
        { ids: ['1'], notified: true },
        'Each id must be a whole number',
      ],
      [
        '/api/admin/notify-me/bulk',
        { ids: [1], notified: 'yes' },
        'notified must be true or false',
      ],
      [
        '/api/admin/email-signups/bulk',
        { ids: [], contacted: true },
        'Please select at least one signup.',
      ],
      ['/api/admin/email-signups/bulk', { contacted: true }, 'ids must be a list of signup ids'],
      [
        '/api/admin/contact-messages/bulk',
        { ids: [], status: 'responded' },
        'Please select at least one message.',
      ],
      [
        '/api/admin/contact-messages/bulk',
        { ids: [1], status: 'archived' },
        'Status must be new or responded',
      ],
    ])('PUT %s %j → 400', async (path, body, message) => {
      const res = await admin.put(path).send(body).expect(400);
      expect(res.body.message).toBe(message);
    });

    it('accepts exactly 100 notify-me ids', async () => {
      const res = await admin
        .put('/api/admin/notify-me/bulk')
        .send({ ids: Array.from({ length: 100 }, (_, i) => i + 1), notified: 'true' })
        .expect(200);
      expect(res.body.updated).toBeGreaterThan(0);
    });

    it('marks newsletter signups as contacted', async () => {
      const all = await ids('/api/admin/email-signups');
      const res = await admin
        .put('/api/admin/email-signups/bulk')
        .send({ ids: all, contacted: true })
        .expect(200);
      expect(res.body).toEqual({ updated: all.length });
      const list = (await admin.get('/api/admin/email-signups?status=contacted').expect(200)).body
        .rows;
      expect(list).toHaveLength(all.length);
      expect(list[0]).toMatchObject({ contacted: 'true', contactedAt: expect.any(String) });
      expect(await ids('/api/admin/email-signups?status=pending')).toEqual([]);
    });

    it('sets a contact message to responded and back to new, setting and clearing respondedAt', async () => {
      const [id] = await ids('/api/admin/contact-messages');
      const responded = await admin
        .put(`/api/admin/contact-messages/${id}`)
        .send({ status: 'responded' })
        .expect(200);
      expect(responded.body).toMatchObject({
        id,
        status: 'responded',
        respondedAt: expect.any(String),
      });
      const reopened = await admin
        .put(`/api/admin/contact-messages/${id}`)
        .send({ status: 'new' })
        .expect(200);
      expect(reopened.body).toMatchObject({ id, status: 'new', respondedAt: null });
      await admin.put('/api/admin/contact-messages/999999').send({ status: 'new' }).expect(404);
    });

    it('marks contact messages as responded in bulk', async () => {
      const all = await ids('/api/admin/contact-messages?status=new');
      const res = await admin
        .put('/api/admin/contact-messages/bulk')
        .send({ ids: all.slice(0, 2), status: 'responded' })
        .expect(200);
      expect(res.body).toEqual({ updated: 2 });
      const responded = await ids('/api/admin/contact-messages?status=responded');
      expect(responded).toEqual(expect.arrayContaining(all.slice(0, 2)));
    });

    it('lists newest first and searches', async () => {
      const all = await ids('/api/admin/contact-messages');
      expect(all).toEqual([...all].sort((a, b) => b - a));
      const found = (await admin.get('/api/admin/contact-messages?search=JUNE').expect(200)).body
        .rows;
      expect(found.length).toBeGreaterThan(0);
    });
  });

  describe('CSV exports', () => {
    beforeAll(async () => {
      await post(
        '/api/contact',
        contact({ firstName: '=1+2', lastName: '-x', message: '@cmd\r\nline two' }),
      );
      await post('/api/notify-me', { email: 'csv@example.com', productName: 'Sticker Pack' });
    });

    it.each([
      ['/api/admin/notify-me/export', 'notify-me'],
      ['/api/admin/email-signups/export', 'newsletter'],
      ['/api/admin/contact-messages/export', 'contact-messages'],
    ])('%s downloads %s-YYYY-MM-DD.csv in UTF-8', async (path, name) => {
      const res = await admin.get(path).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect(res.text.startsWith('\uFEFFid,createdAt,')).toBe(true);
    });

    it('neutralises formulas and keeps line breaks inside quoted cells', async () => {
      const res = await admin.get('/api/admin/contact-messages/export?search=line two').expect(200);
      const [row] = csvRecords(res.text);
      expect(row).toMatchObject({
        firstName: "'=1+2",
        lastName: "'-x",
        message: "'@cmd\r\nline two",
        status: 'new',
      });
    });

    it('applies the status filter to the export', async () => {
      const pending = csvRecords(
        (await admin.get('/api/admin/notify-me/export?status=pending').expect(200)).text,
      );
      expect(pending.map((r) => r.email)).toEqual(['csv@example.com']);
      expect(pending[0]).toMatchObject({
        productName: 'Sticker Pack',
        notified: 'false',
        notifiedAt: '',
      });
      const newsletter = csvRecords(
        (await admin.get('/api/admin/email-signups/export?status=pending').expect(200)).text,
      );
      expect(newsletter).toEqual([]);
    });
  });

  describe('OpenAPI', () => {
    it('describes the API from the DTOs at /api/docs-json and serves the UI at /api/docs', async () => {
      const json = await request(t.server).get('/api/docs-json').expect(200);
      expect(Object.keys(json.body.paths)).toEqual(
        expect.arrayContaining(['/api/shows', '/api/admin/orders/manual', '/api/contact']),
      );
      expect(json.body.components.schemas.ShowInputDto.properties.venue).toMatchObject({
        type: 'string',
      });
      const ui = await request(t.server).get('/api/docs').expect(200);
      expect(ui.text).toContain('swagger-ui');
      expect(ui.text).not.toMatch(/<script>[^<]/);
    });
  });
});
