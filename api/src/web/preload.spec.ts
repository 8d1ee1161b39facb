import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SITE_CONTENT_ID, type SiteContent } from '@artist/contracts';
import {
  FIRST_PAINT_RENDERER,
  firstPaintRenderer,
  remotePreloadTags,
  jsonScript,
} from './preload.js';

describe('remotePreloadTags', () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'preload-'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("names the manifest, remoteEntry.js and the exposed App's first chunks and styles", () => {
    writeFileSync(
      path.join(dir, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            path: './App',
            assets: { js: { sync: ['1.abc.js', 'App.def.js'] }, css: { sync: ['App.123.css'] } },
          },
        ],
      }),
    );
    expect(remotePreloadTags(dir, '/remotes/storefront')).toBe(
      [
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/storefront/mf-manifest.json">',
        '<link rel="preload" as="script" href="/remotes/storefront/remoteEntry.js">',
        '<link rel="preload" as="script" href="/remotes/storefront/1.abc.js">',
        '<link rel="preload" as="script" href="/remotes/storefront/App.def.js">',
        '<link rel="preload" as="style" href="/remotes/storefront/App.123.css">',
      ].join(''),
    );
  });

  it('applies the style sheet at once when the page carries a static first paint', () => {
    writeFileSync(
      path.join(dir, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ path: './App', assets: { js: { sync: [] }, css: { sync: ['App.1.css'] } } }],
      }),
    );
    expect(remotePreloadTags(dir, '/r', { applyStyles: true })).toContain(
      '<link rel="stylesheet" href="/r/App.1.css">',
    );
  });

  it('names nothing when there is no build or the manifest is unreadable', () => {
    expect(remotePreloadTags(dir, '/remotes/storefront')).toBe('');
    writeFileSync(path.join(dir, 'mf-manifest.json'), '{oops');
    expect(remotePreloadTags(dir, '/remotes/storefront')).toBe('');
  });
});

describe('firstPaintRenderer', () => {
  let dir: string;
  const content = (tagline: string) => ({ tagline }) as SiteContent;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'first-paint-'));
    mkdirSync(path.join(dir, 'dist'));
    mkdirSync(path.join(dir, 'dist-ssr'));
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("falls back to the build's static first paint, wrapped in an inert element", () => {
    const render = firstPaintRenderer(dir);
    expect(render(content('Hi'))).toBe('');
    writeFileSync(path.join(dir, 'dist', 'first-paint.html'), '<h1>Wren Calloway</h1>');
    expect(render(content('Hi'))).toBe(
      '<div id="storefront-first-paint" class="storefront" inert><h1>Wren Calloway</h1></div>',
    );
  });

  it('renders each content once with the build’s renderer', () => {
    writeFileSync(path.join(dir, 'dist', 'first-paint.html'), '<h1>static</h1>');
    writeFileSync(
      path.join(dir, FIRST_PAINT_RENDERER),
      "let n = 0; exports.renderFirstPaint = (c) => c.tagline + ' #' + ++n;",
    );
    const render = firstPaintRenderer(dir);
    const first = content('Porch lights');
    expect(render(first)).toBe(
      '<div id="storefront-first-paint" class="storefront" inert>Porch lights #1</div>',
    );
    expect(render(first)).toContain('>Porch lights #1<');
    expect(render(content('Dance halls'))).toContain('>Dance halls #2<');
    expect(render(undefined)).toContain('<h1>static</h1>');
  });
});

describe('jsonScript', () => {
  it('embeds the content as JSON no text of it can close', () => {
    const script = jsonScript(SITE_CONTENT_ID, { tagline: '</script><b>&' } as SiteContent);
    expect(script).toBe(
      '<script type="application/json" id="site-content">' +
        '{"tagline":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026"}</script>',
    );
    const json = /<script[^>]*>(.*)<\/script>/.exec(script)![1]!;
    expect(JSON.parse(json)).toEqual({ tagline: '</script><b>&' });
  });
});
