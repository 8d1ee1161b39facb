import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FIRST_PAINT_ID, type SiteContent } from '@artist/contracts';
import { scriptSafeJson } from '../common/strings.js';

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

/** Where the storefront's build puts its server renderer, outside the folder served to browsers. */
export const FIRST_PAINT_RENDERER = path.join('dist-ssr', 'first-paint.cjs');

interface FirstPaintModule {
  renderFirstPaint(content: SiteContent | undefined): string;
}

/**
 * The storefront's first paint (navigation and hero) for the current content, wrapped to be shown
 * but inert until the live page replaces it. It is rendered by the renderer the storefront's build
 * emits (`dist-ssr/first-paint.cjs`, the same components bundled for Node, loaded once), once
 * per content object; without that renderer, or without content, it is the build's
 * `first-paint.html`, and '' when there is neither.
 */
export function firstPaintRenderer(storefrontDir: string): (content?: SiteContent) => string {
  const rendererFile = path.join(storefrontDir, FIRST_PAINT_RENDERER);
  const staticFile = path.join(storefrontDir, 'dist', 'first-paint.html');
  let renderer: FirstPaintModule | undefined;
  let last: { content: SiteContent; html: string } | undefined;
  const wrap = (html: string) =>
    `<div id="${FIRST_PAINT_ID}" class="storefront" inert>${html}</div>`;

  return (content) => {
    if (content && !renderer && existsSync(rendererFile)) {
      renderer = createRequire(rendererFile)(rendererFile) as FirstPaintModule;
    }
    if (!content || !renderer) {
      return existsSync(staticFile) ? wrap(readFileSync(staticFile, 'utf8')) : '';
    }
    if (last?.content !== content) {
      last = { content, html: wrap(renderer.renderFirstPaint(content)) };
    }
    return last.html;
  };
}

/**
 * Data for the storefront to start with (the content at `SITE_CONTENT_ID`, the gallery at
 * `GALLERY_PHOTOS_ID`), as `<script type="application/json">`; '' without data.
 */
export function jsonScript(id: string, data: unknown): string {
  return data === undefined
    ? ''
    : `<script type="application/json" id="${id}">${scriptSafeJson(data)}</script>`;
}
