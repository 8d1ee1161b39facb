import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import {
  ACCOUNT_CODE_ENDED_MESSAGE,
  ACCOUNT_CODE_WRONG_MESSAGE,
  ACCOUNT_LINK_WRONG_MESSAGE,
  ACCOUNT_SIGN_IN_REQUIRED_MESSAGE,
  ACCOUNT_SIGN_IN_SENT_MESSAGE,
  PASSKEY_FAILED_MESSAGE,
} from '@artist/contracts';
import { Clock } from '../src/common/clock.js';
import { MailQuota } from '../src/modules/email/mail-quota.entity.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { RateLimitHit } from '../src/modules/rate-limit/rate-limit-hit.entity.js';
import { loggedIn, routes } from './utils/admin.js';
import { oneDatabase, testDatabases } from './utils/databases.js';
import { mailingAppOfSuite } from './utils/mailing.js';
import { outboxSettled } from './utils/outbox.js';
import { eventually, MAIL_WAIT_MS } from './utils/smtp.js';
import { fanBrowser, signInOf } from './utils/fan-account.js';
import { clearTables } from './utils/test-app.js';

const PUBLIC_URL = 'http://shop.example.test';
const MINUTE = 60_000;

describe.each(testDatabases())('fan accounts: signing in on $name', (db) => {
  const { smtp, t } = mailingAppOfSuite(db, { PUBLIC_URL, TRUST_PROXY: '1', LOG_LEVEL: 'error' });
  let nextIp = 1;
  const freshIp = () => `203.0.113.${nextIp++}`;

  beforeEach(async () => {
    jest.restoreAllMocks();
    // The last test's emails go out first: the sender would otherwise still be handing over a
    // batch it claimed before the clear (ten codes after the rate limit's test) while the next
    // test waits for its first code, on a loaded machine for longer than that wait.
    await outboxSettled(t, 30_000);
    smtp.received.length = 0;
    await clearTables(t, [OutboxEmail, MailQuota, RateLimitHit]);
  });

  /** Asks for a code for `email` and waits for its email. */
  async function askCode(fan: TestAgent, typed: string) {
    const email = typed.toLowerCase();
    const before = smtp.received.filter((m) => m.rcptTo.includes(email)).length;
    const res = await fan.post('/api/account/sign-in').send({ email: typed }).expect(202);
    expect(res.body).toEqual({ message: ACCOUNT_SIGN_IN_SENT_MESSAGE });
    await eventually(
      () => smtp.received.filter((m) => m.rcptTo.includes(email)).length > before,
      MAIL_WAIT_MS,
      `the sign-in email to ${email}`,
    );
    return signInOf(smtp.received, email);
  }

  it('signs in once with the emailed code, with a 30-day HttpOnly Lax cookie renewed on use', async () => {
    const fan = fanBrowser(t, freshIp());
    await fan
      .get('/api/account')
      .expect(401, { statusCode: 401, message: ACCOUNT_SIGN_IN_REQUIRED_MESSAGE });
    const { code } = await askCode(fan, 'June@Example.com');
    const mail = smtp.received.at(-1)!;
    expect(mail.parsed.subject).toBe(`Your sign-in code: ${code}`);
    expect(mail.parsed.text).toContain(`${PUBLIC_URL}/account?token=`);

    const res = await fan
      .post('/api/account/verify')
      .send({ email: ' JUNE@example.com ', code })
      .expect(200);
    expect(res.body).toEqual({ email: 'june@example.com' });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('artist.fan='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(Number(/Max-Age=(\d+)/i.exec(cookie)?.[1])).toBe(30 * 24 * 60 * 60);

    const account = await fan.get('/api/account').expect(200);
    expect(account.body).toMatchObject({ email: 'june@example.com', passkeys: [] });
    expect(account.headers['cache-control']).toBe('no-store');

    // Used once: the same code again is refused, for this browser and any other.
    const again = await fanBrowser(t, freshIp())
      .post('/api/account/verify')
      .send({ email: 'june@example.com', code })
      .expect(400);
    expect(again.body.message).toBe(ACCOUNT_CODE_WRONG_MESSAGE);

    // A use 20 days later renews the session for 30 days from then.
    const later = new Date(Date.now() + 20 * 24 * 60 * MINUTE);
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);
    const renewed = await fan.get('/api/account').expect(200);
    const renewedCookie = [renewed.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('artist.fan='))!;
    expect(Number(/Max-Age=(\d+)/i.exec(renewedCookie)?.[1])).toBe(30 * 24 * 60 * 60);
    jest
      .spyOn(t.app.get(Clock), 'now')
      .mockReturnValue(new Date(later.getTime() + 29 * 24 * 60 * MINUTE));
    await fan.get('/api/account').expect(200);
    jest
      .spyOn(t.app.get(Clock), 'now')
      .mockReturnValue(new Date(later.getTime() + 61 * 24 * 60 * MINUTE));
    await fan.get('/api/account').expect(401);
  });

  it('takes a code only within 15 minutes', async () => {
    const fan = fanBrowser(t, freshIp());
    const { code } = await askCode(fan, 'late@example.com');
    const clock = jest.spyOn(t.app.get(Clock), 'now');
    clock.mockReturnValue(new Date(Date.now() + 15 * MINUTE + 1000));
    const late = await fan
      .post('/api/account/verify')
      .send({ email: 'late@example.com', code })
      .expect(400);
    expect(late.body.message).toBe(ACCOUNT_CODE_WRONG_MESSAGE);
    clock.mockRestore();

    const { code: second, token } = await askCode(fan, 'late@example.com');
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 14 * MINUTE));
    await fan
      .post('/api/account/verify')
      .send({ email: 'late@example.com', code: second })
      .expect(200);
    // The code and the link are one: the link of a used code is used too.
    const link = await fanBrowser(t, freshIp())
      .post('/api/account/verify')
      .send({ token })
      .expect(400);
    expect(link.body.message).toBe(ACCOUNT_LINK_WRONG_MESSAGE);
  });

  it('signs in once with the link, and a newer request ends the older code and link', async () => {
    const fan = fanBrowser(t, freshIp());
    const first = await askCode(fan, 'link@example.com');
    const second = await askCode(fan, 'link@example.com');
    expect(second.token).not.toBe(first.token);
    const oldLink = await fan.post('/api/account/verify').send({ token: first.token }).expect(400);
    expect(oldLink.body.message).toBe(ACCOUNT_LINK_WRONG_MESSAGE);
    const oldCode = await fan
      .post('/api/account/verify')
      .send({ email: 'link@example.com', code: first.code })
      .expect(400);
    expect(oldCode.body.message).toBe(ACCOUNT_CODE_WRONG_MESSAGE);

    // Two browsers opening the link together: one signs in.
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        fanBrowser(t, freshIp()).post('/api/account/verify').send({ token: second.token }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(results.find((r) => r.status === 200)!.body).toEqual({ email: 'link@example.com' });
  });

  it('answers an unknown address as it answers a customer, and emails it a code', async () => {
    const ip = freshIp();
    const unknown = await fanBrowser(t, ip)
      .post('/api/account/sign-in')
      .send({ email: 'nobody@example.com' })
      .expect(202);
    const known = await askCode(fanBrowser(t, ip), 'link@example.com');
    expect(known.code).toMatch(/^\d{6}$/);
    expect(unknown.body).toEqual({ message: ACCOUNT_SIGN_IN_SENT_MESSAGE });
    expect(Object.keys(unknown.headers).sort()).toEqual(
      Object.keys(
        (
          await fanBrowser(t, ip)
            .post('/api/account/sign-in')
            .send({ email: 'link@example.com' })
            .expect(202)
        ).headers,
      ).sort(),
    );
    const bad = await fanBrowser(t, ip)
      .post('/api/account/sign-in')
      .send({ email: 'no' })
      .expect(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
  });

  it('ends a code after 5 wrong ones, however many arrive together', async () => {
    const fan = fanBrowser(t, freshIp());
    const { code } = await askCode(fan, 'guess@example.com');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 3; i++) {
      const res = await fan
        .post('/api/account/verify')
        .send({ email: 'guess@example.com', code: wrong })
        .expect(400);
      expect(res.body.message).toBe(ACCOUNT_CODE_WRONG_MESSAGE);
    }
    const together = await Promise.all(
      [1, 2, 3, 4].map(() =>
        fanBrowser(t, freshIp())
          .post('/api/account/verify')
          .send({ email: 'guess@example.com', code: wrong }),
      ),
    );
    expect(together.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(together.map((r) => r.body.message)).toContain(ACCOUNT_CODE_ENDED_MESSAGE);
    const right = await fan
      .post('/api/account/verify')
      .send({ email: 'guess@example.com', code })
      .expect(400);
    expect(right.body.message).toBe(ACCOUNT_CODE_ENDED_MESSAGE);

    // Exactly the fifth wrong code ends it.
    const next = await askCode(fan, 'guess@example.com');
    const wrong2 = next.code === '000000' ? '000001' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push(
        (
          await fan
            .post('/api/account/verify')
            .send({ email: 'guess@example.com', code: wrong2 })
            .expect(400)
        ).body.message as string,
      );
    expect(messages).toEqual([
      ...Array(4).fill(ACCOUNT_CODE_WRONG_MESSAGE),
      ACCOUNT_CODE_ENDED_MESSAGE,
    ]);
    await fan.post('/api/account/verify').send({ token: next.token }).expect(400);
  });

  it('limits sign-in requests to 10 an hour per client address, with Retry-After', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fanBrowser(t, ip)
          .post('/api/account/sign-in')
          .send({ email: `many${i}@example.com` }),
      ),
    );
    expect(answers.filter((r) => r.status !== 202 && r.status !== 429).map((r) => r.body)).toEqual(
      [],
    );
    expect(answers.filter((r) => r.status === 202)).toHaveLength(10);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused[0]!.body.message).toMatch(
      /^Too many requests\. Please try again in \d+ minutes?\.$/,
    );
    await fanBrowser(t, freshIp())
      .post('/api/account/sign-in')
      .send({ email: 'other@example.com' })
      .expect(202);
  });

  it('sends one mailbox at most its daily quota of codes; past it the last code still works', async () => {
    const fan = fanBrowser(t, freshIp());
    await askCode(fan, 'quota@example.com');
    await askCode(fan, 'quota@example.com');
    const third = await askCode(fan, 'Quota@example.com');
    await fan.post('/api/account/sign-in').send({ email: 'quota@example.com' }).expect(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((m) => m.rcptTo.includes('quota@example.com'))).toHaveLength(3);
    await fan
      .post('/api/account/verify')
      .send({ email: 'quota@example.com', code: third.code })
      .expect(200);
  });

  it('signs out, and keeps fan and admin sessions apart, each refused on the other’s routes', async () => {
    const fan = fanBrowser(t, freshIp());
    const { code } = await askCode(fan, 'apart@example.com');
    await fan.post('/api/account/verify').send({ email: 'apart@example.com', code }).expect(200);
    await fan.get('/api/account').expect(200);

    // The fan's cookie is no admin session on any admin route.
    const adminGets = routes(t).filter(
      (r) =>
        r.method === 'GET' &&
        r.path.startsWith('/api/admin/') &&
        !r.path.includes(':') &&
        r.path !== '/api/admin/session',
    );
    expect(adminGets.length).toBeGreaterThan(10);
    for (const route of adminGets) await fan.get(route.path).expect(401);
    await fan.get('/api/admin/session').expect(200, { authenticated: false });

    // The admin's cookie is no fan session.
    const admin = await loggedIn(t);
    await admin.get('/api/admin/orders').expect(200);
    await admin.get('/api/account').expect(401);
    await admin.post('/api/account/sign-out').expect(204);
    await admin.get('/api/admin/orders').expect(200);

    // A write from another site is refused before it reaches the session.
    await request(t.server)
      .post('/api/account/sign-in')
      .set('Origin', 'https://evil.example')
      .send({ email: 'apart@example.com' })
      .expect(403);

    await fan.post('/api/account/sign-out').expect(204);
    await fan.get('/api/account').expect(401);
  });

  it('offers passkey ceremonies for this site, and refuses answers that do not verify', async () => {
    const fan = fanBrowser(t, freshIp());
    await fan.post('/api/account/passkeys/registration-options').expect(401);
    const { code } = await askCode(fan, 'keys@example.com');
    await fan.post('/api/account/verify').send({ email: 'keys@example.com', code }).expect(200);
    const options = await fan.post('/api/account/passkeys/registration-options').expect(200);
    expect(options.body).toMatchObject({
      rp: { id: 'shop.example.test' },
      user: { name: 'keys@example.com' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    expect(
      [options.headers['set-cookie']].flat().some((c) => c?.startsWith('artist.passkey=')),
    ).toBe(true);
    const forged = {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
      clientExtensionResults: {},
    };
    const refused = await fan.post('/api/account/passkeys').send(forged).expect(400);
    expect(refused.body.message).toBe(PASSKEY_FAILED_MESSAGE);
    // The ceremony was used by that try: another answer needs new options.
    await fan.post('/api/account/passkeys').send(forged).expect(400);
    await fan.delete('/api/account/passkeys/AAAA').expect(404);
    expect((await fan.get('/api/account').expect(200)).body.passkeys).toEqual([]);

    const stranger = fanBrowser(t, freshIp());
    const signIn = await stranger.post('/api/account/passkey-sign-in/options').expect(200);
    expect(signIn.body).toMatchObject({ rpId: 'shop.example.test', userVerification: 'preferred' });
    const bad = await stranger
      .post('/api/account/passkey-sign-in')
      .send({
        ...forged,
        response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
      })
      .expect(400);
    expect(bad.body.message).toBe(PASSKEY_FAILED_MESSAGE);
    await stranger.get('/api/account').expect(401);
  });
});

describe.each(oneDatabase())('fan accounts on an https site on $name', (db) => {
  const { smtp, t } = mailingAppOfSuite(db, {
    PUBLIC_URL: 'https://shop.example.test',
    TRUST_PROXY: '1',
  });

  it('makes the fan cookie Secure', async () => {
    const fan = fanBrowser(t, '203.0.113.250').set('X-Forwarded-Proto', 'https');
    await fan.post('/api/account/sign-in').send({ email: 'secure@example.com' }).expect(202);
    await eventually(() => smtp.received.some((m) => m.rcptTo.includes('secure@example.com')));
    const { code } = signInOf(smtp.received, 'secure@example.com');
    const res = await fan
      .post('/api/account/verify')
      .send({ email: 'secure@example.com', code })
      .expect(200);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('artist.fan='))!;
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});
