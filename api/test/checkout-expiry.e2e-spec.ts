import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock.js';
import { JobLeases } from '../src/modules/cluster/job-leases.service.js';
import { CheckoutCleanupService } from '../src/modules/checkout/checkout-cleanup.service.js';
import { stripeAppOfSuite } from './utils/checkout.js';
import { testDatabases } from './utils/databases.js';

const HOUR = 60 * 60 * 1000;

describe.each(testDatabases())('unpaid checkout sessions expire, on $name', (db) => {
  const s = stripeAppOfSuite(db);

  beforeEach(async () => {
    jest.restoreAllMocks();
    await s.reset();
  });

  it('asks Stripe to expire the session 30 minutes after it is created, and a minute for the request to get there', async () => {
    const before = Math.floor(Date.now() / 1000);
    const id = await s.openSession();
    const after = Math.ceil(Date.now() / 1000);
    const sent = Number(s.stripe.creates().at(-1)!.body.expires_at);
    expect(sent).toBeGreaterThanOrEqual(before + 1860);
    expect(sent).toBeLessThanOrEqual(after + 1860);
    expect(s.stripe.sessions.get(id)!.expires_at).toBe(sent);
  });

  it('removes pending rows a day old, and keeps paid, still-clearing and younger ones', async () => {
    const stale = await s.openSession();
    const expired = await s.openSession();
    const paid = await s.openSession();
    const clearing = await s.openSession();
    await s
      .deliver('checkout.session.expired', {
        ...s.stripe.sessions.get(expired)!,
        status: 'expired',
      })
      .expect(200);
    await s.deliver('checkout.session.completed', s.stripe.pay(paid)).expect(200);
    await s
      .deliver('checkout.session.completed', s.stripe.pay(clearing, undefined, 'unpaid'))
      .expect(200);
    const cleanup = s.t.app.get(CheckoutCleanupService);
    const clock = s.t.app.get(Clock);
    const now = Date.now();

    jest.spyOn(clock, 'now').mockReturnValue(new Date(now + 23 * HOUR));
    expect(await cleanup.removeStale()).toBe(0);
    expect(await s.checkoutSessions()).toHaveLength(4);

    jest.spyOn(clock, 'now').mockReturnValue(new Date(now + 25 * HOUR));
    const [removed] = await Promise.all([cleanup.removeStale(), cleanup.removeStale()]);
    expect(removed).toBeGreaterThanOrEqual(0);
    const left = await s.checkoutSessions();
    expect(left.map((r) => r.sessionId).sort()).toEqual([paid, clearing].sort());
    expect(left.find((r) => r.sessionId === clearing)!.status).toBe('processing');
    expect(left.find((r) => r.sessionId === stale)).toBeUndefined();

    // The delayed payment clears days later: its row was kept, so its order is made.
    await s
      .deliver('checkout.session.async_payment_succeeded', s.stripe.settle(clearing))
      .expect(200);
    expect((await s.orders()).map((o) => o.stripeSessionId).sort()).toEqual(
      [paid, clearing].sort(),
    );
  });

  it('runs the clean-up on one instance at a time, through a lease in the database', async () => {
    const dataSource = s.t.app.get(DataSource);
    // This instance's leases, and another instance's on the same database.
    const here = s.t.app.get(JobLeases);
    const there = new JobLeases(dataSource);
    const taken = await Promise.all([
      here.take('checkout-cleanup-test', HOUR),
      there.take('checkout-cleanup-test', HOUR),
      here.take('checkout-cleanup-test', HOUR),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await there.take('checkout-cleanup-test', HOUR)).toBe(false);
    // An interval later it is due again, for whichever instance looks first.
    await dataSource.query('UPDATE job_leases SET next_run_at = ? WHERE name = ?', [
      Date.now() - 1,
      'checkout-cleanup-test',
    ]);
    expect(await there.take('checkout-cleanup-test', HOUR)).toBe(true);

    // The scheduled work runs where the lease is taken, and not again within its interval.
    const runs: string[] = [];
    here.schedule('scheduled-test', HOUR, async () => runs.push('here'), 20);
    there.schedule('scheduled-test', HOUR, async () => runs.push('there'), 20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await there.onModuleDestroy();
    expect(runs).toHaveLength(1);
    const [{ holder }] = (await dataSource.query(
      "SELECT holder FROM job_leases WHERE name = 'scheduled-test'",
    )) as { holder: string }[];
    expect(holder).toBe(runs[0] === 'here' ? here.holder : there.holder);
  });
});
