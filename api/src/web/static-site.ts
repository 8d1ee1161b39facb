import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import { Logger } from '@nestjs/common';
import express, {
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import {
  ADMIN_AREAS,
  adminAreaPath,
  CONTENT_PAGE_TITLES,
  CONTENT_PAGES,
  GALLERY_PHOTOS_ID,
  notFoundTitle,
  REDEEM_PATH,
  ACCOUNT_PATH,
  ACCOUNT_SIGN_IN_PATH,
  REMOTES_MANIFEST_PATH,
  SITE_CONTENT_ID,
  type ContentPageKey,
  type RemotesManifest,
  type GalleryPhoto,
  type SiteContent,
} from '@artist/contracts';
import { escapeHtml } from '../common/strings.js';
import type { AppConfig } from '../config/env.js';
import {
  FIRST_PAINT_RENDERER,
  firstPaintRenderer,
  remotePreloadTags,
  jsonScript,
} from './preload.js';

/** The storefront's content pages (shipping, returns, privacy), each at `/<key>`. */
const CONTENT_PAGE_PATHS = CONTENT_PAGES.map((page) => `/${page}`);

/**
 * Page paths the shell renders, the admin's areas among them (so an area's address survives a
 * reload); every other non-API path is answered 404 with the shell's page, where the storefront
 * draws the 404 page.
 */
export const PAGE_PATHS = [
  '/',
  '/admin',
  '/admin/login',
  '/admin/reset-password',
  ...ADMIN_AREAS.map(({ key }) => adminAreaPath(key)),
  ...CONTENT_PAGE_PATHS,
  REDEEM_PATH,
  ACCOUNT_PATH,
  ACCOUNT_SIGN_IN_PATH,
];

/** Static image folders of the storefront's build, served at the site's root. */
export const STOREFRONT_IMAGE_PATHS = ['/assets', '/gallery-optimized'];

/** Where each built front end is mounted on this server. */
export const REMOTE_MOUNTS = {
  storefront: '/remotes/storefront',
  admin: '/remotes/admin',
} as const;

/**
 * What the home page's first response carries from the data, read for every request of `/`: the
 * page around it may be cached, these never are. A source that fails is logged and left out.
 */
export interface HomeSources {
  /** Markup for the `<head>` (the shows' structured data). */
  head?: () => Promise<string>;
  /**
   * The public content: embedded in the `<head>` as JSON for the storefront to start with (on the
   * content pages too), and rendered into the storefront's first paint.
   */
  content?: () => Promise<SiteContent>;
  /** The gallery's photos, embedded in the home page's `<head>` as JSON likewise. */
  gallery?: () => Promise<GalleryPhoto[]>;
}

export interface StaticSiteOptions {
  home?: HomeSources;
  /** Published releases of the remotes (modules/deploy), when the site takes them. */
  remotes?: {
    /** The runtime manifest for this request's browser (its live versions, or a preview). */
    manifest(req: Request): Promise<RemotesManifest>;
    /** Serves a published release's files at `/remotes/<remote>/<version>/…`. */
    files: RequestHandler;
  };
}

/**
 * Hosts the built front ends on the API's origin: the shell at `/`, each remote's build under its
 * own path, and the runtime remote manifest, so `npm start` is one process on one port.
 */
export function mountStaticSite(
  app: Express,
  config: AppConfig,
  { home = {}, remotes }: StaticSiteOptions = {},
): void {
  const log = new Logger('StaticSite');
  // Scripts, styles and JSON travel gzipped: on a phone network that is most of the load time.
  app.use(compression());
  const manifest: RemotesManifest = config.remotes;
  const manifestFor = (req: Request) =>
    remotes ? remotes.manifest(req) : Promise.resolve(manifest);
  app.get(REMOTES_MANIFEST_PATH, (req, res, next) => {
    manifestFor(req).then(
      // Private: a browser's preview cookie may change what it is told.
      (answer) => res.set('Cache-Control', 'private, no-cache').json(answer),
      next,
    );
  });
  if (remotes) app.use(remotes.files);

  for (const [name, mount] of Object.entries(REMOTE_MOUNTS)) {
    app.use(mount, express.static(path.join(config.webRoot, name, 'dist'), staticOptions(true)));
  }
  // The storefront's images load from root paths (`/assets/`, `/gallery-optimized/`), not from under its remote mount.
  const storefrontDist = path.join(config.webRoot, 'storefront', 'dist');
  for (const folder of STOREFRONT_IMAGE_PATHS) {
    app.use(folder, express.static(path.join(storefrontDist, folder), imageOptions));
  }
  const shellDist = path.join(config.webRoot, 'shell', 'dist');
  const shellFiles = express.static(shellDist, { ...staticOptions(false), index: false });
  // API paths never name a file: skip the file-system lookup the static handler would make.
  app.use((req: Request, res: Response, next: NextFunction) =>
    isApiPath(req.path) ? next() : shellFiles(req, res, next),
  );

  const indexFile = path.join(shellDist, 'index.html');
  const shellPage = () => (existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined);
  let cachedPage = config.production ? shellPage() : undefined;
  // When this server hosts the storefront's build, the home page names its entry files up front
  // and carries its first paint, so the artist's name and tagline show before any script runs.
  // Not while a published release of the storefront is live (or previewed): the build's first
  // paint and entry files would be another version's.
  const builtInStorefront = `${REMOTE_MOUNTS.storefront}/mf-manifest.json`;
  const hostsStorefront = manifest.storefront === builtInStorefront;
  const storefrontDir = path.join(config.webRoot, 'storefront');
  const renderFirstPaint = firstPaintRenderer(storefrontDir);
  const homePage = (page: string) => {
    if (!hostsStorefront) return page;
    const firstPaint = [FIRST_PAINT_RENDERER, path.join('dist', 'first-paint.html')].some((file) =>
      existsSync(path.join(storefrontDir, file)),
    );
    const preloads = remotePreloadTags(storefrontDist, REMOTE_MOUNTS.storefront, {
      applyStyles: firstPaint,
    });
    return insertBefore(page, '</head>', preloads);
  };
  let cachedHomePage: string | undefined;

  // Search engines read the shows, and the storefront its content, from the first response. The
  // page still answers without them when the database does not.
  const readHome = async <T>(source: (() => Promise<T>) | undefined, what: string) => {
    try {
      return source ? await source() : undefined;
    } catch (error) {
      // Under `err`, so a failed query is logged without its values (see common/logger.ts).
      log.error({ err: error, msg: `home page ${what} failed` });
      return undefined;
    }
  };

  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path)) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = cachedPage ?? shellPage();
    if (config.production) cachedPage = page;
    const status = PAGE_PATHS.includes(req.path.replace(/(.)\/$/, '$1')) ? 200 : 404;
    res.status(status).set('Cache-Control', 'no-cache');
    if (!page) {
      res.type('text/plain').send('The site has not been built yet: run `npm run build`.');
      return;
    }
    const pagePath = req.path.replace(/(.)\/$/, '$1');
    if (CONTENT_PAGE_PATHS.includes(pagePath)) {
      const content = await readHome(home.content, 'content');
      const titled = titledPage(page, CONTENT_PAGE_TITLES[pagePath.slice(1) as ContentPageKey]);
      res.type('html').send(insertBefore(titled, '</head>', jsonScript(SITE_CONTENT_ID, content)));
      return;
    }
    if (req.path !== '/') {
      res.type('html').send(status === 404 ? notFoundPage(page) : page);
      return;
    }
    const [head = '', content, gallery, served] = await Promise.all([
      readHome(home.head, 'structured data'),
      readHome(home.content, 'content'),
      readHome(home.gallery, 'gallery'),
      remotes ? readHome(() => remotes.manifest(req), 'remote manifest') : undefined,
    ]);
    const firstPaint = hostsStorefront && (!served || served.storefront === builtInStorefront);
    const cached = firstPaint ? (cachedHomePage ?? homePage(page)) : page;
    if (config.production && firstPaint) cachedHomePage = cached;
    const titled = content ? homeTitledPage(cached, content.tagline) : cached;
    let html = insertBefore(
      titled,
      '</head>',
      `${head}${jsonScript(SITE_CONTENT_ID, content)}${jsonScript(GALLERY_PHOTOS_ID, gallery)}`,
    );
    if (firstPaint) {
      html = html.replace(/<body[^>]*>/, (body) => `${body}${renderFirstPaint(content)}`);
    }
    res.type('html').send(html);
  });
}

/** Inserts markup before the first `marker`; the markup is taken as it is, `$` signs included. */
function insertBefore(page: string, marker: string, markup: string): string {
  return markup ? page.replace(marker, () => `${markup}${marker}`) : page;
}

/**
 * The security headers that only a document (or a worker) obeys: a browser ignores them on a
 * script, where they would only add about 700 bytes to each of the ten scripts the home page
 * loads. Scripts keep `X-Content-Type-Options`, `Cross-Origin-Resource-Policy` and HSTS, which
 * do apply to them; the site runs no worker from these files.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'Referrer-Policy',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const;

/**
 * Content-hashed chunks are cached for a year; entry points (`remoteEntry.js`, `mf-manifest.json`,
 * `index.html`) are revalidated (by their ETag) so a newly deployed build is picked up at once.
 * Scripts travel without the document-only headers, `Last-Modified` (the ETag says it) and
 * `Accept-Ranges` (no one asks for part of one).
 */
function staticOptions(cors: boolean) {
  return {
    fallthrough: true,
    lastModified: false,
    acceptRanges: false,
    setHeaders(res: Response, file: string) {
      const hashed = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|webp|avif|svg)$/.test(file);
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // Remotes may be loaded by a shell on another origin.
      if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
      if (file.endsWith('.js')) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    },
  };
}

/** Images keep their names between builds, so they are cached for a week rather than for ever. */
const imageOptions = {
  fallthrough: true,
  setHeaders(res: Response) {
    res.setHeader('Cache-Control', 'public, max-age=604800');
  },
};

/** The shell's page with the 404 page's own title, so a tab or a search result never shows the home page's. */
export function notFoundPage(page: string): string {
  return titledPage(page, undefined);
}

/**
 * The shell's page titled `<title> · <site name>` (the 404 page's own title without `title`), the
 * site's name read from its `<meta name="application-name">`.
 */
export function titledPage(page: string, title: string | undefined): string {
  return withTitle(page, (name) =>
    title === undefined ? notFoundTitle(name) : `${escapeHtml(title)} · ${name}`,
  );
}

/**
 * The home page titled `<site name> · <tagline>` with the current tagline: the shell was built
 * with the tagline of its day, and a tab or a search result shows the title before any script.
 */
export function homeTitledPage(page: string, tagline: string): string {
  return withTitle(page, (name) => `${name} · ${escapeHtml(tagline)}`);
}

/** The page with its `<title>` made from the site's name (already HTML-escaped). */
function withTitle(page: string, title: (name: string) => string): string {
  // The built page is minified: attribute values may have lost their quotes.
  const meta = /<meta\b[^>]*\bname=["']?application-name\b[^>]*>/.exec(page)?.[0];
  const content = meta && /\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/.exec(meta);
  const name = content && (content[1] ?? content[2] ?? content[3]);
  if (!name) return page;
  const text = title(name);
  return page.replace(/<title>[^<]*<\/title>/, () => `<title>${text}</title>`);
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
