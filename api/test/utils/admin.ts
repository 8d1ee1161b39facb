import request from 'supertest';
import type { AdminProduct, ProductInput } from '@artist/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import { TEST_ADMIN_PASSWORD, type TestApp } from './test-app.js';

/** A cookie-keeping client that sends the site's own Origin, as the admin's browser does. */
export function browser(t: TestApp): TestAgent {
  return request.agent(t.server).set('Origin', t.config.publicUrl);
}

/** A browser already logged in as the admin. */
export async function loggedIn(t: TestApp): Promise<TestAgent> {
  const agent = browser(t);
  await agent.post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
  return agent;
}

/** Every route the server has, read from the Express router (not from a hand-kept list). */
export function routes(t: TestApp): { method: string; path: string }[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  return express.router.stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          .filter((m) => m !== '_all')
          .map((method) => ({ method: method.toUpperCase(), path: layer.route!.path }))
      : [],
  );
}

/** The session cookie's value from a Set-Cookie header list. */
export function sessionCookie(setCookie: string[] | string | undefined): string | undefined {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.find((c) => c.startsWith('artist.sid='))?.split(';')[0];
}

/**
 * `PUT /api/admin/products/:id` with the product as the admin lists it and `changes` on top (a
 * field set to undefined is left out), as the product dialog sends it; expects `status`.
 */
export async function putProduct(
  t: TestApp,
  id: string,
  changes: Partial<ProductInput>,
  status = 200,
): Promise<{ body: AdminProduct & { message?: string[] } }> {
  const admin = await loggedIn(t);
  const rows = (await admin.get('/api/admin/products').expect(200)).body.rows as AdminProduct[];
  const product = rows.find((p) => p.id === id)!;
  const input: ProductInput = {
    name: product.name,
    description: product.description,
    priceInCents: product.priceInCents,
    image: product.image,
    sizes: product.variants.map((v) => v.size).filter((size) => size !== null),
  };
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) (input as unknown as Record<string, unknown>)[key] = value;
  }
  return admin.put(`/api/admin/products/${id}`).send(input).expect(status);
}
