import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstPaintMarkup, remotePreloadTags } from './preload.js';

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

  it('wraps the first paint in an inert element the storefront can find', () => {
    expect(firstPaintMarkup(dir)).toBe('');
    writeFileSync(path.join(dir, 'first-paint.html'), '<h1>Wren Calloway</h1>');
    expect(firstPaintMarkup(dir)).toBe(
      '<div id="storefront-first-paint" class="storefront" inert><h1>Wren Calloway</h1></div>',
    );
  });

  it('names nothing when there is no build or the manifest is unreadable', () => {
    expect(remotePreloadTags(dir, '/remotes/storefront')).toBe('');
    writeFileSync(path.join(dir, 'mf-manifest.json'), '{oops');
    expect(remotePreloadTags(dir, '/remotes/storefront')).toBe('');
  });
});
