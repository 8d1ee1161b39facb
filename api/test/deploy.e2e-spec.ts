import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { create } from 'tar';
import type { RemotesManifest } from '@artist/contracts';
import { STORAGE, type Storage } from '../src/modules/storage/storage.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { releaseArchive } from './utils/remote-releases.js';
import { startTestS3, type TestS3 } from './utils/s3.js';
import { eventually } from './utils/smtp.js';
import { startTestApp, startTestAppOn, testAppOfSuite, type TestApp } from './utils/test-app.js';

const STOREFRONT_TOKEN = 'storefront-deploy-token-0123456789abcdef';
const ADMIN_TOKEN = 'admin-deploy-token-0123456789abcdef-xyz';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const TOKENS = {
  DEPLOY_TOKEN_STOREFRONT: STOREFRONT_TOKEN,
  DEPLOY_TOKEN_ADMIN: ADMIN_TOKEN,
  METRICS_TOKEN,
};
const BUILT_IN_ENTRY = '/remotes/storefront/mf-manifest.json';

const publish = (t: TestApp, archive: Buffer, remote = 'storefront', token = STOREFRONT_TOKEN) =>
  request(t.server)
    .post(`/api/deploy/${remote}/releases`)
    .set('Authorization', `Bearer ${token}`)
    .set('Content-Type', 'application/gzip')
    .send(archive);

const promote = (t: TestApp, version: string) =>
  request(t.server)
    .post('/api/deploy/storefront/live')
    .set('Authorization', `Bearer ${STOREFRONT_TOKEN}`)
    .send({ version });

const deployGet = (t: TestApp, path: string) =>
  request(t.server).get(path).set('Authorization', `Bearer ${STOREFRONT_TOKEN}`);

async function manifestOf(t: TestApp, cookie?: string): Promise<RemotesManifest> {
  const answer = request(t.server).get('/remotes.json');
  if (cookie) answer.set('Cookie', cookie);
  return (await answer.expect(200)).body as RemotesManifest;
}

async function storedKeys(t: TestApp, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of t.app.get<Storage>(STORAGE).list(prefix)) keys.push(file.key);
  return keys.sort();
}

describe.each(testDatabases())('releases of the remotes on $name', (db) => {
  describe('publishing', () => {
    const t = testAppOfSuite(db, TOKENS);

    it('publishes a release: 201 with its version, its files served immutable under it', async () => {
      const archive = await releaseArchive({ text: 'first release' });
      const answer = await publish(t, archive).expect(201);
      const { version } = answer.body as { version: string };
      expect(version).toMatch(/^[0-9a-f]{12}$/);
      expect(await storedKeys(t, `remotes/storefront/${version}/`)).toEqual([
        `remotes/storefront/${version}/js/app.0123abcd.js`,
        `remotes/storefront/${version}/mf-manifest.json`,
        `remotes/storefront/${version}/remoteEntry.js`,
      ]);
      for (const file of ['mf-manifest.json', 'remoteEntry.js', 'js/app.0123abcd.js']) {
        const served = await request(t.server)
          .get(`/remotes/storefront/${version}/${file}`)
          .expect(200);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      const chunk = await request(t.server)
        .get(`/remotes/storefront/${version}/js/app.0123abcd.js`)
        .expect(200);
      expect(chunk.headers['content-type']).toMatch(/^text\/javascript/);
      expect(chunk.text).toBe('export default "first release";');
      await request(t.server).get(`/remotes/storefront/${version}/nothing.js`).expect(404);
      const listed = await deployGet(t, '/api/deploy/storefront/releases').expect(200);
      expect(listed.body).toEqual([
        { version, publishedAt: expect.any(String), live: false, failures: 0 },
      ]);
    });

    it('answers 200 with the same version when the same content is published again', async () => {
      const archive = await releaseArchive({ text: 'twice' });
      const first = await publish(t, archive).expect(201);
      const again = await publish(t, archive).expect(200);
      expect(again.body).toEqual({ version: first.body.version });
      const listed = await deployGet(t, '/api/deploy/storefront/releases').expect(200);
      expect(
        (listed.body as { version: string }[]).filter((r) => r.version === first.body.version),
      ).toHaveLength(1);
      // The version is the archive's own SHA-256, so a team can work it out before publishing.
      const { createHash } = await import('node:crypto');
      expect(first.body.version).toBe(
        createHash('sha256').update(archive).digest('hex').slice(0, 12),
      );
    });

    it('refuses with 422 and a sentence what cannot work, storing nothing', async () => {
      const before = await storedKeys(t, 'remotes/');
      const refusals: [Buffer, string][] = [
        [Buffer.from('just some text, not an archive'), 'The release is not a gzipped tar.'],
        [
          gzipSync(Buffer.from('gzipped, but no tar inside it at all')),
          'The release is not a gzipped tar.',
        ],
        [
          await releaseArchive({ noManifest: true }),
          "The release has no mf-manifest.json at its top level: pack the contents of storefront's built folder (dist).",
        ],
        [
          await releaseArchive({ exposes: ['./Other'] }),
          "The release's mf-manifest.json does not expose ./App, the module the shell mounts from storefront.",
        ],
        [
          await releaseArchive({ react: '17.0.2' }),
          'storefront needs react 17.0.2; the shell shares react 19',
        ],
        [
          await releaseArchive({ remote: 'admin' }),
          'The release\'s mf-manifest.json is of the remote "admin", not storefront.',
        ],
        [
          await releaseArchive({ files: { 'bad name@2x.png': 'x' } }),
          'The release holds a file whose name the site cannot store: bad name@2x.png (letters, digits, ".", "_" and "-" only).',
        ],
      ];
      for (const [archive, message] of refusals) {
        const answer = await publish(t, archive).expect(422);
        expect(answer.body).toEqual({ statusCode: 422, message });
      }
      expect(await storedKeys(t, 'remotes/')).toEqual(before);
      const admin = await publish(
        t,
        await releaseArchive({ remote: 'admin', react: '18.3.1' }),
        'admin',
        ADMIN_TOKEN,
      ).expect(422);
      expect(admin.body.message).toBe('admin needs react 18.3.1; the shell shares react 19');
    });

    it('refuses a release announced over 50 MB with 413 before reading it', async () => {
      const answer = await request(t.server)
        .post('/api/deploy/storefront/releases')
        .set('Authorization', `Bearer ${STOREFRONT_TOKEN}`)
        .set('Content-Type', 'application/gzip')
        .set('Content-Length', String(50 * 1024 * 1024 + 1))
        .send(Buffer.alloc(0))
        .catch((error: { response?: request.Response }) => error.response!);
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({
        statusCode: 413,
        message: 'The release is larger than 50 MB.',
      });
    });
  });

  describe('a release streamed over 50 MB', () => {
    const t = testAppOfSuite(db, TOKENS);
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'release-too-large-'));
      writeFileSync(path.join(dir, 'mf-manifest.json'), '{}');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('stops reading at 50 MB with 413 when no Content-Length announced it, storing nothing', async () => {
      // Sparse: 60 MB that take no disk, packed without compression so the archive is as large.
      writeFileSync(path.join(dir, 'big.js'), '');
      truncateSync(path.join(dir, 'big.js'), 60 * 1024 * 1024);
      const server = t.app.getHttpServer() as Server;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/deploy/storefront/releases',
          headers: {
            Authorization: `Bearer ${STOREFRONT_TOKEN}`,
            'Content-Type': 'application/gzip',
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        const archive = create({ gzip: { level: 0 }, cwd: dir }, ['mf-manifest.json', 'big.js']);
        archive.on('data', (chunk: Buffer) => {
          if (!req.write(chunk)) archive.pause();
        });
        req.on('drain', () => archive.resume());
        archive.on('end', () => req.end());
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        statusCode: 413,
        message: 'The release is larger than 50 MB.',
      });
      expect(await storedKeys(t, 'remotes/')).toEqual([]);
      await deployGet(t, '/api/deploy/storefront/releases').expect(200, []);
    });
  });

  describe('deploy tokens', () => {
    const t = testAppOfSuite(db, { DEPLOY_TOKEN_STOREFRONT: STOREFRONT_TOKEN });

    it("answers 401 without a token, with a wrong one or with the admin's session", async () => {
      const archive = await releaseArchive();
      const none = await request(t.server)
        .post('/api/deploy/storefront/releases')
        .set('Content-Type', 'application/gzip')
        .send(archive)
        .expect(401);
      expect(none.body.message).toBe(
        "Send storefront's deploy token (DEPLOY_TOKEN_STOREFRONT) as Authorization: Bearer <token>.",
      );
      await publish(t, archive, 'storefront', 'x'.repeat(40)).expect(401);
      const admin = await loggedIn(t);
      await admin
        .post('/api/deploy/storefront/releases')
        .set('Content-Type', 'application/gzip')
        .send(archive)
        .expect(401);
      await admin.get('/api/deploy/storefront/releases').expect(401);
      await request(t.server)
        .post('/api/deploy/storefront/live')
        .send({ version: 'built-in' })
        .expect(401);
      expect(await storedKeys(t, 'remotes/')).toEqual([]);
    });

    it('answers 404 on the routes of a remote whose token is unset, and of no remote', async () => {
      const answer = await publish(
        t,
        await releaseArchive({ remote: 'admin' }),
        'admin',
        STOREFRONT_TOKEN,
      ).expect(404);
      expect(answer.body.message).toBe('Releases of admin are off: DEPLOY_TOKEN_ADMIN is not set.');
      await request(t.server).get('/api/deploy/admin/releases').expect(404);
      await request(t.server)
        .post('/api/deploy/admin/failures')
        .send({ version: 'built-in', reason: 'x' })
        .expect(404);
      await request(t.server).get('/api/deploy/shop/live').expect(404);
      // The admin's manifest entry stays the build's own.
      expect((await manifestOf(t)).admin).toBe('/remotes/admin/mf-manifest.json');
    });
  });

  describe('another remote token', () => {
    const t = testAppOfSuite(db, TOKENS);

    it("answers 403 to the admin's token on the storefront's routes", async () => {
      const answer = await publish(t, await releaseArchive(), 'storefront', ADMIN_TOKEN).expect(
        403,
      );
      expect(answer.body).toEqual({
        statusCode: 403,
        message: 'This token deploys admin; storefront needs its own.',
      });
      await request(t.server)
        .get('/api/deploy/storefront/history')
        .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
        .expect(403);
    });
  });

  describe('live version, rollback and history', () => {
    const t = testAppOfSuite(db, TOKENS);

    it('serves the built-in release until one is promoted, then the promoted one, and rolls back', async () => {
      expect(await manifestOf(t)).toEqual({
        storefront: BUILT_IN_ENTRY,
        admin: '/remotes/admin/mf-manifest.json',
        releases: { storefront: { version: 'built-in' }, admin: { version: 'built-in' } },
      });
      const one = (await publish(t, await releaseArchive({ text: 'one' })).expect(201)).body
        .version;
      const two = (await publish(t, await releaseArchive({ text: 'two' })).expect(201)).body
        .version;
      expect((await deployGet(t, '/api/deploy/storefront/live').expect(200)).body).toEqual({
        version: 'built-in',
        previous: null,
      });

      expect((await promote(t, one).expect(200)).body).toEqual({
        version: one,
        previous: 'built-in',
      });
      expect((await manifestOf(t)).storefront).toBe(`/remotes/storefront/${one}/mf-manifest.json`);
      expect((await promote(t, two).expect(200)).body).toEqual({ version: two, previous: one });
      const manifest = await manifestOf(t);
      expect(manifest.storefront).toBe(`/remotes/storefront/${two}/mf-manifest.json`);
      expect(manifest.releases?.storefront).toEqual({
        version: two,
        previous: { version: one, entry: `/remotes/storefront/${one}/mf-manifest.json` },
      });
      const listed = (await deployGet(t, '/api/deploy/storefront/releases').expect(200)).body;
      expect(listed.map((r: { version: string; live: boolean }) => [r.version, r.live])).toEqual([
        [two, true],
        [one, false],
      ]);

      // Rolling back is the same call with the older version.
      expect((await promote(t, one).expect(200)).body).toEqual({ version: one, previous: two });
      expect((await manifestOf(t)).storefront).toBe(`/remotes/storefront/${one}/mf-manifest.json`);
      expect((await deployGet(t, '/api/deploy/storefront/live').expect(200)).body).toEqual({
        version: one,
        previous: two,
      });

      const history = (await deployGet(t, '/api/deploy/storefront/history').expect(200)).body;
      const by = expect.stringMatching(/^DEPLOY_TOKEN_STOREFRONT [0-9a-f]{8}$/);
      expect(history).toEqual([
        { from: two, to: one, at: expect.any(String), by },
        { from: one, to: two, at: expect.any(String), by },
        { from: 'built-in', to: one, at: expect.any(String), by },
      ]);
      expect(JSON.stringify(history)).not.toContain(STOREFRONT_TOKEN);

      const missing = await promote(t, 'abcdefabcdef').expect(404);
      expect(missing.body.message).toBe('storefront has no release abcdefabcdef.');
      const bad = await promote(t, '../etc').expect(400);
      expect(bad.body.statusCode).toBe(400);
    });

    it('lets STOREFRONT_REMOTE_URL override every release', async () => {
      const other = await startTestApp(db, {
        ...TOKENS,
        STOREFRONT_REMOTE_URL: 'https://cdn.example.com/storefront/mf-manifest.json',
      });
      try {
        const manifest = await manifestOf(other);
        expect(manifest.storefront).toBe('https://cdn.example.com/storefront/mf-manifest.json');
        expect(manifest.releases?.storefront).toBeUndefined();
      } finally {
        await other.close();
      }
    });
  });

  describe('failures', () => {
    const t = testAppOfSuite(db, TOKENS);

    it('counts a failure in the release and in remote_load_failures_total, without a session', async () => {
      const version = (await publish(t, await releaseArchive({ text: 'breaks' })).expect(201)).body
        .version;
      await promote(t, version).expect(200);
      const long = 'x'.repeat(500);
      const answer = await request(t.server)
        .post('/api/deploy/storefront/failures')
        .send({ version, reason: long })
        .expect(200);
      expect(answer.body).toEqual({ version, failures: 1 });
      await request(t.server)
        .post('/api/deploy/storefront/failures')
        .send({ version, reason: 'ChunkLoadError' })
        .expect(200);
      const listed = (await deployGet(t, '/api/deploy/storefront/releases').expect(200)).body;
      expect(listed[0]).toMatchObject({ version, failures: 2 });
      const metrics = await request(t.server)
        .get('/metrics')
        .set('Authorization', `Bearer ${METRICS_TOKEN}`)
        .expect(200);
      expect(metrics.text).toMatch(
        new RegExp(
          `^remote_load_failures_total\\{remote="storefront",version="${version}"\\} 2$`,
          'm',
        ),
      );
      const unknown = await request(t.server)
        .post('/api/deploy/storefront/failures')
        .send({ version: 'abcdefabcdef', reason: 'x' })
        .expect(404);
      expect(unknown.body.message).toBe('storefront has no release abcdefabcdef.');
      expect(metrics.text).not.toContain('abcdefabcdef');
    });

    it('limits the reports of one client address', async () => {
      const report = () =>
        request(t.server)
          .post('/api/deploy/storefront/failures')
          .set('X-Forwarded-For', '203.0.113.9')
          .send({ version: 'built-in', reason: 'network' });
      let status = 200;
      for (let i = 0; i < 25 && status === 200; i++) status = (await report()).status;
      expect(status).toBe(429);
    });
  });

  describe('preview', () => {
    const t = testAppOfSuite(db, TOKENS);

    it('opens a release in one browser by a signed cookie for an hour; others keep the live one', async () => {
      const version = (await publish(t, await releaseArchive({ text: 'preview me' })).expect(201))
        .body.version;
      const link = await request(t.server)
        .post(`/api/deploy/storefront/releases/${version}/preview`)
        .set('Authorization', `Bearer ${STOREFRONT_TOKEN}`)
        .expect(200);
      const url = new URL(link.body.url as string);
      expect(url.origin).toBe(t.config.publicUrl);
      const opened = await request(t.server).get(`${url.pathname}${url.search}`).expect(303);
      expect(opened.headers.location).toBe('/');
      const setCookie = ([] as string[]).concat(opened.headers['set-cookie'] ?? []);
      const cookie = setCookie.find((c) => c.startsWith('preview_storefront='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]);
      expect(expires - Date.now()).toBeGreaterThan(59 * 60_000);
      expect(expires - Date.now()).toBeLessThanOrEqual(60 * 60_000);
      const value = cookie.split(';')[0];

      const previewed = await manifestOf(t, value);
      expect(previewed.storefront).toBe(`/remotes/storefront/${version}/mf-manifest.json`);
      expect(previewed.releases?.storefront).toEqual({ version, preview: true });
      expect((await manifestOf(t)).storefront).toBe(BUILT_IN_ENTRY);

      // An unsigned or tampered cookie is ignored.
      const [name, signed] = value.split('=');
      const [v, until] = signed.split('.');
      expect((await manifestOf(t, `${name}=${v}.${until}`)).storefront).toBe(BUILT_IN_ENTRY);
      expect(
        (await manifestOf(t, `${name}=${v}.${Number(until) + 1}.${signed.split('.')[2]}`))
          .storefront,
      ).toBe(BUILT_IN_ENTRY);
      await request(t.server).get('/api/deploy/storefront/preview?release=nope').expect(400);

      const ended = await request(t.server).get('/api/deploy/storefront/preview/end').expect(303);
      expect(([] as string[]).concat(ended.headers['set-cookie'] ?? []).join()).toMatch(
        /preview_storefront=;/,
      );
      await request(t.server)
        .post('/api/deploy/storefront/releases/abcdefabcdef/preview')
        .set('Authorization', `Bearer ${STOREFRONT_TOKEN}`)
        .expect(404);
    });

    it('ignores an expired preview cookie', async () => {
      const { signPreview } = await import('../src/modules/deploy/preview-cookie.js');
      const version = (await publish(t, await releaseArchive({ text: 'expired' })).expect(201)).body
        .version;
      const expired = signPreview(t.config.sessionSecret, 'storefront', version, Date.now() - 1);
      const fresh = signPreview(t.config.sessionSecret, 'storefront', version, Date.now() + 60_000);
      expect((await manifestOf(t, `preview_storefront=${expired}`)).storefront).toBe(
        BUILT_IN_ENTRY,
      );
      expect((await manifestOf(t, `preview_storefront=${fresh}`)).storefront).toBe(
        `/remotes/storefront/${version}/mf-manifest.json`,
      );
    });
  });

  describe('the home page', () => {
    let t: TestApp;
    let webRoot: string;
    beforeAll(async () => {
      // A built site of files alone (no node_modules beside it), as a WEB_ROOT may be.
      webRoot = mkdtempSync(path.join(tmpdir(), 'artist-web-'));
      const dist = path.join(webRoot, 'storefront', 'dist');
      mkdirSync(path.join(webRoot, 'shell', 'dist'), { recursive: true });
      mkdirSync(dist, { recursive: true });
      writeFileSync(
        path.join(webRoot, 'shell', 'dist', 'index.html'),
        '<!doctype html><html lang="en"><head><title>Wren Calloway</title></head>' +
          '<body><div id="root"></div><script src="/main.js"></script></body></html>',
      );
      writeFileSync(
        path.join(dist, 'mf-manifest.json'),
        JSON.stringify({
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: [{ path: './App', assets: { js: { sync: ['App.1.js'] }, css: { sync: [] } } }],
        }),
      );
      writeFileSync(path.join(dist, 'first-paint.html'), '<h1>Wren Calloway</h1>');
      t = await startTestApp(db, { ...TOKENS, WEB_ROOT: webRoot });
    });
    afterAll(async () => {
      await t?.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    const home = async () => (await request(t.server).get('/').expect(200)).text;
    const builtIn = /storefront-first-paint|href="\/remotes\/storefront\/App\.1\.js"/g;

    it("carries the build's first paint and entry files only while the build's storefront is live", async () => {
      expect((await home()).match(builtIn)).toHaveLength(2);
      const version = (
        await publish(t, await releaseArchive({ text: 'no first paint' })).expect(201)
      ).body.version;
      await promote(t, version).expect(200);
      expect(await home()).not.toMatch(builtIn);
      await promote(t, 'built-in').expect(200);
      expect((await home()).match(builtIn)).toHaveLength(2);
    });

    it("checks the shared libraries' majors against those installed beside the server", async () => {
      const answer = await publish(t, await releaseArchive({ react: '18.2.0' })).expect(422);
      expect(answer.body.message).toBe('storefront needs react 18.2.0; the shell shares react 19');
    });
  });

  if (db.name === 'mysql')
    describe('several instances', () => {
      const t = testAppOfSuite(db, TOKENS);

      it('serves a promotion on every instance within 2 seconds, with no restart', async () => {
        const second = await startTestAppOn(t.config.database, TOKENS);
        try {
          expect((await manifestOf(second)).storefront).toBe(BUILT_IN_ENTRY);
          const version = (
            await publish(t, await releaseArchive({ text: 'everywhere' })).expect(201)
          ).body.version;
          const promotedAt = Date.now();
          await promote(t, version).expect(200);
          await eventually(
            async () =>
              (await manifestOf(second)).storefront ===
              `/remotes/storefront/${version}/mf-manifest.json`,
            2000,
            'the second instance to serve the promoted version',
          );
          expect(Date.now() - promotedAt).toBeLessThan(2000);
        } finally {
          await second.close();
        }
      });
    });

  describe('in S3-compatible storage', () => {
    let s3: TestS3;
    let t: TestApp;
    beforeAll(async () => {
      s3 = await startTestS3();
      t = await startTestApp(db, { ...TOKENS, ...s3.env(`deploy-${db.name}`) });
    });
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    it('stores a release in the bucket and serves its files from there', async () => {
      const version = (
        await publish(t, await releaseArchive({ text: 'from a bucket' })).expect(201)
      ).body.version;
      expect(await storedKeys(t, `remotes/storefront/${version}/`)).toHaveLength(3);
      const chunk = await request(t.server)
        .get(`/remotes/storefront/${version}/js/app.0123abcd.js`)
        .expect(200);
      expect(chunk.text).toBe('export default "from a bucket";');
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      await promote(t, version).expect(200);
      const entry = (await manifestOf(t)).storefront;
      const manifest = await request(t.server).get(entry).expect(200);
      expect(manifest.body.name).toBe('storefront');
    });
  });
});
