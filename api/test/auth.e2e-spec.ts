import request from 'supertest';
import { DataSource, MoreThan } from 'typeorm';
import { Clock } from '../src/common/clock.js';
import { SessionRecord } from '../src/database/session.entity.js';
import { Transactions } from '../src/database/transaction.js';
import { AuthService, resetAdminPassword } from '../src/modules/auth/auth.service.js';
import { browser, loggedIn, routes, sessionCookie } from './utils/admin.js';
import { showInput } from './utils/shows.js';
import { oneDatabase, testDatabases } from './utils/databases.js';
import { startTestApp, testAppOfSuite, TEST_ADMIN_PASSWORD } from './utils/test-app.js';

describe.each(testDatabases())('admin sessions on $name', (db) => {
  const t = testAppOfSuite(db, { TRUST_PROXY: '1' });
  // Each test logs in from its own address (honoured through TRUST_PROXY) so the login
  // throttle of one test cannot touch another.
  let nextIp = 1;
  const freshIp = () => `203.0.113.${nextIp++}`;

  afterEach(() => {
    jest.restoreAllMocks();
  });

  const login = (password: string, ip: string, agent = browser(t)) =>
    agent.post('/api/admin/login').set('X-Forwarded-For', ip).send({ password });

  it('reports no session before login', async () => {
    const res = await request(t.server).get('/api/admin/session').expect(200);
    expect(res.body).toEqual({ authenticated: false });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong password with 401 and a message, and sets no session', async () => {
    const res = await login('wrong password', freshIp()).expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Incorrect password.' });
    expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
  });

  it.each([
    [{}, 'Password is required'],
    [{ password: '' }, 'Password is required'],
    [{ password: ['a'] }, 'Password is required'],
    [{ password: 'x', username: 'admin' }, 'property username should not exist'],
  ])('refuses the login body %j with 400', async (body, message) => {
    const res = await browser(t).post('/api/admin/login').send(body).expect(400);
    expect(res.body.message).toBe(message);
  });

  it('logs in with the right password: success, a session cookie HttpOnly and SameSite=Lax', async () => {
    const agent = browser(t);
    const res = await login(TEST_ADMIN_PASSWORD, freshIp(), agent).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Logged in.' });
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('artist.sid='),
    )!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const status = await agent.get('/api/admin/session').expect(200);
    expect(status.body).toEqual({ authenticated: true });
  });

  it('gives the session a new id at login (a planted id is worthless)', async () => {
    const agent = browser(t);
    const first = await login(TEST_ADMIN_PASSWORD, freshIp(), agent).expect(200);
    const before = sessionCookie(first.headers['set-cookie'])!;
    const second = await login(TEST_ADMIN_PASSWORD, freshIp(), agent).expect(200);
    const after = sessionCookie(second.headers['set-cookie'])!;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // The id from before the second login no longer opens anything.
    await request(t.server).get('/api/admin/orders').set('Cookie', before).expect(401);
    await request(t.server).get('/api/admin/orders').set('Cookie', after).expect(200);
  });

  it('logout destroys the server-side session: the replayed cookie is refused', async () => {
    const agent = browser(t);
    const res = await login(TEST_ADMIN_PASSWORD, freshIp(), agent).expect(200);
    const cookie = sessionCookie(res.headers['set-cookie'])!;
    const sessions = t.app.get(DataSource).getRepository(SessionRecord);
    const sid = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
    expect(await sessions.existsBy({ sid })).toBe(true);

    const out = await agent.post('/api/admin/logout').expect(200);
    expect(out.body).toEqual({ success: true, message: 'Logged out.' });
    expect(await sessions.existsBy({ sid })).toBe(false);

    await request(t.server).get('/api/admin/shows').set('Cookie', cookie).expect(401);
    const status = await request(t.server).get('/api/admin/session').set('Cookie', cookie);
    expect(status.body).toEqual({ authenticated: false });
  });

  it('ends a session idle past its expiry', async () => {
    const agent = await loggedIn(t);
    await agent.get('/api/admin/orders').expect(200);
    await t.app
      .get(DataSource)
      .getRepository(SessionRecord)
      .update({ expiresAt: MoreThan(0) }, { expiresAt: Date.now() - 1 });
    await agent.get('/api/admin/orders').expect(401);
  });

  it('ends a session 12 hours after login even when in use', async () => {
    const agent = await loggedIn(t);
    const sessions = t.app.get(DataSource).getRepository(SessionRecord);
    for (const row of await sessions.find()) {
      const data = JSON.parse(row.data) as { loginAt?: number };
      if (data.loginAt) data.loginAt -= 12 * 60 * 60_000;
      await sessions.update({ sid: row.sid }, { data: JSON.stringify(data) });
    }
    await agent.get('/api/admin/orders').expect(401);
    expect((await agent.get('/api/admin/session')).body).toEqual({ authenticated: false });
  });

  describe('login throttle', () => {
    it('answers 429 after 10 failures from one address, even for the right password, until the window passes', async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) await login('wrong', ip).expect(401);
      const locked = await login(TEST_ADMIN_PASSWORD, ip).expect(429);
      expect(locked.body.message).toMatch(
        /^Too many failed login attempts\. Please try again in 1[45] minutes\.$/,
      );
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
      // Another address is not affected.
      await login(TEST_ADMIN_PASSWORD, freshIp()).expect(200);

      const clock = t.app.get(Clock);
      const later = new Date(Date.now() + 15 * 60_000 + 1000);
      jest.spyOn(clock, 'now').mockReturnValue(later);
      await login(TEST_ADMIN_PASSWORD, ip).expect(200);
    });

    it('counts failures only, and a successful login starts the count again', async () => {
      const ip = freshIp();
      for (let i = 0; i < 9; i++) await login('wrong', ip).expect(401);
      await login(TEST_ADMIN_PASSWORD, ip).expect(200);
      for (let i = 0; i < 9; i++) await login('wrong', ip).expect(401);
      await login(TEST_ADMIN_PASSWORD, ip).expect(200);
    });
  });

  describe('protection of admin routes', () => {
    const adminRoutes = () =>
      routes(t).filter((r) => r.path.toLowerCase().startsWith('/api/admin'));
    const concrete = (path: string) => path.replace(/:\w+/g, '1');

    it('finds the admin routes on the router', () => {
      const list = adminRoutes().map((r) => `${r.method} ${r.path}`);
      expect(list).toEqual(
        expect.arrayContaining([
          'GET /api/admin/session',
          'POST /api/admin/login',
          'PUT /api/admin/orders/:id',
          'GET /api/admin/contact-messages/export',
        ]),
      );
      expect(list.length).toBeGreaterThanOrEqual(20);
    });

    it('answers 401 on every admin route but session, login and password reset without a session', async () => {
      const open: string[] = [];
      for (const { method, path } of adminRoutes()) {
        const call = request(t.server)[method.toLowerCase() as 'get'];
        const res = await call(concrete(path)).set('Origin', t.config.publicUrl).send({});
        if (res.status !== 401) {
          open.push(`${method} ${path}`);
          continue;
        }
        expect(res.body).toEqual({ statusCode: 401, message: 'Please log in to continue.' });
      }
      expect(open.sort()).toEqual([
        'GET /api/admin/session',
        'POST /api/admin/login',
        'POST /api/admin/password-reset',
        'POST /api/admin/password-reset/confirm',
      ]);
    });

    it('cannot be sidestepped by changing the case of the path or adding a slash', async () => {
      for (const path of ['/API/ADMIN/orders', '/api/Admin/orders/export', '/api/admin//orders']) {
        const res = await request(t.server).get(path);
        expect([path, [401, 404].includes(res.status)]).toEqual([path, true]);
      }
      await request(t.server).get('/api/admin/orders/export/').expect(401);
    });

    it('sends Cache-Control: no-store on every admin answer, CSV downloads and refusals included', async () => {
      const agent = await loggedIn(t);
      const cached: string[] = [];
      for (const { method, path } of adminRoutes()) {
        if (path.endsWith('/logout')) continue;
        for (const client of [agent, request(t.server)]) {
          const res = await client[method.toLowerCase() as 'get'](concrete(path))
            .set('Origin', t.config.publicUrl)
            .send({});
          if (res.headers['cache-control'] !== 'no-store') cached.push(`${method} ${path}`);
        }
      }
      expect(cached).toEqual([]);
      const csv = await agent.get('/api/admin/orders/export').expect(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.headers['cache-control']).toBe('no-store');
    });

    it('answers every admin route with a session (no 401 or 500)', async () => {
      const agent = await loggedIn(t);
      for (const { method, path } of adminRoutes()) {
        if (path.endsWith('/logout')) continue;
        const res = await agent[method.toLowerCase() as 'get'](concrete(path)).send({});
        expect([`${method} ${path}`, res.status < 500 && res.status !== 401]).toEqual([
          `${method} ${path}`,
          true,
        ]);
      }
    });
  });

  describe('cross-site request forgery', () => {
    it('refuses a state-changing request from a foreign Origin with 403', async () => {
      const agent = await loggedIn(t);
      const res = await agent
        .post('/api/admin/shows')
        .set('Origin', 'https://evil.example')
        .send({});
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        statusCode: 403,
        message: 'This request came from another site and was refused.',
      });
    });

    it('refuses a foreign Referer when there is no Origin', async () => {
      const res = await request(t.server)
        .post('/api/contact')
        .set('Referer', 'https://evil.example/page')
        .send({});
      expect(res.status).toBe(403);
    });

    it('refuses a request carrying the session cookie with neither Origin nor Referer', async () => {
      const agent = await loggedIn(t);
      const cookie = await agent.get('/api/admin/session');
      expect(cookie.body.authenticated).toBe(true);
      const res = await agent
        .put('/api/admin/notify-me/bulk')
        .unset('Origin')
        .send({ ids: [1] });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(
        'This request has no Origin or Referer header and was refused.',
      );
    });

    const show = showInput();
    const showCount = () => t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM shows');

    it('refuses an admin write with no Origin whatever the cookie header looks like (artist.sid =…)', async () => {
      const res = await login(TEST_ADMIN_PASSWORD, freshIp()).expect(200);
      const [name, value] = sessionCookie(res.headers['set-cookie'])!.split('=');
      const before = await showCount();
      for (const cookie of [`${name} =${value}`, ` ${name}=${value}`, `${name}	=${value}`]) {
        const write = await request(t.server)
          .post('/api/admin/shows')
          .set('Cookie', cookie)
          .send(show);
        expect([cookie, write.status, write.body]).toEqual([
          cookie,
          403,
          {
            statusCode: 403,
            message: 'This request has no Origin or Referer header and was refused.',
          },
        ]);
      }
      expect(await showCount()).toEqual(before);
      // The same session, writing as the admin's browser does, is accepted.
      await request(t.server)
        .post('/api/admin/shows')
        .set('Cookie', `${name}=${value}`)
        .set('Origin', t.config.publicUrl)
        .send(show)
        .expect(201);
    });

    it('refuses login and logout with neither Origin, Referer nor Sec-Fetch-Site', async () => {
      const bare = await request(t.server)
        .post('/api/admin/login')
        .set('X-Forwarded-For', freshIp())
        .send({ password: TEST_ADMIN_PASSWORD });
      expect([bare.status, bare.headers['set-cookie']]).toEqual([403, undefined]);
      const agent = await loggedIn(t);
      const out = await agent.post('/api/admin/logout').unset('Origin');
      expect(out.status).toBe(403);
      expect((await agent.get('/api/admin/session')).body).toEqual({ authenticated: true });
    });

    it('accepts Sec-Fetch-Site: same-origin on an admin write without Origin, but not cross-site', async () => {
      const agent = await loggedIn(t);
      await agent
        .post('/api/admin/shows')
        .unset('Origin')
        .set('Sec-Fetch-Site', 'cross-site')
        .send(show)
        .expect(403);
      await agent
        .post('/api/admin/shows')
        .unset('Origin')
        .set('Sec-Fetch-Site', 'same-origin')
        .send(show)
        .expect(201);
    });

    it('still takes a public form with no Origin: it carries no admin authority', async () => {
      await request(t.server)
        .post('/api/email-signup')
        .send({ email: 'no-origin@example.com' })
        .expect(201);
    });

    it('accepts the site’s own origin, the request’s own host, and reads (GET) from anywhere', async () => {
      await request(t.server)
        .post('/api/email-signup')
        .set('Origin', t.config.publicUrl)
        .send({ email: 'a@example.com' })
        .expect(201);
      const own = request(t.server).post('/api/email-signup');
      await own
        .set('Referer', 'http://127.0.0.1/somewhere')
        .set('Host', '127.0.0.1')
        .send({ email: 'b@example.com' })
        .expect(201);
      await request(t.server).get('/api/shows').set('Origin', 'https://evil.example').expect(200);
    });
  });
});

describe.each(oneDatabase())('cross-site check with PUBLIC_URL set on $name', (db) => {
  const t = testAppOfSuite(db, { PUBLIC_URL: 'http://shop.example' });

  it('accepts only PUBLIC_URL’s origin, not the origin of the request’s own Host', async () => {
    await request(t.server)
      .post('/api/email-signup')
      .set('Origin', 'http://shop.example')
      .send({ email: 'a@example.com' })
      .expect(201);
    for (const header of ['Origin', 'Referer'] as const) {
      const res = await request(t.server)
        .post('/api/email-signup')
        .set('Host', 'attacker.example')
        .set(header, header === 'Origin' ? 'http://attacker.example' : 'http://attacker.example/x')
        .send({ email: 'b@example.com' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('This request came from another site and was refused.');
    }
  });
});

describe.each(oneDatabase())('admin account set-up on $name', (db) => {
  it('prints a one-time password once when neither an account nor ADMIN_PASSWORD exists', async () => {
    const written: string[] = [];
    const logged: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const out = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      logged.push(String(chunk));
      return true;
    });
    const t = await startTestApp(db, { ADMIN_PASSWORD: '' });
    spy.mockRestore();
    out.mockRestore();
    try {
      // Nothing of it is written while the app is built: main.ts prints the box after the rest.
      expect(written.join('')).not.toContain('One-time admin password');
      const notice = t.app.get(AuthService).takeFirstStartNotice();
      expect(t.app.get(AuthService).takeFirstStartNotice()).toBeNull();
      const match = /One-time admin password: (\S+)/.exec(notice ?? '');
      expect(match).not.toBeNull();
      // Standard output is the JSON log stream, which is kept and shipped: never the password.
      expect(logged.join('')).not.toContain(match![1]);
      const agent = browser(t);
      await agent.post('/api/admin/login').send({ password: match![1] }).expect(200);
      expect((await agent.get('/api/admin/session')).body).toEqual({ authenticated: true });
    } finally {
      await t.close();
    }
  });

  it('resets the password with the reset command’s function, ending every session', async () => {
    const t = await startTestApp(db);
    try {
      const agent = await loggedIn(t);
      await resetAdminPassword(t.app.get(Transactions), 'a-brand-new-password');
      expect((await agent.get('/api/admin/session')).body).toEqual({ authenticated: false });
      await browser(t).post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(401);
      await browser(t)
        .post('/api/admin/login')
        .send({ password: 'a-brand-new-password' })
        .expect(200);
    } finally {
      await t.close();
    }
  });

  it('sets the Secure flag on the cookie when PUBLIC_URL is https', async () => {
    const t = await startTestApp(db, { PUBLIC_URL: 'https://artist.example', TRUST_PROXY: '1' });
    try {
      const res = await request(t.server)
        .post('/api/admin/login')
        .set('X-Forwarded-Proto', 'https')
        .set('Origin', 'https://artist.example')
        .send({ password: TEST_ADMIN_PASSWORD })
        .expect(200);
      const cookie = (res.headers['set-cookie'] as unknown as string[])[0];
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
    } finally {
      await t.close();
    }
  });
});
