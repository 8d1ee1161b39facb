import request from 'supertest';
import { loggedIn } from './utils/admin.js';
import { oneDatabase } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
  };
}

describe.each(oneDatabase())('the OpenAPI document on $name', (db) => {
  const t = testAppOfSuite(db, { TRUST_PROXY: '1' });
  let doc: Document;
  let ip = 1;
  const nextIp = () => `198.51.100.${ip++}`;

  beforeAll(async () => {
    doc = (await request(t.server).get('/api/docs-json').expect(200)).body as Document;
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );

  it('declares every path parameter of every path', () => {
    const missing: string[] = [];
    for (const { path, method, operation } of operations()) {
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        const declared = (operation.parameters ?? []).some(
          (p) => p.in === 'path' && p.name === name,
        );
        if (!declared) missing.push(`${method.toUpperCase()} ${path} {${name}}`);
      }
    }
    expect(operations().length).toBeGreaterThan(25);
    expect(missing).toEqual([]);
  });

  it('describes the test payment form’s fields, sent urlencoded', () => {
    const pay = doc.paths['/api/checkout/test/{sessionId}/pay'].post;
    const form = pay.requestBody!.content['application/x-www-form-urlencoded'];
    const name = form.schema.$ref!.split('/').pop()!;
    const schema = doc.components.schemas[name];
    expect(Object.keys(schema.properties!).sort()).toEqual(
      [
        'city',
        'country',
        'downloadsOnly',
        'email',
        'line1',
        'line2',
        'name',
        'postal_code',
        'state',
      ].sort(),
    );
    // The address is asked for unless the order is of downloads only (`downloadsOnly`), so the
    // schema requires the buyer alone; the validation refuses a parcel's form without one.
    expect(schema.required!.sort()).toEqual(['email', 'name']);
    expect(pay.responses['303']).toBeDefined();
  });

  it('declares each 4xx answer a route gives: validation, session, cross-site, unknown ids, size', async () => {
    const admin = await loggedIn(t);
    const undeclared: string[] = [];
    const big = { message: 'x'.repeat(200_000) };
    for (const { path, method, operation } of operations()) {
      const url = path.replace(/\{\w+\}/g, '999999');
      const call = (client: ReturnType<typeof request> | typeof admin) => {
        const send = (client as ReturnType<typeof request>)[method as 'post'].bind(client);
        return send(url).set('X-Forwarded-For', nextIp());
      };
      const answers = [
        await call(request(t.server)).set('Origin', 'https://evil.example').send({}),
        await call(request(t.server)).set('Origin', t.config.publicUrl).send({ unexpected: 1 }),
        await call(admin).send({ unexpected: 1 }),
        await call(admin).send({}),
        ...(operation.requestBody ? [await call(admin).send(big)] : []),
      ];
      for (const { status } of answers) {
        if (status >= 400 && status < 500 && !(String(status) in operation.responses)) {
          undeclared.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('declares at least one 4xx answer on every operation that takes input or needs a session', () => {
    const bare = operations()
      .filter(({ path, method, operation }) => {
        const takesInput = (operation.parameters ?? []).length > 0 || operation.requestBody;
        const guarded = path.startsWith('/api/admin/') && path !== '/api/admin/session';
        return (
          (takesInput || guarded || method !== 'get') &&
          !Object.keys(operation.responses).some((s) => /^4/.test(s))
        );
      })
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(bare).toEqual([]);
  });
});

describe.each(oneDatabase())('the OpenAPI document in production on $name', (db) => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://shop.example.com',
    TRUST_PROXY: '1',
    SESSION_SECRET: 'p'.repeat(32),
  };

  describe('without API_DOCS', () => {
    const t = testAppOfSuite(db, production);

    it('answers the API’s JSON 404 for the document and its page: no admin route is listed', async () => {
      for (const path of ['/api/docs', '/api/docs-json', '/api/docs-yaml']) {
        const res = await request(t.server).get(path).expect(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body).toEqual({ statusCode: 404, message: `No API route GET ${path}.` });
        expect(res.text).not.toContain('/api/admin/');
      }
    });
  });

  describe('with API_DOCS=true', () => {
    const t = testAppOfSuite(db, { ...production, API_DOCS: 'true' });

    it('serves the document and its page', async () => {
      const doc = (await request(t.server).get('/api/docs-json').expect(200)).body as Document;
      expect(Object.keys(doc.paths)).toContain('/api/admin/orders');
      await request(t.server).get('/api/docs').expect(200);
    });
  });
});
