import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import sharp from 'sharp';
import type { AdminProduct, Product, TrackPreviewUpload } from '@artist/contracts';
import {
  NO_PREVIEW_FILE,
  NOT_A_RELEASE,
  NOT_AUDIO,
  PREVIEW_TOO_LARGE,
} from '../src/modules/catalog/track-previews.js';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { testAppOfSuite } from './utils/test-app.js';

/** MPEG audio frames (MPEG-1 layer III, 128 kbit/s): what `file-type` reads as MP3. */
function mp3(frames = 8): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  for (let i = 4; i < frame.length; i++) frame[i] = i % 251;
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** An Ogg Vorbis page's start. */
const ogg = () =>
  Buffer.concat([
    Buffer.from('OggS\0\x02', 'latin1'),
    Buffer.alloc(22),
    Buffer.from('\x01vorbis', 'latin1'),
    Buffer.alloc(200, 7),
  ]);

/** An M4A file's `ftyp` box. */
function m4a(): Buffer {
  const head = Buffer.alloc(300, 0);
  head.writeUInt32BE(32, 0);
  head.write('ftypM4A ', 4, 'latin1');
  head.write('M4A mp42isom', 16, 'latin1');
  return head;
}

// The tracks are JSON text read and written under a lock on the product's row: both databases.
describe.each(testDatabases())('track previews on $name', (db) => {
  const t = testAppOfSuite(db);
  let admin: TestAgent;
  let release: AdminProduct;

  beforeAll(async () => {
    admin = await loggedIn(t);
    release = (
      await admin
        .post('/api/admin/products')
        .send({
          name: 'Porch Light',
          description: 'The second album.',
          priceInCents: 800,
          image: null,
          sizes: [],
          kind: 'digital',
          pricing: 'fixed',
          tracks: [
            { title: 'Porch Light', durationSeconds: 215 },
            { title: 'Gravel Road', durationSeconds: 188 },
            { title: 'Last Call', durationSeconds: 240 },
          ],
        })
        .expect(201)
    ).body as AdminProduct;
  });

  const upload = (id: string, index: number | string, file: Buffer, filename = 'track.mp3') =>
    admin
      .post(`/api/admin/products/${id}/tracks/${index}/preview`)
      .attach('file', file, { filename });
  const shop = async () =>
    ((await request(t.server).get('/api/products').expect(200)).body as Product[]).find(
      (p) => p.id === release.id,
    )!;

  it('stores a preview per track and streams it with its audio type and byte ranges', async () => {
    const audio = mp3();
    const first = (await upload(release.id, 0, audio).expect(201)).body as TrackPreviewUpload;
    expect(first).toEqual({
      previewUrl: expect.stringMatching(
        new RegExp(`^/api/products/${release.id}/tracks/0/preview\\?v=[0-9a-f]{8}$`),
      ),
      contentType: 'audio/mpeg',
      bytes: audio.length,
    });
    // Named .mp3, but Ogg by its bytes; and M4A named .ogg.
    const second = (await upload(release.id, 1, ogg(), 'b.mp3').expect(201))
      .body as TrackPreviewUpload;
    expect(second.contentType).toBe('audio/ogg');
    const third = (await upload(release.id, 2, m4a(), 'c.ogg').expect(201))
      .body as TrackPreviewUpload;
    expect(third.contentType).toBe('audio/mp4');

    const product = await shop();
    expect(product.tracks).toEqual([
      { title: 'Porch Light', durationSeconds: 215, previewUrl: first.previewUrl },
      { title: 'Gravel Road', durationSeconds: 188, previewUrl: second.previewUrl },
      { title: 'Last Call', durationSeconds: 240, previewUrl: third.previewUrl },
    ]);
    expect(product.cover).toBeNull();

    const whole = await request(t.server)
      .get(first.previewUrl)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.body as Buffer, audio)).toBe(0);

    const part = await request(t.server)
      .get(first.previewUrl)
      .set('Range', 'bytes=100-199')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(206);
    expect(part.headers['content-type']).toBe('audio/mpeg');
    expect(part.headers['content-range']).toBe(`bytes 100-199/${audio.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(Buffer.compare(part.body as Buffer, audio.subarray(100, 200))).toBe(0);
    await request(t.server)
      .get(first.previewUrl)
      .set('Range', `bytes=${audio.length + 10}-`)
      .expect(416)
      .expect('Content-Range', `bytes */${audio.length}`);

    // A new preview replaces the one before; a track without one answers 404.
    const again = (await upload(release.id, 0, mp3(4)).expect(201)).body as TrackPreviewUpload;
    expect(again.previewUrl).not.toBe(first.previewUrl);
    expect((await shop()).tracks[0]!.previewUrl).toBe(again.previewUrl);
  });

  it('keeps a track’s preview when the release is edited, and gives the release its cover', async () => {
    const { previewUrl } = (await upload(release.id, 2, mp3()).expect(201))
      .body as TrackPreviewUpload;
    const photo = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#553311' },
    })
      .jpeg()
      .toBuffer();
    const cover = (
      await admin
        .post(`/api/admin/products/${release.id}/images`)
        .attach('file', photo, { filename: 'cover.jpg' })
        .expect(201)
    ).body as { url: string };
    await admin
      .put(`/api/admin/products/${release.id}`)
      .send({
        name: 'Porch Light',
        description: 'The second album, remastered.',
        priceInCents: 900,
        image: cover.url.replace('-full.webp', '-medium.webp'),
        sizes: [],
        tracks: [
          { title: 'Last Call', durationSeconds: 240 },
          { title: 'Porch Light', durationSeconds: 215 },
          { title: 'Gravel Road', durationSeconds: 188 },
        ],
      })
      .expect(200);
    const product = await shop();
    expect(product.cover).toBe(cover.url.replace('-full.webp', '-medium.webp'));
    expect(product.tracks[0]).toEqual({
      title: 'Last Call',
      durationSeconds: 240,
      previewUrl: previewUrl.replace('/tracks/2/', '/tracks/0/'),
    });
    await request(t.server).get(product.tracks[0]!.previewUrl!).expect(200);
  });

  it('refuses what is not a preview with a sentence, changing nothing', async () => {
    const before = (await shop()).tracks;
    const text = await upload(release.id, 0, Buffer.from('ID4 not audio at all, just text')).expect(
      400,
    );
    expect(text.body.message).toBe(NOT_AUDIO);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(release.id, 0, png, 'x.mp3').expect(400)).body.message).toBe(NOT_AUDIO);
    const none = await admin
      .post(`/api/admin/products/${release.id}/tracks/0/preview`)
      .field('x', '1')
      .expect(400);
    expect(none.body.message).toBe(NO_PREVIEW_FILE);
    const past = await upload(release.id, 3, mp3()).expect(400);
    expect(past.body.message).toBe(
      'This release lists 3 tracks, numbered from 0 to 2; there is no track 3.',
    );
    await upload(release.id, 'first', mp3()).expect(400);
    expect((await upload('tshirt', 0, mp3()).expect(400)).body.message).toBe(NOT_A_RELEASE);
    await upload('no-such-release', 0, mp3()).expect(404);
    const big = Buffer.concat([mp3(), Buffer.alloc(20 * 1024 * 1024)]);
    expect((await upload(release.id, 0, big).expect(413)).body.message).toBe(PREVIEW_TOO_LARGE);
    expect((await shop()).tracks).toEqual(before);
    await request(t.server).get(`/api/products/${release.id}/tracks/9/preview`).expect(404);
    await request(t.server).get('/api/products/tshirt/tracks/0/preview').expect(404);
  });
});
