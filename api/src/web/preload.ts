import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_PAINT_ID } from '@artist/contracts';

interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: {
    path: string;
    assets: { js: { sync: string[] }; css: { sync: string[] } };
  }[];
}

/**
 * `<link rel="preload">` tags for a remote's entry files (its manifest, remoteEntry.js and the
 * exposed module's first chunks and style sheet), so the browser fetches them while the shell
 * starts instead of discovering them one round trip after another. Empty when the remote's build
 * is not on this server (a remote served from elsewhere is found through the manifest as usual).
 */
export function remotePreloadTags(
  distDir: string,
  mount: string,
  { exposed = './App', applyStyles = false } = {},
): string {
  const file = path.join(distDir, 'mf-manifest.json');
  if (!existsSync(file)) return '';
  let manifest: FederationManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as FederationManifest;
  } catch {
    return '';
  }
  const entry = manifest.metaData?.remoteEntry;
  const expose = manifest.exposes?.find((e) => e.path === exposed);
  if (!entry?.name || !expose) return '';
  const url = (name: string) => `${mount}/${path.posix.join(entry.path ?? '', name)}`;
  const tags = [
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${mount}/mf-manifest.json">`,
    `<link rel="preload" as="script" href="${url(entry.name)}">`,
    ...expose.assets.js.sync.map((js) => `<link rel="preload" as="script" href="${url(js)}">`),
    // With a static first paint on the page its styles must apply at once, not merely preload.
    ...expose.assets.css.sync.map((css) =>
      applyStyles
        ? `<link rel="stylesheet" href="${url(css)}">`
        : `<link rel="preload" as="style" href="${url(css)}">`,
    ),
  ];
  return tags.join('');
}

/**
 * The storefront's static first paint (its build's `first-paint.html`: navigation and hero),
 * wrapped to be shown but inert until the live page replaces it; empty when there is none.
 */
export function firstPaintMarkup(distDir: string): string {
  const file = path.join(distDir, 'first-paint.html');
  if (!existsSync(file)) return '';
  const html = readFileSync(file, 'utf8');
  return `<div id="${FIRST_PAINT_ID}" class="storefront" inert>${html}</div>`;
}
