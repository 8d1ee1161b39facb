import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { AdminShow, PublicShow } from '@artist/contracts';
import { loggedIn } from './utils/admin.js';
import { oneDatabase } from './utils/databases.js';
import { showInput } from './utils/shows.js';
import { testAppOfSuite } from './utils/test-app.js';

describe.each(oneDatabase())('time zones of shows on $name', (db) => {
  const t = testAppOfSuite(db, { ARTIST_TIMEZONE: 'America/New_York' });
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(t);
  });

  const create = async (fields: Parameters<typeof showInput>[0]) =>
    (await admin.post('/api/admin/shows').send(showInput(fields)).expect(201)).body as AdminShow;

  it("fills a show's zone from its city, else ARTIST_TIMEZONE, and shows it to the public", async () => {
    expect((await create({ city: 'Glasgow, UK' })).timeZone).toBe('Europe/London');
    expect((await create({ city: 'Nashville, TN' })).timeZone).toBe('America/Chicago');
    expect((await create({ city: 'Denver, CO' })).timeZone).toBe('America/Denver');
    expect((await create({ city: 'Luckenbach, TX' })).timeZone).toBe('America/New_York');
    const shows = (await request(t.server).get('/api/shows').expect(200)).body as PublicShow[];
    expect(shows.map((s) => [s.city, s.timeZone])).toEqual(
      expect.arrayContaining([
        ['Glasgow, UK', 'Europe/London'],
        ['Luckenbach, TX', 'America/New_York'],
      ]),
    );
  });

  it('takes the zone the artist sets, keeps it while the city stays, and finds it again when the city changes', async () => {
    const set = await create({ city: 'Luckenbach, TX', timeZone: 'America/Chicago' });
    expect(set.timeZone).toBe('America/Chicago');
    const kept = await admin
      .put(`/api/admin/shows/${set.id}`)
      .send(showInput({ city: 'Luckenbach, TX', venue: 'Dance Hall' }))
      .expect(200);
    expect(kept.body.timeZone).toBe('America/Chicago');
    const moved = await admin
      .put(`/api/admin/shows/${set.id}`)
      .send(showInput({ city: 'Dublin, Ireland' }))
      .expect(200);
    expect(moved.body.timeZone).toBe('Europe/Dublin');
    const chosen = await admin
      .put(`/api/admin/shows/${set.id}`)
      .send(showInput({ city: 'Dublin, Ireland', timeZone: 'Europe/London' }))
      .expect(200);
    expect(chosen.body.timeZone).toBe('Europe/London');
  });

  it('refuses a zone that is not an IANA name, changing nothing', async () => {
    const before = (await admin.get('/api/admin/shows').expect(200)).body.total as number;
    for (const timeZone of ['BST', 'Mars/Olympus', 'x'.repeat(65)]) {
      const res = await admin.post('/api/admin/shows').send(showInput({ timeZone })).expect(400);
      expect(JSON.stringify(res.body)).toContain('Time zone must be an IANA time zone');
    }
    expect((await admin.get('/api/admin/shows').expect(200)).body.total).toBe(before);
  });
});
