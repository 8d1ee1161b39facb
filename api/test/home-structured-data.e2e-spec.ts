import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { Clock } from '../src/common/clock.js';
import { ShowsService } from '../src/modules/shows/shows.service.js';
import { DOCUMENT_ONLY_HEADERS } from '../src/web/static-site.js';
import { loggedIn } from './utils/admin.js';
import { oneDatabase } from './utils/databases.js';
import { createShows, showInput } from './utils/shows.js';
import { startTestApp, type TestApp } from './utils/test-app.js';

/** Friday 5 March 2027 in Chicago (the artist's zone); US clocks go forward on 14 March. */
const NOW = new Date('2027-03-05T18:00:00Z');
const PUBLIC_URL = 'http://wren.example';

const show = showInput;

/**
 * A built site as the server finds it: the shell's page and the storefront's manifest. Only the
 * files the home page is made from; no script of them is ever run here.
 */
function fakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'artist-web-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'storefront', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><title>Wren Calloway</title></head>' +
      '<body><div id="root"></div><script src="/main.js"></script></body></html>',
  );
  writeFileSync(path.join(root, 'shell', 'dist', 'main.0123456789.js'), 'void 0;');
  writeFileSync(path.join(root, 'storefront', 'dist', 'remoteEntry.js'), 'var storefront;');
  writeFileSync(
    path.join(root, 'storefront', 'dist', 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './App', assets: { js: { sync: ['App.1.js'] }, css: { sync: [] } } }],
    }),
  );
  return root;
}

/** The JSON-LD blocks of a page, read from its text as a crawler that runs no script would. */
function structuredData(html: string): unknown[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)];
  return blocks.flatMap(([, json]) => JSON.parse(json) as unknown[]);
}

describe.each(oneDatabase())('structured data of the home page on $name', (db) => {
  let t: TestApp;
  let admin: TestAgent;
  let webRoot: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    webRoot = fakeBuild();
    // As in production, where the page around the data is read once and kept.
    t = await startTestApp(db, { PUBLIC_URL, WEB_ROOT: webRoot }, { production: true });
    admin = await loggedIn(t);
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => NOW);
    ids = await createShows(admin, {
      beforeDst: {
        venue: 'Gruene Hall',
        city: 'New Braunfels, TX',
        date: '2027-03-10',
        ticketButtonType: 'url',
        ticketUrl: 'https://tix.example/gruene',
      },
      afterDst: {
        venue: 'The Continental Club',
        city: 'Austin, TX',
        date: '2027-03-20',
        time: '9:30 PM',
        ticketButtonType: 'url',
        ticketUrl: 'https://tix.example/continental',
        soldOut: 'true',
      },
      draft: { venue: 'Draft Hall', date: '2027-03-12', status: 'draft' },
      past: { venue: 'Past Hall', date: '2027-03-04' },
    });
  });

  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const home = async () => {
    const res = await request(t.server).get('/').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    return res.text;
  };

  it('describes each published upcoming show as a MusicEvent in the first response', async () => {
    const html = await home();
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<link rel="preload" as="script" href="/remotes/storefront/App.1.js">');
    expect(structuredData(html)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'MusicEvent',
        name: 'Wren Calloway at Gruene Hall',
        startDate: '2027-03-10T20:00:00-06:00',
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: {
          '@type': 'Place',
          name: 'Gruene Hall',
          address: {
            '@type': 'PostalAddress',
            addressLocality: 'New Braunfels',
            addressRegion: 'TX',
          },
        },
        performer: { '@type': 'MusicGroup', name: 'Wren Calloway', url: PUBLIC_URL },
        url: `${PUBLIC_URL}/#shows`,
        offers: {
          '@type': 'Offer',
          url: 'https://tix.example/gruene',
          availability: 'https://schema.org/InStock',
        },
      },
      expect.objectContaining({
        name: 'Wren Calloway at The Continental Club',
        // After the switch to daylight saving time: the same zone, another offset.
        startDate: '2027-03-20T21:30:00-05:00',
        offers: {
          '@type': 'Offer',
          url: 'https://tix.example/continental',
          availability: 'https://schema.org/SoldOut',
        },
      }),
    ]);
  });

  it('follows an edit at once, though the page around it is kept', async () => {
    await home();
    await admin
      .put(`/api/admin/shows/${ids.beforeDst}`)
      .send(show({ venue: 'Gruene Hall (upstairs)', city: 'Gruene, TX', date: '2027-03-11' }))
      .expect(200);
    const [first] = structuredData(await home());
    expect(first).toMatchObject({
      name: 'Wren Calloway at Gruene Hall (upstairs)',
      startDate: '2027-03-11T20:00:00-06:00',
      location: { name: 'Gruene Hall (upstairs)', address: { addressLocality: 'Gruene' } },
      offers: { url: `${PUBLIC_URL}/#shows`, price: 0, availability: 'https://schema.org/InStock' },
    });
  });

  it('keeps a venue name from closing the script element', async () => {
    const venue = '</script><script>alert(1)</script>';
    await admin
      .put(`/api/admin/shows/${ids.afterDst}`)
      .send(show({ venue, date: '2027-03-20' }))
      .expect(200);
    const html = await home();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(structuredData(html)).toContainEqual(
      expect.objectContaining({ location: expect.objectContaining({ name: venue }) }),
    );
  });

  it('drops a show as soon as it is unpublished, and the block with the last one', async () => {
    await admin
      .put(`/api/admin/shows/${ids.afterDst}`)
      .send(show({ date: '2027-03-20', status: 'draft' }))
      .expect(200);
    expect(structuredData(await home()).map((e) => (e as { name: string }).name)).toEqual([
      'Wren Calloway at Gruene Hall (upstairs)',
    ]);
    await admin
      .put(`/api/admin/shows/${ids.beforeDst}`)
      .send(show({ date: '2027-03-11', status: 'draft' }))
      .expect(200);
    const html = await home();
    expect(html).not.toContain('application/ld+json');
    expect(html).toContain('<div id="root"></div>');
  });

  it('puts the data on the home page only', async () => {
    await admin
      .post('/api/admin/shows')
      .send(show({ date: '2027-03-30' }))
      .expect(201);
    expect(structuredData(await home())).toHaveLength(1);
    const admins = await request(t.server).get('/admin/login').expect(200);
    expect(admins.text).not.toContain('application/ld+json');
  });

  it('still serves the page, without the data, when the shows cannot be read', async () => {
    jest
      .spyOn(t.app.get(ShowsService), 'listPublic')
      .mockRejectedValueOnce(new Error('database unavailable'));
    const html = await home();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('application/ld+json');
    expect(structuredData(await home())).toHaveLength(1);
  });

  it("gives a show abroad the UTC offset of its own zone: Glasgow's 8:00 PM in July is +01:00", async () => {
    const res = await admin
      .post('/api/admin/shows')
      .send(show({ venue: "King Tut's", city: 'Glasgow, UK', date: '2027-07-10' }))
      .expect(201);
    expect(res.body.timeZone).toBe('Europe/London');
    try {
      expect(structuredData(await home())).toContainEqual(
        expect.objectContaining({
          name: "Wren Calloway at King Tut's",
          startDate: '2027-07-10T20:00:00+01:00',
        }),
      );
    } finally {
      await admin.delete(`/api/admin/shows/${res.body.id}`).expect(204);
    }
  });

  it('sends scripts without the headers only a document obeys, and the page with them', async () => {
    const page = await request(t.server).get('/').expect(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    for (const file of ['/main.0123456789.js', '/remotes/storefront/remoteEntry.js']) {
      const script = await request(t.server).get(file).expect(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(script.headers.etag).toBeDefined();
      for (const name of [...DOCUMENT_ONLY_HEADERS, 'Last-Modified', 'Accept-Ranges']) {
        expect(script.headers[name.toLowerCase()]).toBeUndefined();
      }
    }
  });
});
