import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import {
  CONTENT_LIMITS,
  GALLERY_PHOTOS_ID,
  paragraphs,
  SITE_CONTENT_ID,
  type GalleryPhoto,
  type SiteContent,
} from '@artist/contracts';
import { loggedIn } from './utils/admin.js';
import { testDatabases } from './utils/databases.js';
import { startTestApp, type TestApp } from './utils/test-app.js';

/**
 * A built site as the server finds it: the shell's page, the storefront's manifest, its static
 * first paint and its first-paint renderer. The renderer here stands in for the one the
 * storefront's build bundles (tested in the storefront): it escapes text as React does.
 */
function fakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'artist-web-'));
  const dir = (...parts: string[]) => {
    mkdirSync(path.join(root, ...parts), { recursive: true });
    return path.join(root, ...parts);
  };
  writeFileSync(
    path.join(dir('shell', 'dist'), 'index.html'),
    '<!doctype html><html lang="en"><head><title>Wren Calloway</title>' +
      '<meta name="application-name" content="Wren Calloway"></head>' +
      '<body><div id="root"></div><script src="/main.js"></script></body></html>',
  );
  const storefront = dir('storefront', 'dist');
  writeFileSync(
    path.join(storefront, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './App', assets: { js: { sync: ['App.1.js'] }, css: { sync: [] } } }],
    }),
  );
  writeFileSync(path.join(storefront, 'first-paint.html'), '<h1>Built without content</h1>');
  writeFileSync(
    path.join(dir('storefront', 'dist-ssr'), 'first-paint.cjs'),
    `const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
     exports.renderFirstPaint = (c) =>
       '<p class="hero__tagline">' + esc(c.tagline) + '</p>' +
       c.socialLinks.map((l) => '<a href="' + l.url + '">' + esc(l.label) + '</a>').join('');`,
  );
  return root;
}

/** The gallery embedded in a page, read as the storefront reads it. */
function embeddedGallery(html: string): GalleryPhoto[] | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${GALLERY_PHOTOS_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as GalleryPhoto[]) : undefined;
}

/** The content embedded in a page, read as the storefront reads it. */
function embedded(html: string): SiteContent | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${SITE_CONTENT_ID}">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as SiteContent) : undefined;
}

describe.each(testDatabases())('site content on $name', (db) => {
  let t: TestApp;
  let admin: TestAgent;
  let webRoot: string;
  let seeded: SiteContent;

  beforeAll(async () => {
    webRoot = fakeBuild();
    t = await startTestApp(db, { WEB_ROOT: webRoot }, { production: true });
    admin = await loggedIn(t);
    seeded = (await request(t.server).get('/api/content').expect(200)).body as SiteContent;
  });

  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const edited = (changes: Partial<SiteContent> = {}): SiteContent => ({
    ...structuredClone(seeded),
    ...changes,
  });
  const save = (body: unknown) => admin.put('/api/admin/content').send(body as object);

  it('starts with the words and links the page had in its code', async () => {
    expect(seeded.tagline).toBe('Singer • Songwriter • Musician');
    expect(paragraphs(seeded.bio)).toHaveLength(3);
    expect(seeded.featured).toEqual({
      title: 'Porch Light',
      spotifyUrl: 'https://open.spotify.com/track/5wRenPorchLight0000001',
      appleMusicUrl: '',
      youtubeUrl: '',
    });
    expect(seeded.tracks.map((track) => track.title)).toEqual([
      'Gravel Roads & Gospel',
      'Dance Hall Saturday',
    ]);
    expect(seeded.socialLinks.map((link) => link.label)).toEqual([
      'Spotify',
      'Apple Music',
      'Facebook',
      'Instagram',
      'YouTube',
      'TikTok',
    ]);
    expect(seeded.contacts.map((contact) => contact.label)).toEqual([
      'Booking',
      'General',
      'Press',
    ]);
    expect(seeded.pressKitUrl).toBe('https://wrencalloway.example/press-kit');
    expect(seeded.pages.shipping).toContain('$5');
    expect(seeded.pages.returns).toContain('30 days');
    expect(seeded.pages.privacy).toContain('hello@wrencalloway.example');
    expect((await admin.get('/api/admin/content').expect(200)).body).toEqual(seeded);
  });

  it('keeps the artist’s content to the artist', async () => {
    await request(t.server).get('/api/admin/content').expect(401);
    await request(t.server)
      .put('/api/admin/content')
      .set('Origin', t.config.publicUrl)
      .send(edited({ tagline: 'Hijacked' }))
      .expect(401);
    const foreign = await admin
      .put('/api/admin/content')
      .set('Origin', 'https://evil.example')
      .send(edited({ tagline: 'Hijacked' }));
    expect(foreign.status).toBe(403);
    expect((await request(t.server).get('/api/content')).body.tagline).toBe(seeded.tagline);
  });

  it('saves the whole content and answers it, to the admin and the public alike', async () => {
    const content = edited({
      tagline: 'Songs for porch lights & dance halls',
      featured: {
        title: 'Dust & Daylight',
        spotifyUrl: 'https://open.spotify.com/album/7DustAndDaylight0001',
        appleMusicUrl: 'https://music.apple.com/us/album/dust-and-daylight/1712345999',
        youtubeUrl: 'https://www.youtube.com/watch?v=dustdaylight',
      },
      tracks: [],
      socialLinks: [{ label: 'Bandcamp', url: 'https://wrencalloway.bandcamp.com' }],
      pressKitUrl: '',
    });
    const saved = await save(content).expect(200);
    expect(saved.body).toEqual(content);
    expect((await request(t.server).get('/api/content').expect(200)).body).toEqual(content);
    expect((await admin.get('/api/admin/content').expect(200)).body).toEqual(content);
    await save(seeded).expect(200);
  });

  describe('refuses what the page cannot show, naming the field, and changes nothing', () => {
    const tooMany = Array.from({ length: CONTENT_LIMITS.socialLinks + 1 }, (_, i) => ({
      label: `Link ${i}`,
      url: `https://example.com/${i}`,
    }));
    const recording = (changes: object) => ({ ...seeded.featured, ...changes });
    it.each([
      [
        'a javascript: link',
        () => edited({ socialLinks: [{ label: 'X', url: 'javascript:alert(1)' }] }),
        'socialLinks.0.url',
        'Social link address must be an http or https address',
      ],
      [
        'a data: press kit',
        () => edited({ pressKitUrl: 'data:text/html,<b>hi</b>' }),
        'pressKitUrl',
        'Press kit link must be an http or https address',
      ],
      [
        'an ftp: YouTube link',
        () => edited({ featured: recording({ youtubeUrl: 'ftp://example.com/a.mp4' }) }),
        'featured.youtubeUrl',
        'YouTube link must be an http or https address',
      ],
      [
        'a Spotify link to another site',
        () => edited({ featured: recording({ spotifyUrl: 'https://example.com/track/1' }) }),
        'featured.spotifyUrl',
        'Spotify link must be an open.spotify.com track, album, playlist or artist link',
      ],
      [
        'a too-long tagline',
        () => edited({ tagline: 'x'.repeat(CONTENT_LIMITS.tagline + 1) }),
        'tagline',
        `Tagline cannot exceed ${CONTENT_LIMITS.tagline} characters`,
      ],
      ['an empty tagline', () => edited({ tagline: '  ' }), 'tagline', 'Tagline is required'],
      [
        'a bad email',
        () => edited({ contacts: [{ label: 'Booking', email: 'booking@' }] }),
        'contacts.0.email',
        'Contact email must be a valid email address',
      ],
      [
        'too many social links',
        () => edited({ socialLinks: tooMany }),
        'socialLinks',
        `Social links cannot have more than ${CONTENT_LIMITS.socialLinks} entries`,
      ],
      [
        'an unknown field',
        () => ({ ...edited(), theme: 'dark' }),
        'theme',
        'property theme should not exist',
      ],
      [
        'an unknown field of a recording',
        () => edited({ featured: { ...recording({}), bpm: 120 } as SiteContent['featured'] }),
        'featured.bpm',
        'property bpm should not exist',
      ],
      [
        'a missing page',
        () => edited({ pages: { shipping: '', returns: '' } as SiteContent['pages'] }),
        'pages.privacy',
        'Privacy text is required',
      ],
    ])('%s', async (_case, body, field, message) => {
      const res = await save(body()).expect(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toContainEqual({
        field,
        messages: expect.arrayContaining([message]),
      });
      expect((await request(t.server).get('/api/content')).body).toEqual(seeded);
    });
  });

  describe('the first response of the home page', () => {
    const home = async () => (await request(t.server).get('/').expect(200)).text;

    it('holds the current content, embedded and painted, with nothing able to close the script', async () => {
      const tagline = 'Honky-tonk </script><script>alert(1)</script> & more';
      const socialLinks = [{ label: 'Bandcamp', url: 'https://wrencalloway.bandcamp.com' }];
      await home();
      await save(edited({ tagline, socialLinks })).expect(200);
      const html = await home();
      expect(html).not.toContain('<script>alert(1)');
      expect(embedded(html)).toEqual(edited({ tagline, socialLinks }));
      expect(html.indexOf(`id="${SITE_CONTENT_ID}"`)).toBeLessThan(html.indexOf('</head>'));
      // The tab's title, before any script: the name and the current tagline.
      expect(html).toContain(
        '<title>Wren Calloway · Honky-tonk &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>',
      );
      expect(html).toContain(
        '<div id="storefront-first-paint" class="storefront" inert>' +
          '<p class="hero__tagline">Honky-tonk &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>' +
          '<a href="https://wrencalloway.bandcamp.com">Bandcamp</a></div>',
      );
      await save(seeded).expect(200);
      expect(embedded(await home())).toEqual(seeded);
    });

    it('holds the gallery in its current order, so the photos are laid out with the page', async () => {
      const photos = (await request(t.server).get('/api/gallery').expect(200))
        .body as GalleryPhoto[];
      expect(photos).toHaveLength(3);
      expect(embeddedGallery(await home())).toEqual(photos);
      const reversed = photos.map((p) => p.id).reverse();
      await admin.put('/api/admin/gallery/order').send({ ids: reversed }).expect(200);
      expect(embeddedGallery(await home())?.map((p) => p.id)).toEqual(reversed);
      await admin
        .put('/api/admin/gallery/order')
        .send({ ids: photos.map((p) => p.id) })
        .expect(200);
    });

    it('keeps `$` signs of the content as written', async () => {
      await save(edited({ tagline: "Tees $25, $& and $' too" })).expect(200);
      const html = await home();
      expect(embedded(html)?.tagline).toBe("Tees $25, $& and $' too");
      expect(html).toContain("Tees $25, $&amp; and $' too");
      await save(seeded).expect(200);
    });
  });

  it('serves the content pages as pages of the site, with their titles and the content', async () => {
    for (const [page, title] of [
      ['/shipping', 'Shipping'],
      ['/returns', 'Returns'],
      ['/privacy', 'Privacy'],
    ]) {
      const res = await request(t.server).get(page!).expect(200);
      expect(res.text).toContain(`<title>${title} · Wren Calloway</title>`);
      expect(res.text).toContain('<div id="root"></div>');
      expect(embedded(res.text)).toEqual(seeded);
      expect(res.text).not.toContain('storefront-first-paint');
    }
    await request(t.server).get('/shipping/more').expect(404);
  });
});
