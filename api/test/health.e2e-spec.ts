import request from 'supertest';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source.js';
import { entities } from '../src/entities.js';
import { Show } from '../src/modules/shows/show.entity.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

describe.each(testDatabases())('server on $name', (db) => {
  const t = testAppOfSuite(db);

  it('applies every migration to an empty database, leaving nothing for the entities to change', async () => {
    const dataSource = t.app.get(DataSource);
    expect(await dataSource.showMigrations()).toBe(false);
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('has, from the modules that own them, the entities the command-line tools open', () => {
    const names = (list: unknown) => (list as { name: string }[]).map((e) => e.name).sort();
    expect(names(t.app.get(DataSource).options.entities)).toEqual(
      names(dataSourceOptions(t.config.database, entities).entities),
    );
  });

  it('reports the database in /api/health', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: { type: db.name, status: 'up' } });
  });

  it('round-trips a row through a real table with UTC timestamps', async () => {
    const shows = t.app.get(DataSource).getRepository(Show);
    const saved = await shows.save(
      shows.create({
        venue: 'The Bluebird',
        city: 'Nashville, TN',
        date: '2027-03-14',
        time: '8:00 PM',
        ageRequirement: '21+',
        ticketButtonType: 'free',
      }),
      { transaction: false },
    );
    const loaded = await shows.findOneByOrFail({ id: saved.id });
    expect(loaded).toMatchObject({
      venue: 'The Bluebird',
      soldOut: 'false',
      status: 'draft',
      ticketUrl: null,
    });
    expect(Math.abs(loaded.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await request(t.server).get('/api/nope').expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'No API route GET /api/nope.' });
  });

  it('answers malformed JSON with a 400 and a readable message', async () => {
    const res = await request(t.server)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"bad"');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON.');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await request(t.server)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The request body is too large.');
  });

  it('sends security headers and no X-Powered-By', async () => {
    const res = await request(t.server).get('/api/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });
});
