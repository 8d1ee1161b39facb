import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { rejectDeepBodies } from './common/body-depth.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { AppLogger } from './common/logger.js';
import { completeApiDocument } from './common/openapi.js';
import { originCheck } from './common/origin-check.js';
import { headersSetBy, servePublicReadsFirst } from './common/public-reads.js';
import { AppValidationPipe } from './common/validation.js';
import type { AppConfig } from './config/env.js';
import { withKeptSessionSecret } from './config/session-secret.js';
import { TypeormSessionStore } from './database/session-store.js';
import { SESSION_COOKIE, SESSION_IDLE_MS } from './modules/auth/index.js';
import { CatalogService } from './modules/catalog/index.js';
import { ContentService } from './modules/content/index.js';
import { showsSite, structuredDataScript, ShowsService } from './modules/shows/index.js';
import { mountGalleryMedia, GalleryService } from './modules/gallery/index.js';
import { mountDownloads, DownloadsService } from './modules/releases/index.js';
import { STORAGE, type Storage } from './modules/storage/index.js';
import { Metrics } from './modules/metrics/index.js';
import { DeployService, releaseFiles } from './modules/deploy/index.js';
import { mountStaticSite } from './web/static-site.js';

export const BODY_LIMIT = '100kb';

/** Builds the whole server (API, static front ends, security headers) without listening. */
export async function createApp(given: AppConfig): Promise<INestApplication> {
  const config = withKeptSessionSecret(given);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    // A start-up failure is thrown to the caller (main.ts says why and exits 1), not exited here.
    abortOnError: false,
    bodyParser: false,
    // Stripe signs the exact bytes it sends: the webhook verifies `req.rawBody`.
    rawBody: true,
  });
  app.useLogger(app.get(AppLogger));
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.secureCookies,
    // helmet's default, no-referrer, makes browsers send `Origin: null` with a plain form POST,
    // which the origin check must refuse: the test checkout's Pay and Cancel buttons are such
    // forms. This policy still sends other sites nothing but the origin.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.use(securityHeaders);
  const metrics = app.get(Metrics);
  const shows = app.get(ShowsService);
  const catalog = app.get(CatalogService);
  const content = app.get(ContentService);
  const gallery = app.get(GalleryService);
  // The storefront's reads, from memory, ahead of every middleware below (session, origin check,
  // body parsers) and of Express itself: see common/public-reads.ts.
  servePublicReadsFirst(
    app.getHttpServer() as Server,
    {
      '/api/shows': { answer: () => shows.publicAnswer(), cacheControl: 'no-cache' },
      // A price or stock change reaches a browser that kept the list within 15 seconds; checkout
      // checks stock itself, so a stale page can never sell what is gone.
      '/api/products': { answer: () => catalog.publicAnswer(), cacheControl: 'public, max-age=15' },
      '/api/content': { answer: () => content.publicAnswer(), cacheControl: 'no-cache' },
      '/api/gallery': { answer: () => gallery.publicAnswer(), cacheControl: 'no-cache' },
    },
    headersSetBy(securityHeaders as Parameters<typeof headersSetBy>[0]),
    config.logLevel,
    metrics.requestTimer(),
  );
  metrics.timeRequests(app.getHttpServer() as Server);
  // Prometheus' conventional path, outside /api; off (404) unless METRICS_TOKEN is set.
  app.use('/metrics', metrics.handler());
  app.use(originCheck(config, { required: false }));
  // Admin answers (CSV downloads included) hold fans' personal data: no cache may keep them.
  app.use('/api/admin', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Only admin routes read the session, so public requests never touch the session table; every
  // admin write must name this site, mounted on the same path as the session so that no request
  // reaches the session without passing it.
  app.use('/api/admin', originCheck(config, { required: true }));
  // The fan's account: her own data, never cached; its writes must name this site as the
  // admin's do. Its session is its own cookie (modules/accounts/fan-session.ts), read by its
  // routes alone: the admin's session middleware above never sees it, nor it the admin's.
  app.use('/api/account', (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use('/api/account', originCheck(config, { required: true }));
  app.use(
    '/api/admin',
    session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: new TypeormSessionStore(app.get(DataSource), SESSION_IDLE_MS),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      unset: 'destroy',
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        maxAge: SESSION_IDLE_MS,
        path: '/',
      },
    }),
  );
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false });
  app.use(rejectDeepBodies);
  // Ahead of the static site, whose last handler answers every other path with a page.
  mountGalleryMedia(app.getHttpAdapter().getInstance(), app.get<Storage>(STORAGE));
  mountDownloads(app.getHttpAdapter().getInstance(), app.get(DownloadsService));
  const deploy = app.get(DeployService);
  mountStaticSite(app.getHttpAdapter().getInstance(), config, {
    remotes: {
      manifest: (req) => deploy.manifestFor(req.headers.cookie),
      files: releaseFiles(app.get<Storage>(STORAGE)),
    },
    home: {
      head: async () => structuredDataScript(await shows.listPublic(), showsSite(config)),
      content: () => content.get(),
      gallery: () => gallery.listPublic(),
    },
  });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new AppValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  // A production site lists its admin routes to nobody unless API_DOCS says so.
  if (config.apiDocs) mountApiDocs(app);
  return app;
}

/**
 * OpenAPI from the controllers and DTOs: the UI at /api/docs, the JSON at /api/docs-json. The UI
 * page loads its scripts from files on this origin, so it works under the site's CSP as it is.
 * The document is built on the first request for it, not at start-up: scanning every controller
 * and DTO takes longer than the rest of building the app, and a visitor never asks for it.
 */
function mountApiDocs(app: INestApplication) {
  SwaggerModule.setup('api/docs', app, () => apiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
  });
}

/** The document of every route, with what the decorators cannot say about some of them. */
function apiDocument(app: INestApplication) {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Artist site API')
      .setDescription(
        'Public calls and the admin dashboard. Admin calls need the session cookie set by ' +
          'POST /api/admin/login; state-changing calls need a same-origin Origin header.',
      )
      .setVersion('1.0')
      .addCookieAuth(SESSION_COOKIE)
      .build(),
  );
  // GET /api/shows is served ahead of the Nest router (see common/public-reads.ts); the other
  // public reads served there keep their controllers, which document them.
  document.paths['/api/shows'] = {
    get: {
      tags: ['shows'],
      summary: 'Published shows dated today or later in the artist’s time zone, soonest first',
      responses: {
        '200': {
          description:
            'PublicShow[]: id, date, venue, city, time, ageRequirement, soldOut, ' +
            'ticketButtonType, ticketUrl',
        },
        '304': { description: 'Unchanged since the ETag sent in If-None-Match' },
      },
    },
  };
  // The test checkout page posts its form urlencoded, and Pay and Cancel answer with a redirect.
  for (const action of ['pay', 'cancel']) {
    const operation = document.paths[`/api/checkout/test/{sessionId}/${action}`]?.post;
    if (!operation) continue;
    const json =
      operation.requestBody && 'content' in operation.requestBody
        ? operation.requestBody.content['application/json']
        : undefined;
    if (json)
      operation.requestBody = {
        required: true,
        content: { 'application/x-www-form-urlencoded': json, 'application/json': json },
      };
    operation.responses = {
      '303': { description: 'Back to the shop: ?checkout=success or ?checkout=canceled' },
      ...(action === 'pay' && {
        '410': { description: 'The session was cancelled or has expired: no order is made' },
      }),
    };
  }
  return completeApiDocument(document);
}

/** Streaming embeds are framed from their own hosts; remotes may be served from other origins. */
function contentSecurityPolicy(config: AppConfig) {
  const remoteOrigins = Object.values(config.remotes)
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remoteOrigins],
    connectSrc: ["'self'", ...remoteOrigins],
    styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
    imgSrc: [
      "'self'",
      'data:',
      ...remoteOrigins,
      ...(config.mediaPublicUrl ? [new URL(config.mediaPublicUrl).origin] : []),
    ],
    fontSrc: ["'self'", ...remoteOrigins],
    frameSrc: [
      'https://open.spotify.com',
      'https://embed.music.apple.com',
      'https://www.youtube-nocookie.com',
    ],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    upgradeInsecureRequests: config.secureCookies ? [] : null,
  };
}
