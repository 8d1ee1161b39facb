import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock.js';
import { RateLimitHit } from '../src/modules/rate-limit/rate-limit-hit.entity.js';
import argon2 from 'argon2';
import * as password from '../src/modules/auth/password.js';
import { createCheckout, shirt } from './utils/checkout.js';
import { oneDatabase, testDatabases } from './utils/databases.js';
import { testAppOfSuite, TEST_ADMIN_PASSWORD } from './utils/test-app.js';

const TOO_MANY = /^Too many requests\. Please try again in 10 minutes\.$/;

/** Sends `count` requests at once; answers their statuses and the answers refused with 429. */
async function burst<T extends { status: number }>(count: number, send: () => PromiseLike<T>) {
  const answers = await Promise.all(Array.from({ length: count }, send));
  return {
    statuses: answers.map((res) => res.status),
    refused: answers.filter((res) => res.status === 429),
  };
}

const forms: [string, Record<string, unknown>][] = [
  [
    '/api/contact',
    {
      firstName: 'Dolly',
      lastName: 'Parton',
      email: 'dolly@example.com',
      subject: 'booking',
      message: 'Would you open for us in June?',
    },
  ],
  ['/api/email-signup', { email: 'fan@example.com' }],
  ['/api/notify-me', { email: 'fan@example.com', productName: 'Trucker Hat' }],
];

describe.each(testDatabases())('per-address limits on $name', (db) => {
  const t = testAppOfSuite(db, { TRUST_PROXY: '1' });
  // Every test counts from addresses of its own (honoured through TRUST_PROXY).
  let nextIp = 1;
  const freshIp = () => `198.51.100.${nextIp++}`;

  afterEach(() => {
    jest.restoreAllMocks();
  });

  const login = (pw: string, ip: string) =>
    request(t.server)
      .post('/api/admin/login')
      .set('Origin', t.config.publicUrl)
      .set('X-Forwarded-For', ip)
      .send({ password: pw });

  describe('login throttle under concurrency', () => {
    it('checks at most 10 of 60 simultaneous wrong passwords; the rest get 429 with Retry-After', async () => {
      const ip = freshIp();
      const verify = jest.spyOn(argon2, 'verify');
      const { statuses, refused } = await burst(60, () => login('wrong', ip));
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50);
      for (const res of refused) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
        expect(res.body.message).toMatch(/^Too many failed login attempts\. Please try again/);
      }
      expect(verify.mock.calls.length).toBeLessThanOrEqual(10);

      // The right password during the lockout is refused too.
      await login(TEST_ADMIN_PASSWORD, ip).expect(429);
    });

    it('lets the right password through beside simultaneous wrong ones and clears the count', async () => {
      const ip = freshIp();
      const answers = await Promise.all([
        ...Array.from({ length: 5 }, () => login('wrong', ip)),
        login(TEST_ADMIN_PASSWORD, ip),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
      // The right one cleared every attempt counted before it (its own too). A wrong one the
      // server reached after it still counts, so the wrong passwords still allowed are 10 less
      // those that came after: 5 to 10. Without the clear, its own and the 5 wrong would leave 4.
      let allowed = 0;
      let answer = await login('wrong', ip);
      for (; answer.status === 401 && allowed <= 10; allowed++) answer = await login('wrong', ip);
      expect(answer.status).toBe(429);
      expect(allowed).toBeGreaterThanOrEqual(5);
      expect(allowed).toBeLessThanOrEqual(10);
    });

    it('checks at most two passwords at a time', async () => {
      let running = 0;
      let most = 0;
      const verify = argon2.verify.bind(argon2);
      jest.spyOn(argon2, 'verify').mockImplementation(async (...args) => {
        most = Math.max(most, ++running);
        try {
          return await verify(...args);
        } finally {
          running--;
        }
      });
      await Promise.all(Array.from({ length: 8 }, () => login('wrong', freshIp()).expect(401)));
      expect(most).toBe(password.PASSWORD_CHECKS_AT_ONCE);
    });

    it('counts an IPv6 client by its /64', async () => {
      for (let i = 0; i < 10; i++) await login('wrong', `2001:db8:7:7::${i + 1}`).expect(401);
      await login(TEST_ADMIN_PASSWORD, '2001:db8:7:7:ffff::1').expect(429);
      await login(TEST_ADMIN_PASSWORD, '2001:db8:7:8::1').expect(200);
    });
  });

  describe.each(forms)('%s', (path, body) => {
    const post = (ip: string) => request(t.server).post(path).set('X-Forwarded-For', ip).send(body);

    it('allows 20 posts per address in 10 minutes, then answers 429 with Retry-After', async () => {
      const ip = freshIp();
      const { statuses, refused } = await burst(25, () => post(ip));
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(refused).toHaveLength(5);
      for (const res of refused) {
        expect(res.body).toEqual({ statusCode: 429, message: expect.stringMatching(TOO_MANY) });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(500);
      }
      // Another address is not affected; after the window the address may post again.
      await post(freshIp()).expect(201);
      const later = new Date(Date.now() + 10 * 60_000 + 1000);
      jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);
      await post(ip).expect(201);
    });
  });

  describe('checkout creation', () => {
    const create = (ip: string) =>
      createCheckout(t, { items: [shirt()] }).set('X-Forwarded-For', ip);

    it('allows 30 checkout sessions per address in 10 minutes, then answers 429', async () => {
      const ip = freshIp();
      const { statuses, refused } = await burst(33, () => create(ip));
      expect(statuses.filter((s) => s === 200)).toHaveLength(30);
      expect(refused).toHaveLength(3);
      expect(refused[0].body.message).toMatch(TOO_MANY);
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(500);
      await create(freshIp()).expect(200);
    });
  });

  it('prunes counted requests once their window has passed', async () => {
    const hits = t.app.get(DataSource).getRepository(RateLimitHit);
    expect(await hits.count()).toBeGreaterThan(0);
    // Later than every window so far, those moved by the tests above included.
    const later = new Date(Date.now() + 30 * 60_000);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);
    await request(t.server)
      .post('/api/email-signup')
      .set('X-Forwarded-For', freshIp())
      .send({ email: 'late@example.com' })
      .expect(201);
    expect(await hits.count()).toBe(1);
  });
});

describe.each(oneDatabase())('limit settings on $name', (db) => {
  const t = testAppOfSuite(db, {
    TRUST_PROXY: '1',
    FORM_RATE_LIMIT: '2',
    CHECKOUT_RATE_LIMIT: '1',
    RATE_LIMIT_MINUTES: '3',
    SESSION_STATUS_RATE_LIMIT: '2',
  });

  it('follows FORM_RATE_LIMIT, CHECKOUT_RATE_LIMIT and RATE_LIMIT_MINUTES', async () => {
    const signup = () =>
      request(t.server)
        .post('/api/email-signup')
        .set('X-Forwarded-For', '203.0.113.9')
        .send({ email: 'fan@example.com' });
    await signup().expect(201);
    await signup().expect(201);
    const refused = await signup().expect(429);
    expect(refused.body.message).toBe('Too many requests. Please try again in 3 minutes.');
    const checkout = () =>
      createCheckout(t, { items: [shirt()] }).set('X-Forwarded-For', '203.0.113.9');
    await checkout().expect(200);
    await checkout().expect(429);
  });

  it('follows SESSION_STATUS_RATE_LIMIT per minute for the checkout status check', async () => {
    const status = () =>
      request(t.server)
        .get('/api/checkout/session-status?session_id=cs_test_unknown')
        .set('X-Forwarded-For', '203.0.113.10');
    // Counted whatever the answer, as every limited route is.
    await status().expect(404);
    await status().expect(404);
    const refused = await status().expect(429);
    expect(refused.body.message).toBe('Too many requests. Please try again in 1 minute.');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 61_000));
    try {
      await status().expect(404);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
