import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import type { GalleryPhoto, ListPage, Product, PublicShow, SiteContent } from '@artist/contracts';
import { SqliteInUseError } from '../src/database/sqlite-guard.js';
import { SHARED_VERSIONS_READ_MS } from '../src/database/table-versions.js';
import { MailSender } from '../src/modules/email/mail-sender.service.js';
import { OutboxEmail } from '../src/modules/email/outbox-email.entity.js';
import { stopGracefully, trackTraffic } from '../src/shutdown.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { showInput } from './utils/shows.js';
import { eventually, MAIL_WAIT_MS, TestSmtpServer } from './utils/smtp.js';
import { startTestApp, startTestAppOn, testAppOfSuite, type TestApp } from './utils/test-app.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(testDatabases())('running as one of several instances on $name', (db) => {
  describe('readiness and metrics', () => {
    const t = testAppOfSuite(db, { METRICS_TOKEN });

    it('answers /api/ready with 200 once migrated, 503 with a migration missing', async () => {
      expect((await request(t.server).get('/api/ready').expect(200)).body).toEqual({
        status: 'ready',
      });
      await request(t.server).get('/api/health').expect(200);
      const dataSource = t.app.get(DataSource);
      await dataSource.undoLastMigration();
      try {
        const answer = await request(t.server).get('/api/ready').expect(503);
        expect(answer.body.message).toBe('The database migrations are not finished.');
      } finally {
        await dataSource.runMigrations();
      }
      await request(t.server).get('/api/ready').expect(200);
    });

    it('answers /metrics only with the bearer token: 401 without it or with another', async () => {
      const none = await request(t.server).get('/metrics').expect(401);
      expect(none.body.message).toBe('Send the metrics token as Authorization: Bearer <token>.');
      expect(none.text).not.toContain('http_request_duration_seconds');
      await request(t.server).get('/metrics').set('Authorization', 'Bearer wrong').expect(401);
      await request(t.server)
        .get('/metrics')
        .set('Authorization', `Basic ${METRICS_TOKEN}`)
        .expect(401);
    });

    it('gives the figures the issue names in the Prometheus text format', async () => {
      await request(t.server).get('/api/shows').expect(200);
      await request(t.server).get('/api/products').expect(200);
      await request(t.server).post('/api/webhooks/stripe').send({}).expect(400);
      const dataSource = t.app.get(DataSource);
      await dataSource.getRepository(OutboxEmail).insert({
        key: 'metrics-test',
        kind: 'contact',
        toAddress: 'artist@example.com',
        subject: 'Hello',
        html: '<p>Hello</p>',
        text: 'Hello',
        messageId: '<metrics-test@example.com>',
        status: 'held',
        attempts: 0,
        nextAttemptAt: Date.now(),
        createdAt: Date.now(),
      } as Partial<OutboxEmail>);
      const answer = await request(t.server)
        .get('/metrics')
        .set('Authorization', `Bearer ${METRICS_TOKEN}`)
        .expect(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
      const text = answer.text;
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/shows",status="200"\} [1-9]/m,
      );
      expect(text).toMatch(
        /^http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/products",status="200"\} /m,
      );
      expect(text).toMatch(/^outbox_emails\{status="held"\} 1$/m);
      expect(text).toMatch(/^outbox_emails\{status="queued"\} 0$/m);
      expect(text).toMatch(/^outbox_oldest_queued_age_seconds 0$/m);
      expect(text).toMatch(/^webhook_deliveries_total\{outcome="refused"\} 1$/m);
      expect(text).toMatch(/^webhook_deliveries_total\{outcome="processed"\} 0$/m);
      expect(text).toMatch(/^stock_reservations_open 0$/m);
      expect(text).toMatch(/^campaign_messages_sent_total 0$/m);
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    });

    it('has no /metrics at all without METRICS_TOKEN', async () => {
      const off = await startTestApp(db);
      try {
        const answer = await request(off.server)
          .get('/metrics')
          .set('Authorization', `Bearer ${METRICS_TOKEN}`)
          .expect(404);
        expect(answer.body.message).toBe('Metrics are off: METRICS_TOKEN is not set.');
      } finally {
        await off.close();
      }
    });
  });

  describe('stopping (SIGTERM)', () => {
    it('refuses new connections, answers the request in flight, and then closes', async () => {
      const t = await startTestApp(db);
      const traffic = trackTraffic(t.app.getHttpServer());
      await t.app.listen(0, '127.0.0.1');
      const { port } = (t.app.getHttpServer() as http.Server).address() as AddressInfo;
      // A contact message whose body arrives in two parts, the second after the stop began.
      let req!: http.ClientRequest;
      const body = JSON.stringify({
        firstName: 'Patsy',
        lastName: 'Cline',
        email: 'patsy@example.com',
        subject: 'booking',
        message: 'Could you play our festival in June?',
      });
      const answered = new Promise<{ status: number; body: string; connection?: string }>(
        (resolve, reject) => {
          req = http.request(
            {
              port,
              host: '127.0.0.1',
              method: 'POST',
              path: '/api/contact',
              headers: {
                'Content-Type': 'application/json',
                'Content-Length': Buffer.byteLength(body),
                Origin: t.config.publicUrl,
              },
            },
            (res) => {
              let text = '';
              res.on('data', (chunk: Buffer) => (text += chunk.toString()));
              res.on('end', () =>
                resolve({
                  status: res.statusCode!,
                  body: text,
                  connection: res.headers.connection,
                }),
              );
            },
          );
          req.on('error', reject);
          req.write(body.slice(0, 20));
        },
      );
      // Its headers are in: the server has the request, and waits for the rest of the body.
      await eventually(() => traffic.inFlight() === 1, 5000, 'the request to arrive');
      const stopping = stopGracefully(t.app, traffic);
      // The readiness check answers 503 and no new connection is taken.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        () => 'answered',
        (error: { cause?: { code?: string } }) => error.cause?.code,
      );
      expect(refused).toBe('ECONNREFUSED');
      req.end(body.slice(20));
      const answer = await answered;
      expect(answer.status).toBe(201);
      // Its connection ends with the answer, so the client sends nothing more on it.
      expect(answer.connection).toBe('close');
      expect(await stopping).toEqual({ unfinished: 0 });
      await t.close().catch(() => undefined);
    }, 30_000);

    it('keeps a kept-alive connection through the stop: a request sent on it then is answered, and closes it', async () => {
      // As a proxy keeping connections to the instance does: one request answered, the connection
      // kept; the stop begins; the proxy sends the next request on that connection. Cut, the
      // request would be reset, which a proxy cannot retry for a POST.
      const t = await startTestApp(db);
      const traffic = trackTraffic(t.app.getHttpServer());
      await t.app.listen(0, '127.0.0.1');
      const { port } = (t.app.getHttpServer() as http.Server).address() as AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const ended = new Promise<string>((resolve) => {
        socket.once('close', () => resolve('closed'));
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      const ask = () => socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      ask();
      await eventually(() => /\r\n\r\n\{.*\}$/s.test(text), 5000, 'the first answer');
      expect(text).toMatch(/\r\nConnection: keep-alive\r\n/i);
      const first = text;
      const stopping = stopGracefully(t.app, traffic);
      await new Promise((resolve) => setTimeout(resolve, 100));
      ask();
      expect(await ended).toBe('closed');
      const second = text.slice(first.length);
      expect(second).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(second).toMatch(/\r\nConnection: close\r\n/i);
      expect(await stopping).toEqual({ unfinished: 0 });
      await t.close().catch(() => undefined);
    }, 30_000);

    it('hands back the emails it claimed but did not send, for another instance', async () => {
      const smtp = new TestSmtpServer();
      await smtp.start();
      const t = await startTestApp(db, { SMTP_URL: smtp.url });
      const emails = t.app.get(DataSource).getRepository(OutboxEmail);
      // The first message is answered only once the stop has begun, so the stop comes while the
      // batch is being sent.
      let answer = () => undefined as void;
      smtp.answerAfter = new Promise<void>((resolve) => (answer = resolve));
      const sender = t.app.get(MailSender);
      const stop = sender.onModuleDestroy.bind(sender);
      jest.spyOn(sender, 'onModuleDestroy').mockImplementation(() => {
        const stopping = stop();
        answer();
        return stopping;
      });
      const now = Date.now();
      await emails.insert(
        [1, 2, 3].map(
          (n) =>
            ({
              key: `handback-${n}`,
              kind: 'contact',
              toAddress: `fan${n}@example.com`,
              subject: `Message ${n}`,
              html: '<p>Hi</p>',
              text: 'Hi',
              messageId: `<handback-${n}-${now}@example.com>`,
              status: 'queued',
              attempts: 0,
              nextAttemptAt: now,
              createdAt: now,
            }) as Partial<OutboxEmail>,
        ),
      );
      // The three are claimed together; the first is being sent.
      await eventually(() => smtp.received.length === 1, MAIL_WAIT_MS, 'the first email');
      expect(await emails.countBy({ status: 'queued', attempts: 1 })).toBe(3);
      const stopped = Date.now();
      await t.app.close();
      const rows = await (
        await reopen(t)
      )
        .getRepository(OutboxEmail)
        .find({ order: { id: 'ASC' } });
      expect(rows.map((row) => row.status)).toEqual(['sent', 'queued', 'queued']);
      for (const row of rows.slice(1)) {
        expect(row.attempts).toBe(0);
        expect(row.nextAttemptAt).toBeLessThanOrEqual(Date.now());
        expect(row.nextAttemptAt).toBeGreaterThanOrEqual(stopped - 1000);
      }
      expect(smtp.received).toHaveLength(1);
      await closeReopened();
      await t.close().catch(() => undefined);
      await smtp.stop();
    }, 60_000);
  });

  describe('two instances on one database', () => {
    let a: TestApp;

    beforeAll(async () => {
      a = await startTestApp(db);
    });
    afterAll(() => a.close());

    if (db.name === 'sqlite') {
      it('refuses a second server on the same SQLite file, with a sentence naming MySQL', async () => {
        const second = startTestAppOn(a.config.database);
        await expect(second).rejects.toThrow(SqliteInUseError);
        await expect(second).rejects.toThrow(
          /Another server is already running on the SQLite database .*test\.sqlite\. SQLite serves one server process only: to run more than one instance, use MySQL or MariaDB/,
        );
        // The first one goes on serving.
        await request(a.server).get('/api/ready').expect(200);
      });
      return;
    }

    let b: TestApp;
    beforeAll(async () => {
      b = await startTestAppOn(a.config.database);
    });
    afterAll(() => b.close());

    /**
     * Waits until the other instance serves what a write on the first changed, with no restart.
     * How soon is the cluster trial's figure (each instance within a second of a write through
     * nginx, printed and checked); here all of CI may share the machine with this file, and a
     * request's own time says more about that than about the instances.
     */
    const follows = (check: () => Promise<boolean>) =>
      eventually(check, 10_000, 'the other instance to follow');

    it('serves a write made on one instance from the other, kept no longer than the shared read', async () => {
      const adminA = await loggedIn(a);
      const adminB = await loggedIn(b);
      // B keeps the page's content, the gallery and the list counts.
      const content = (await request(b.server).get('/api/content').expect(200)).body as SiteContent;
      const photos = ((await request(b.server).get('/api/gallery').expect(200)).body as unknown[])
        .length;
      type Counts = ListPage<unknown, string>['counts'];
      const countsOn = async (agent: typeof adminB) =>
        ((await agent.get('/api/admin/email-signups').expect(200)).body as { counts: Counts })
          .counts;
      expect(await countsOn(adminB)).toMatchObject({ all: 0 });

      await adminA
        .put('/api/admin/content')
        .send({ ...content, tagline: 'Written on A' })
        .expect(200);
      await follows(
        async () =>
          ((await request(b.server).get('/api/content')).body as SiteContent).tagline ===
          'Written on A',
      );

      const photo = await sharp({
        create: { width: 900, height: 600, channels: 3, background: '#8a5a2b' },
      })
        .jpeg()
        .toBuffer();
      await adminA
        .post('/api/admin/gallery')
        .field('alt', 'On stage')
        .attach('photo', photo, { filename: 'stage.jpg', contentType: 'image/jpeg' })
        .expect(201);
      await follows(
        async () =>
          ((await request(b.server).get('/api/gallery')).body as GalleryPhoto[]).length ===
          photos + 1,
      );

      await request(a.server)
        .post('/api/email-signup')
        .set('Origin', a.config.publicUrl)
        .send({ email: 'patsy@example.com' })
        .expect(201);
      await follows(async () => (await countsOn(adminB)).all === 1);

      // Nothing stale is served for longer than the read interval plus a request.
      expect(SHARED_VERSIONS_READ_MS).toBeLessThan(1000);
    }, 60_000);

    it('drops the kept public shows and products once the other changes them', async () => {
      const adminA = await loggedIn(a);
      const venues = async (t: TestApp) =>
        ((await request(t.server).get('/api/shows').expect(200)).body as PublicShow[]).map(
          (show) => show.venue,
        );
      const leftOnB = async () =>
        ((await request(b.server).get('/api/products').expect(200)).body as Product[])
          .find((p) => p.id === 'tshirt')!
          .variants.find((v) => v.size === 'XL')!.left;
      // B keeps both answers, from memory.
      expect(await venues(b)).not.toContain('Cluster Hall');
      const kept = await request(b.server).get('/api/products').expect(200);
      // Kept: served from memory. A request that falls on the shared numbers' read (every
      // SHARED_VERSIONS_READ_MS) says `database` for that read, so one of three in a row will do.
      const timings: string[] = [];
      for (let i = 0; i < 3; i++)
        timings.push((await request(b.server).get('/api/products')).headers['server-timing']);
      expect(timings.some((timing) => timing.startsWith('memory;'))).toBe(true);

      const created = await adminA
        .post('/api/admin/shows')
        .send(showInput({ venue: 'Cluster Hall', status: 'published', date: '2099-05-01' }))
        .expect(201);
      await follows(async () => (await venues(b)).includes('Cluster Hall'));
      await adminA
        .put('/api/admin/products/tshirt/stock')
        .send({ size: 'XL', stock: 2 })
        .expect(200);
      await follows(async () => (await leftOnB()) === 2);
      // An order's hold on A changes B's answer too, and its ETag.
      await request(a.server)
        .post('/api/create-checkout-session')
        .set('Origin', a.config.publicUrl)
        .send({ items: [{ productId: 'tshirt', size: 'XL', quantity: 1 }] })
        .expect(200);
      await follows(async () => (await leftOnB()) === 1);
      const now = await request(b.server).get('/api/products');
      expect(now.headers.etag).not.toBe(kept.headers.etag);

      await adminA.delete(`/api/admin/shows/${created.body.id}`).expect(204);
      await adminA
        .put('/api/admin/products/tshirt/stock')
        .send({ size: 'XL', stock: null })
        .expect(200);
    }, 60_000);
  });
});

let reopened: DataSource | undefined;
/** The closed app's database, opened again to read what it left. */
async function reopen(t: TestApp): Promise<DataSource> {
  const { dataSourceOptions } = await import('../src/database/data-source.js');
  const { entities } = await import('../src/entities.js');
  reopened = await new DataSource({
    ...dataSourceOptions(t.config.database, entities),
    subscribers: [],
  }).initialize();
  return reopened;
}
async function closeReopened() {
  await reopened?.destroy();
  reopened = undefined;
}
