import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock.js';
import { ContactMessage } from '../src/modules/contact/contact-message.entity.js';
import { EmailSignup } from '../src/modules/newsletter/email-signup.entity.js';
import { NotifyMe } from '../src/modules/notify/notify-me.entity.js';
import { Order } from '../src/modules/orders/order.entity.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

const NOW = new Date('2027-03-14T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

describe.each(testDatabases())('the admin overview on $name', (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;
  let data: DataSource;
  let sequence = 0;

  beforeAll(async () => {
    admin = await loggedIn(t);
    data = t.app.get(DataSource);
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => NOW);
  });

  const order = (fulfillmentStatus: string, paymentStatus: string) =>
    data.getRepository(Order).insert({
      email: 'fan@example.com',
      total: 3000,
      stripeSessionId: `cs_overview_${sequence++}`,
      paymentStatus,
      fulfillmentStatus,
    });
  const message = (status: string) =>
    data.getRepository(ContactMessage).insert({
      firstName: 'June',
      lastName: 'Carter',
      email: 'june@example.com',
      subject: 'booking',
      message: 'Hello',
      status,
    });
  const notifyRequest = (notified: string, confirmedAt: Date | null = NOW) =>
    data.getRepository(NotifyMe).insert({
      email: `n${sequence++}@example.com`,
      productName: 'Trucker Hat',
      notified,
      confirmedAt,
    });
  const signup = (createdAt: Date) =>
    data.getRepository(EmailSignup).insert({ email: `s${sequence++}@example.com`, createdAt });

  it('answers zeros for an empty database', async () => {
    const res = await admin.get('/api/admin/overview').expect(200);
    expect(res.body).toEqual({
      ordersToShip: 0,
      newMessages: 0,
      pendingNotifyRequests: 0,
      signupsThisWeek: 0,
    });
  });

  it('counts what waits for the artist, as the tabs filter it', async () => {
    // To ship (the orders' Pending filter): not fulfilled and not refunded.
    await order('pending', 'paid');
    await order('pending', 'partially_refunded');
    await order('pending', 'disputed');
    await order('pending', 'refunded');
    await order('fulfilled', 'paid');
    await message('new');
    await message('new');
    await message('responded');
    await notifyRequest('false');
    await notifyRequest('true');
    await notifyRequest('true');
    // Awaiting its address's confirmation: not ready to email, so not waiting for the artist.
    await notifyRequest('false', null);
    await signup(NOW);
    await signup(daysAgo(6.9));
    await signup(daysAgo(7.1));
    await signup(daysAgo(30));

    const res = await admin.get('/api/admin/overview').expect(200);
    expect(res.body).toEqual({
      ordersToShip: 3,
      newMessages: 2,
      pendingNotifyRequests: 1,
      signupsThisWeek: 2,
    });
    const pending = await admin.get('/api/admin/orders?status=pending').expect(200);
    expect(pending.body.total).toBe(res.body.ordersToShip);
    const requests = await admin.get('/api/admin/notify-me?status=pending').expect(200);
    expect(requests.body.counts).toEqual({ all: 4, pending: 1, unconfirmed: 1, notified: 2 });
    expect(requests.body.rows.map((r: { confirmedAt: string | null }) => r.confirmedAt)).toEqual([
      NOW.toISOString(),
    ]);
  });

  it('needs the admin session', async () => {
    const res = await request(t.server).get('/api/admin/overview').expect(401);
    expect(res.body.message).toBe('Please log in to continue.');
  });
});
