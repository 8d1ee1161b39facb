import { Writable } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

/** Personal data a fan sends; none of it may reach the log. */
const fan = {
  firstName: 'Loretta',
  lastName: 'Lynnwood',
  email: 'loretta.private@example.com',
  subject: 'booking',
  message: 'My home is 12 Butcher Hollow Road, call me on 555-0142',
};

// One stream for every suite: nestjs-pino keeps its root logger across apps in one process.
const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

describe.each(testDatabases())('what the logs hold on $name', (db) => {
  const t = testAppOfSuite(db, { LOG_LEVEL: 'info' }, { logStream });

  it('logs a failed database query without its values: no email, name or message text', async () => {
    // The table is gone, so the insert of the fan's message fails inside the database.
    await t.app.get(DataSource).query('DROP TABLE contact_messages');
    lines.length = 0;
    const res = await request(t.server)
      .post('/api/contact')
      .set('Origin', t.config.publicUrl)
      .send(fan)
      .expect(500);
    expect(res.body.message).toBe('Something went wrong on our side. Please try again later.');
    await new Promise((resolve) => setImmediate(resolve));
    const logged = lines.join('\n');
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.err?.type === 'QueryFailedError');
    expect(failure).toBeDefined();
    expect(failure.err.query).toMatch(/INSERT INTO/i);
    expect(failure.context).toBe('HttpExceptionFilter');
    // The error line and the request's own line carry the request's id.
    const requestLine = lines.map((l) => JSON.parse(l)).find((l) => l.res?.statusCode === 500);
    expect(requestLine).toMatchObject({
      req: { id: res.headers['x-request-id'], method: 'POST', path: '/api/contact' },
      msg: expect.stringMatching(/^POST \/api\/contact 500/),
    });
    expect(failure.req.id).toBe(res.headers['x-request-id']);
    for (const value of Object.values(fan).filter((v) => v !== 'booking')) {
      expect(logged).not.toContain(value);
    }
    expect(logged).not.toMatch(/Loretta|Lynnwood|loretta\.private|Butcher/);
  });
});
