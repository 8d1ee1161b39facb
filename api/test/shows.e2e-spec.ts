import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { ShowInput } from '@artist/contracts';
import { DataSource } from 'typeorm';
import { Clock } from '../src/common/clock.js';
import { Show } from '../src/modules/shows/show.entity.js';
import { loggedIn } from './utils/admin.js';
import { csvRecords } from './utils/csv.js';
import { testDatabases } from './utils/databases.js';
import { createShows, showInput } from './utils/shows.js';
import { testAppOfSuite } from './utils/test-app.js';

/** 03:00 UTC on 14 March 2027 is still 13 March in Chicago (the default artist time zone). */
const NOW = new Date('2027-03-14T03:00:00Z');

const show = showInput;

describe.each(testDatabases())('shows on $name', (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await loggedIn(t);
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => NOW);
  });

  const create = (fields: Partial<ShowInput> = {}) =>
    admin.post('/api/admin/shows').send(show(fields));

  describe('validation in the words of the spec', () => {
    it.each([
      [{ venue: '' }, 'venue', 'Venue is required'],
      [{ venue: '   ' }, 'venue', 'Venue is required'],
      [{ venue: undefined }, 'venue', 'Venue is required'],
      [{ city: '' }, 'city', 'City is required'],
      [{ date: '14/03/2027' }, 'date', 'Date must be in YYYY-MM-DD format'],
      [{ date: '2027-02-30' }, 'date', 'Date must be in YYYY-MM-DD format'],
      [{ time: '' }, 'time', 'Time is required'],
      [{ notes: 'x'.repeat(1001) }, 'notes', 'Notes cannot exceed 1000 characters'],
      [
        { ticketButtonType: 'url' },
        'ticketUrl',
        "Ticket URL is required and must be a valid URL when ticket button type is 'url'",
      ],
      [
        { ticketButtonType: 'url', ticketUrl: 'javascript:alert(1)' },
        'ticketUrl',
        "Ticket URL is required and must be a valid URL when ticket button type is 'url'",
      ],
      [
        { ageRequirement: '16+' },
        'ageRequirement',
        'Age requirement must be one of All Ages, 18+, 21+',
      ],
      [
        { ticketButtonType: 'paypal' },
        'ticketButtonType',
        'Ticket button type must be one of url, free, soon',
      ],
      [{ soldOut: 'yes' }, 'soldOut', "Sold out must be the text 'true' or 'false'"],
      [{ soldOut: true }, 'soldOut', "Sold out must be the text 'true' or 'false'"],
      [{ status: 'archived' }, 'status', 'Status must be draft or published'],
    ])('refuses %j: %s "%s"', async (fields, field, message) => {
      const res = await create(fields as Partial<ShowInput>).expect(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toContainEqual({
        field,
        messages: expect.arrayContaining([message]),
      });
    });

    it('refuses unknown fields', async () => {
      const res = await admin
        .post('/api/admin/shows')
        .send({ ...show(), featured: true })
        .expect(400);
      expect(res.body.message).toBe('property featured should not exist');
    });

    it('stores nothing from a refused request', async () => {
      const before = (await admin.get('/api/admin/shows')).body.total;
      await create({ venue: '' }).expect(400);
      expect((await admin.get('/api/admin/shows')).body.total).toBe(before);
    });
  });

  it('creates a show with the form defaults, and answers it as the admin sees it', async () => {
    const res = await admin
      .post('/api/admin/shows')
      .send({ venue: 'Station Inn', city: 'Nashville, TN', date: '2027-05-02', time: '7 PM' })
      .expect(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      venue: 'Station Inn',
      ageRequirement: 'All Ages',
      ticketButtonType: 'free',
      ticketUrl: null,
      soldOut: 'false',
      status: 'draft',
      notes: null,
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
  });

  it('says whether the city was found on the map, offline, when the show is saved', async () => {
    const found = await create({ city: 'Nashville, TN' });
    expect(found.body.located).toBe(true);
    const lost = await create({ city: 'Nowhere Springs, ZZ' });
    expect(lost.body.located).toBe(false);
    const fixed = await admin
      .put(`/api/admin/shows/${lost.body.id}`)
      .send({ ...showInput(), city: 'Franklin, TN' })
      .expect(200);
    expect(fixed.body.located).toBe(true);
  });

  it('keeps a ticket URL only for the url type', async () => {
    const url = await create({ ticketButtonType: 'url', ticketUrl: 'https://tix.example/1' });
    expect(url.body.ticketUrl).toBe('https://tix.example/1');
    const free = await create({ ticketButtonType: 'free', ticketUrl: 'https://tix.example/2' });
    expect(free.body.ticketUrl).toBeNull();
  });

  it('updates a show with PUT, and answers 404 for an unknown id and 400 for a bad one', async () => {
    const { body } = await create({ venue: 'Before', notes: 'load-in 5pm' });
    const res = await admin
      .put(`/api/admin/shows/${body.id}`)
      .send(show({ venue: 'After', status: 'draft' }))
      .expect(200);
    expect(res.body).toMatchObject({ id: body.id, venue: 'After', status: 'draft', notes: null });
    const missing = await admin.put('/api/admin/shows/999999').send(show()).expect(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'Show not found.' });
    await admin.put('/api/admin/shows/abc').send(show()).expect(400);
  });

  it('deletes a show with DELETE: 204, gone from the lists, 404 for an unknown id', async () => {
    const { body } = await create({ venue: 'Farewell Barn', date: '2027-04-02' }).expect(201);
    expect((await request(t.server).get('/api/shows').expect(200)).body).toContainEqual(
      expect.objectContaining({ id: body.id }),
    );
    const res = await admin.delete(`/api/admin/shows/${body.id}`).expect(204);
    expect(res.text).toBe('');
    const adminList = (await admin.get('/api/admin/shows?status=all').expect(200)).body.rows;
    expect(adminList.map((s: { id: number }) => s.id)).not.toContain(body.id);
    const publicList = (await request(t.server).get('/api/shows').expect(200)).body;
    expect(publicList.map((s: { id: number }) => s.id)).not.toContain(body.id);
    const again = await admin.delete(`/api/admin/shows/${body.id}`).expect(404);
    expect(again.body).toEqual({ statusCode: 404, message: 'Show not found.' });
    await admin.delete('/api/admin/shows/abc').expect(400);
  });

  it('deletes nothing without the admin session', async () => {
    const { body } = await create({ venue: 'Guarded Barn' }).expect(201);
    await request(t.server)
      .delete(`/api/admin/shows/${body.id}`)
      .set('Origin', t.config.publicUrl)
      .expect(401);
    const list = (await admin.get('/api/admin/shows?status=all').expect(200)).body.rows;
    expect(list.map((s: { id: number }) => s.id)).toContain(body.id);
  });

  describe('the public list', () => {
    let ids: Record<string, number>;

    beforeAll(async () => {
      ids = await createShows(admin, {
        yesterday: { date: '2027-03-12', venue: 'Yesterday Hall' },
        today: { date: '2027-03-13', venue: 'Today Hall', notes: 'secret note' },
        tomorrow: { date: '2027-03-14', venue: 'Tomorrow Hall', time: '9 PM' },
        later: { date: '2027-03-20', venue: 'Later Hall' },
        draft: { date: '2027-03-15', venue: 'Draft Hall', status: 'draft' },
      });
    });

    const publicVenues = async () =>
      ((await request(t.server).get('/api/shows').expect(200)).body as { venue: string }[])
        .map((s) => s.venue)
        .filter((v) => v.endsWith('Hall'));

    it('lists published shows from today on in the artist’s time zone, soonest first', async () => {
      expect(await publicVenues()).toEqual(['Today Hall', 'Tomorrow Hall', 'Later Hall']);
    });

    it('uses the artist’s date, not the server’s: at 06:00 UTC Chicago’s 13th is still today', async () => {
      jest
        .spyOn(t.app.get(Clock), 'now')
        .mockImplementation(() => new Date('2027-03-14T05:59:00Z'));
      expect(await publicVenues()).toContain('Today Hall');
      jest
        .spyOn(t.app.get(Clock), 'now')
        .mockImplementation(() => new Date('2027-03-14T06:00:00Z'));
      expect(await publicVenues()).toEqual(['Tomorrow Hall', 'Later Hall']);
      jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => NOW);
    });

    it('answers public fields only', async () => {
      const res = await request(t.server).get('/api/shows').expect(200);
      const today = res.body.find((s: { id: number }) => s.id === ids.today);
      expect(Object.keys(today).sort()).toEqual(
        [
          'id',
          'date',
          'venue',
          'city',
          'time',
          'ageRequirement',
          'soldOut',
          'ticketButtonType',
          'ticketUrl',
          'timeZone',
        ].sort(),
      );
      expect(JSON.stringify(res.body)).not.toContain('secret note');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('sends the same security headers as every other route, a request id and an ETag', async () => {
      const shows = await request(t.server).get('/api/shows').set('X-Request-Id', 'abc-123');
      const health = await request(t.server).get('/api/health');
      const security = [
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-content-type-options',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ];
      for (const name of security) {
        expect([name, shows.headers[name]]).toEqual([name, health.headers[name]]);
      }
      expect(shows.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(shows.headers['x-powered-by']).toBeUndefined();
      expect(shows.headers['x-request-id']).toBe('abc-123');
      expect(shows.headers['content-type']).toBe('application/json; charset=utf-8');

      const etag = shows.headers.etag;
      const again = await request(t.server).get('/api/shows').set('If-None-Match', etag);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      const head = await request(t.server).head('/api/shows?fresh=1').expect(200);
      expect(head.headers.etag).toBe(etag);
    });

    it('answers other methods on /api/shows through the API (JSON 404)', async () => {
      const res = await request(t.server).post('/api/shows').send({}).expect(404);
      expect(res.body.message).toBe('No API route POST /api/shows.');
    });

    it('shows an admin change to the very next visitor', async () => {
      const before = (await request(t.server).get('/api/shows')).headers.etag;
      expect(await publicVenues()).not.toContain('Draft Hall');
      await admin
        .put(`/api/admin/shows/${ids.draft}`)
        .send(show({ date: '2027-03-15', venue: 'Draft Hall', status: 'published' }))
        .expect(200);
      expect(await publicVenues()).toContain('Draft Hall');
      const after = await request(t.server).get('/api/shows').set('If-None-Match', before);
      expect(after.status).toBe(200);
      await admin
        .put(`/api/admin/shows/${ids.draft}`)
        .send(show({ date: '2027-03-15', venue: 'Draft Hall', status: 'draft' }))
        .expect(200);
      expect(await publicVenues()).not.toContain('Draft Hall');
    });

    it('sees a write made through the database at once, not only through the admin', async () => {
      const initial = await publicVenues();
      const shows = t.app.get(DataSource).getRepository(Show);
      // Any TypeORM write raises the table's number, which the kept answer is read under.
      const other = await shows.save(
        shows.create({ ...show({ venue: 'Elsewhere Hall', date: '2027-03-16' }), notes: null }),
        { transaction: false },
      );
      expect(await publicVenues()).toContain('Elsewhere Hall');
      await shows.delete({ id: other.id });
      expect(await publicVenues()).toEqual(initial);
    });

    it('filters the admin list by published, draft and past, and searches', async () => {
      const venues = async (query: string) =>
        ((await admin.get(`/api/admin/shows${query}`).expect(200)).body.rows as { venue: string }[])
          .map((s) => s.venue)
          .filter((v) => v.endsWith('Hall'));
      expect(await venues('')).toEqual([
        'Yesterday Hall',
        'Today Hall',
        'Tomorrow Hall',
        'Draft Hall',
        'Later Hall',
      ]);
      expect(await venues('?status=past')).toEqual(['Yesterday Hall']);
      expect(await venues('?status=draft')).toEqual(['Draft Hall']);
      expect(await venues('?status=published')).toEqual([
        'Today Hall',
        'Tomorrow Hall',
        'Later Hall',
      ]);
      expect(await venues('?search=TOMORROW')).toEqual(['Tomorrow Hall']);
      expect(await venues('?search=100%25')).toEqual([]);
      expect(await venues('?status=all&search=hall')).toHaveLength(5);
      const bad = await admin.get('/api/admin/shows?status=archived').expect(400);
      expect(bad.body.message).toBe(
        "Unknown status 'archived': status must be one of all, published, draft, past",
      );
    });

    it('exports the same filtered list as CSV named shows-YYYY-MM-DD.csv', async () => {
      const res = await admin.get('/api/admin/shows/export?status=past').expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="shows-2027-03-13.csv"',
      );
      const rows = csvRecords(res.text);
      expect(rows.map((r) => r.venue)).toEqual(['Yesterday Hall']);
      expect(rows[0]).toMatchObject({ date: '2027-03-12', status: 'published', soldOut: 'false' });
    });

    it('neutralises formulas in the CSV', async () => {
      await create({ venue: '=HYPERLINK("http://evil")', city: '+1', time: '@now', notes: '-2' });
      const res = await admin.get('/api/admin/shows/export?search=hyperlink').expect(200);
      const [row] = csvRecords(res.text);
      expect(row).toMatchObject({
        venue: `'=HYPERLINK("http://evil")`,
        city: "'+1",
        time: "'@now",
        notes: "'-2",
      });
    });
  });
});
