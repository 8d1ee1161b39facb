import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import { generateSync } from 'otplib';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { TWO_FACTOR_CODE_REQUIRED_MESSAGE, TWO_FACTOR_CODE_WRONG_MESSAGE } from '@artist/contracts';
import { Clock } from '../src/common/clock.js';
import { User } from '../src/modules/auth/user.entity.js';
import { Passwords, PASSWORD_CHECKS_AT_ONCE } from '../src/modules/auth/password.js';
import { tokenHash } from '../src/modules/auth/two-factor.js';
import { browser, sessionCookie } from './utils/admin.js';
import { oneDatabase, testDatabases } from './utils/databases.js';
import { eventually, MAIL_WAIT_MS, type ReceivedMail } from './utils/smtp.js';
import { mailingAppOfSuite } from './utils/mailing.js';
import { startTestAppOn, TEST_ADMIN_PASSWORD, type TestApp } from './utils/test-app.js';

const ARTIST = 'wren@example.com';
const PUBLIC_URL = 'http://shop.example.test';

describe.each(testDatabases())('password reset by email and two-step login on $name', (db) => {
  const { smtp, t } = mailingAppOfSuite(db, { ARTIST_EMAIL: ARTIST, PUBLIC_URL, TRUST_PROXY: '1' });
  let nextIp = 1;
  const freshIp = () => `198.51.100.${nextIp++}`;

  beforeEach(async () => {
    smtp.received.length = 0;
    // Each test starts from the password of the test app, without two-step login.
    await t.app
      .get(DataSource)
      .getRepository(User)
      .update(
        { username: 'admin' },
        {
          password: await new Passwords().hash(TEST_ADMIN_PASSWORD),
          resetTokenHash: null,
          resetTokenExpiresAt: null,
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
          recoveryCodes: null,
        },
      );
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  const login = (body: object, ip = freshIp(), agent = browser(t)) =>
    agent.post('/api/admin/login').set('X-Forwarded-For', ip).send(body);

  async function loggedInAgent(): Promise<TestAgent> {
    const agent = browser(t);
    await login({ password: TEST_ADMIN_PASSWORD }, freshIp(), agent).expect(200);
    return agent;
  }

  /** Turns two-step login on for the admin of `agent`; answers its recovery codes. */
  async function enableTwoStep(agent: TestAgent): Promise<string[]> {
    const { secret } = (await agent.post('/api/admin/2fa/setup').send({}).expect(200)).body as {
      secret: string;
    };
    const { recoveryCodes } = (
      await agent
        .post('/api/admin/2fa/enable')
        .send({ code: generateSync({ secret }) })
        .expect(200)
    ).body as { recoveryCodes: string[] };
    return recoveryCodes;
  }

  const askForReset = (ip = freshIp()) =>
    request(t.server)
      .post('/api/admin/password-reset')
      .set('Origin', t.config.publicUrl)
      .set('X-Forwarded-For', ip)
      .send({});

  const confirm = (body: object, ip = freshIp()) =>
    request(t.server)
      .post('/api/admin/password-reset/confirm')
      .set('Origin', t.config.publicUrl)
      .set('X-Forwarded-For', ip)
      .send(body);

  /** A live reset link's token, as the emailed link would carry. */
  async function liveResetToken(): Promise<string> {
    const token = `live-token-${nextIp}`;
    await t.app
      .get(DataSource)
      .getRepository(User)
      .update(
        { username: 'admin' },
        {
          resetTokenHash: tokenHash(token),
          resetTokenExpiresAt: new Date(Date.now() + 10 * 60_000),
        },
      );
    return token;
  }

  /** The reset link of the newest email to the artist, and its token. */
  async function resetLink(count = 1): Promise<{ link: URL; token: string; mail: ReceivedMail }> {
    await eventually(() => smtp.to(ARTIST).length >= count, MAIL_WAIT_MS, 'the reset email');
    const mail = smtp.to(ARTIST)[count - 1]!;
    const href = /Choose a new password: (\S+)/.exec(mail.parsed.text ?? '')![1]!;
    const link = new URL(href);
    return { link, token: link.searchParams.get('token')!, mail };
  }

  it('emails a single-use link to ARTIST_EMAIL that sets a new password and ends every session', async () => {
    const before = await loggedInAgent();
    const res = await askForReset().expect(202);
    expect(res.body.message).toMatch(/^If an email address is set up for the admin/);
    const { link, token, mail } = await resetLink();
    expect(mail.rcptTo).toEqual([ARTIST]);
    expect(mail.parsed.subject).toBe('Reset your password');
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/admin/reset-password`);
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(mail.parsed.html).toContain(link.href.replace(/&/g, '&amp;'));
    // Only its hash is kept.
    const user = await t.app.get(DataSource).getRepository(User).findOneByOrFail({});
    expect(user.resetTokenHash).not.toContain(token);

    const short = await confirm({ token, password: 'short' }).expect(400);
    expect(short.body.message).toBe('The new password must be at least 8 characters long.');
    const done = await confirm({ token, password: 'a brand new password' }).expect(200);
    expect(done.body.message).toMatch(/every session was logged out/);
    expect((await before.get('/api/admin/session')).body).toEqual({ authenticated: false });
    await login({ password: TEST_ADMIN_PASSWORD }).expect(401);
    await login({ password: 'a brand new password' }).expect(200);

    // Used once: the same link again changes nothing.
    const again = await confirm({ token, password: 'yet another password' }).expect(400);
    expect(again.body.message).toBe(
      'This reset link has expired or was already used. Ask for a new one from the login page.',
    );
    await login({ password: 'a brand new password' }).expect(200);
  });

  it('refuses a link past 30 minutes, and one replaced by a newer request', async () => {
    await askForReset().expect(202);
    const first = await resetLink(1);
    await askForReset().expect(202);
    const second = await resetLink(2);
    expect(second.token).not.toBe(first.token);
    await confirm({ token: first.token, password: 'first new password' }).expect(400);

    const clock = t.app.get(Clock);
    jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 30 * 60_000 + 1000));
    await confirm({ token: second.token, password: 'second new password' }).expect(400);
    await login({ password: TEST_ADMIN_PASSWORD }).expect(200);
    for (const [body, message] of [
      [{ password: 'long enough pass' }, 'The reset link has no token'],
      [{ token: 'nonsense', password: 'long enough pass' }, 'This reset link has expired'],
    ] as const) {
      const res = await confirm(body).expect(400);
      expect(res.body.message).toMatch(new RegExp(`^${message}`));
    }
  });

  it('answers 202 to any request and limits them per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await askForReset(ip).expect(202);
    const limited = await askForReset(ip).expect(429);
    expect(limited.body.message).toMatch(/^Too many requests\. Please try again in/);
    await askForReset(freshIp()).expect(202);
    await eventually(() => smtp.to(ARTIST).length === 6, MAIL_WAIT_MS, 'six reset emails');
  });

  it('hashes the new password only for a live reset link', async () => {
    const hash = jest.spyOn(argon2, 'hash');
    const unknown = await confirm({ token: 'any-token', password: 'twelve chars' }).expect(400);
    expect(unknown.body.message).toMatch(/^This reset link has expired or was already used\./);
    expect(hash).not.toHaveBeenCalled();

    const token = await liveResetToken();
    await confirm({ token, password: 'twelve chars' }).expect(200);
    expect(hash).toHaveBeenCalledTimes(1);
    await confirm({ token, password: 'twelve chars' }).expect(400);
    expect(hash).toHaveBeenCalledTimes(1);
    await login({ password: 'twelve chars' }).expect(200);
  });

  it('takes 10 new passwords a minute from one address, then answers 429 with Retry-After', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        confirm({ token: `guess-${i}`, password: 'twelve chars' }, ip),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(10).fill(400), 429]);
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.body).toEqual({
      statusCode: 429,
      message: 'Too many requests. Please try again in 1 minute.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    await confirm({ token: 'guess', password: 'twelve chars' }).expect(400);
  });

  it('hashes new passwords in the same two-at-a-time line as login checks passwords in', async () => {
    let running = 0;
    let most = 0;
    const counted =
      <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        most = Math.max(most, ++running);
        try {
          return await work(...args);
        } finally {
          running--;
        }
      };
    const [realHash, realVerify] = [argon2.hash.bind(argon2), argon2.verify.bind(argon2)];
    const hash = jest
      .spyOn(argon2, 'hash')
      .mockImplementation(counted(realHash) as typeof argon2.hash);
    jest.spyOn(argon2, 'verify').mockImplementation(counted(realVerify));
    const token = await liveResetToken();
    await Promise.all([
      ...Array.from({ length: 4 }, () => confirm({ token, password: 'twelve chars' })),
      ...Array.from({ length: 4 }, () => login({ password: 'wrong' }).expect(401)),
    ]);
    expect(hash).toHaveBeenCalled();
    expect(most).toBe(PASSWORD_CHECKS_AT_ONCE);
  });

  it('turns on two-step login with a code of the app; login then needs the code', async () => {
    const agent = await loggedInAgent();
    expect((await agent.get('/api/admin/2fa').expect(200)).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const setup = (await agent.post('/api/admin/2fa/setup').send({}).expect(200)).body as {
      otpauthUrl: string;
      secret: string;
    };
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    // Nothing changes until a code of the new secret is entered.
    await login({ password: TEST_ADMIN_PASSWORD }).expect(200);
    const wrong = await agent.post('/api/admin/2fa/enable').send({ code: '000000' }).expect(400);
    expect(wrong.body.message).toMatch(/^That code is not right/);

    const enabled = await agent
      .post('/api/admin/2fa/enable')
      .send({ code: generateSync({ secret: setup.secret }) })
      .expect(200);
    const recoveryCodes = enabled.body.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await agent.get('/api/admin/2fa').expect(200)).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    const noCode = await login({ password: TEST_ADMIN_PASSWORD }).expect(401);
    expect(noCode.body.message).toBe(TWO_FACTOR_CODE_REQUIRED_MESSAGE);
    const badCode = await login({ password: TEST_ADMIN_PASSWORD, code: '123456' }).expect(401);
    expect(badCode.body.message).toBe(TWO_FACTOR_CODE_WRONG_MESSAGE);
    // A code with the wrong password is still a wrong password.
    const code = generateSync({ secret: setup.secret });
    await login({ password: 'wrong', code }).expect(401);

    // The code of the app logs in once: the enable used this step's code, so take the next step's.
    const later = Date.now() + 30_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    const next = generateSync({ secret: setup.secret, epoch: Math.floor(later / 1000) });
    const fresh = browser(t);
    await login({ password: TEST_ADMIN_PASSWORD, code: next }, freshIp(), fresh).expect(200);
    expect((await fresh.get('/api/admin/session')).body).toEqual({ authenticated: true });
    const replay = await login({ password: TEST_ADMIN_PASSWORD, code: next }).expect(401);
    expect(replay.body.message).toBe(TWO_FACTOR_CODE_WRONG_MESSAGE);
    jest.restoreAllMocks();

    // A recovery code works once, written any way.
    const [first] = recoveryCodes;
    await login({ password: TEST_ADMIN_PASSWORD, code: ` ${first!.toUpperCase()} ` }).expect(200);
    await login({ password: TEST_ADMIN_PASSWORD, code: first }).expect(401);
    expect((await agent.get('/api/admin/2fa').expect(200)).body.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes against the login throttle like wrong passwords', async () => {
    const agent = await loggedInAgent();
    await enableTwoStep(agent);
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      await login({ password: TEST_ADMIN_PASSWORD, code: String(100000 + i) }, ip).expect(401);
    }
    const locked = await login({ password: TEST_ADMIN_PASSWORD, code: '999999' }, ip).expect(429);
    expect(locked.body.message).toMatch(/^Too many failed login attempts\./);
  });

  it('accepts one of two logins sent at once with the same recovery code', async () => {
    const agent = await loggedInAgent();
    const recoveryCodes = await enableTwoStep(agent);
    const results = await Promise.all(
      [0, 1].map(() => login({ password: TEST_ADMIN_PASSWORD, code: recoveryCodes[3] })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('sets two-step login up again only with the current code or the password', async () => {
    const agent = await loggedInAgent();
    const oldCodes = await enableTwoStep(agent);
    const ip = freshIp();
    const setUpAgain = (body: object) =>
      agent.post('/api/admin/2fa/setup').set('X-Forwarded-For', ip).send(body);
    const user = () => t.app.get(DataSource).getRepository(User).findOneByOrFail({});
    const before = await user();

    const bare = await setUpAgain({}).expect(403);
    expect(bare.body).toEqual({
      statusCode: 403,
      message:
        'Two-step login is on: to set it up again, enter the 6-digit code your authenticator app shows now, or your password.',
    });
    for (const body of [{ code: '000000' }, { password: 'not the password' }]) {
      const wrong = await setUpAgain(body).expect(403);
      expect(wrong.body.message).toBe(
        'That code or password is not right. Enter the 6-digit code your authenticator app shows now, or your password.',
      );
    }
    expect(await user()).toEqual(before);

    // With the password: a new secret, which replaces the old one once a code of it is entered.
    const { secret } = (await setUpAgain({ password: TEST_ADMIN_PASSWORD }).expect(200)).body as {
      secret: string;
    };
    expect(secret).not.toBe(before.totpSecret);
    await agent
      .post('/api/admin/2fa/enable')
      .send({ code: generateSync({ secret }) })
      .expect(200);
    await login({ password: TEST_ADMIN_PASSWORD, code: oldCodes[0] }).expect(401);

    // With the app's current code (the next step's: the enable used this one).
    const later = Date.now() + 30_000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    const code = generateSync({ secret, epoch: Math.floor(later / 1000) });
    await setUpAgain({ code }).expect(200);
  });

  it('refuses wrong codes to turn off or set up two-step login again after 10, with 429', async () => {
    const agent = await loggedInAgent();
    const [recoveryCode] = await enableTwoStep(agent);
    const ip = freshIp();
    const disable = (code: string) =>
      agent.post('/api/admin/2fa/disable').set('X-Forwarded-For', ip).send({ code });
    for (let i = 0; i < 5; i++) await disable(String(100000 + i)).expect(400);
    for (let i = 0; i < 5; i++)
      await agent
        .post('/api/admin/2fa/setup')
        .set('X-Forwarded-For', ip)
        .send({ code: String(200000 + i) })
        .expect(403);
    const locked = await disable(recoveryCode!).expect(429);
    expect(locked.body.message).toBe('Too many wrong codes. Please try again in 15 minutes.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await agent.get('/api/admin/2fa').expect(200)).body.enabled).toBe(true);
    // Another address may still turn it off.
    await agent
      .post('/api/admin/2fa/disable')
      .set('X-Forwarded-For', freshIp())
      .send({ code: recoveryCode })
      .expect(200);
  });

  it('turns two-step login off with a code', async () => {
    const agent = await loggedInAgent();
    const recoveryCodes = await enableTwoStep(agent);
    await agent.post('/api/admin/2fa/disable').send({ code: 'nope' }).expect(400);
    await agent.post('/api/admin/2fa/disable').send({ code: recoveryCodes[0] }).expect(200);
    await login({ password: TEST_ADMIN_PASSWORD }).expect(200);
  });
});

describe.each(oneDatabase())('the session secret kept in the data folder on $name', (db) => {
  it('keeps the artist logged in across a restart, in a file made once with mode 0600', async () => {
    const { database, drop } = await db.create({ migrated: true });
    const folder = mkdtempSync(path.join(tmpdir(), 'artist-data-'));
    const file = path.join(folder, 'data', 'session-secret');
    let first: TestApp | undefined;
    let second: TestApp | undefined;
    try {
      first = await startTestAppOn(database, {}, { sessionSecretFile: file });
      const login = await browser(first)
        .post('/api/admin/login')
        .send({ password: TEST_ADMIN_PASSWORD })
        .expect(200);
      const cookie = sessionCookie(login.headers['set-cookie'])!;
      const secret = readFileSync(file, 'utf8').trim();
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      await first.close();
      first = undefined;

      second = await startTestAppOn(database, {}, { sessionSecretFile: file });
      expect(readFileSync(file, 'utf8').trim()).toBe(secret);
      const res = await request(second.server)
        .get('/api/admin/session')
        .set('Cookie', cookie)
        .expect(200);
      expect(res.body).toEqual({ authenticated: true });
    } finally {
      await first?.close();
      await second?.close();
      await drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
