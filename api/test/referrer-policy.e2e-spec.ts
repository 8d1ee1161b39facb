import request from 'supertest';
import { oneDatabase } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

describe.each(oneDatabase())('referrer policy on $name', (db) => {
  const t = testAppOfSuite(db);

  // Under no-referrer, browsers send `Origin: null` with a plain form POST (the test checkout's
  // Pay and Cancel buttons), which the origin check refuses.
  it('lets same-site form posts carry their origin while other sites get only the origin', async () => {
    const res = await request(t.server).get('/api/products').expect(200);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
