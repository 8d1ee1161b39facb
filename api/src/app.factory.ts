import { ValidationPipe, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { validationExceptionFactory } from './common/validation.js';
import type { AppConfig } from './config/env.js';
import { mountStaticSite } from './web/static-site.js';

export const BODY_LIMIT = '100kb';

/** Builds the whole server (API, static front ends, security headers) without listening. */
export async function createApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
      frameguard: { action: 'deny' },
      strictTransportSecurity: config.secureCookies,
    }),
  );
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false });
  mountStaticSite(app.getHttpAdapter().getInstance(), config);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: validationExceptionFactory,
    }),
  );
  app.useGlobalFilters(new HttpExceptionFilter());
  return app;
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
    imgSrc: ["'self'", 'data:', ...remoteOrigins],
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
