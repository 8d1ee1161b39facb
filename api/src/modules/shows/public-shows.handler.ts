import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { pino } from 'pino';
import type { ApiError } from '@artist/contracts';
import { requestIdOf } from '../../common/logger.js';
import type { ShowsService } from './shows.service.js';

export const PUBLIC_SHOWS_PATH = '/api/shows';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `GET /api/shows`, the busiest call of the site, answered by the HTTP server before Express sees
 * the request. Through Express and Nest (router layers, helmet's eleven middlewares, static
 * files, body parsers, guard, pipes) it cost about 0.4 ms of CPU per request here, nine times a
 * bare node:http server, for a call that only sends prepared bytes. Everything a visitor sees is
 * kept: the same security headers (`securityHeaders`, captured from helmet at start-up),
 * X-Request-Id, Cache-Control and ETag revalidation, the list fresh after every admin write,
 * and one line in the request log.
 */
export function servePublicShowsFirst(
  server: Server,
  shows: ShowsService,
  securityHeaders: Record<string, string>,
  logLevel: string,
): void {
  const log = pino({ level: logLevel });
  const [rest, ...others] = server.listeners('request') as Handler[];
  if (!rest || others.length > 0) throw new Error('Expected exactly one request handler');
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const read = req.method === 'GET' || req.method === 'HEAD';
    if (!read || (path !== PUBLIC_SHOWS_PATH && path !== `${PUBLIC_SHOWS_PATH}/`)) {
      return rest(req, res);
    }
    const started = performance.now();
    const id = requestIdOf(req);
    const done = (status: number) => {
      if (!log.isLevelEnabled('info')) return;
      const ms = Math.round(performance.now() - started);
      log.info(
        { req: { id, method: req.method, path }, res: { statusCode: status }, responseTime: ms },
        `${req.method} ${path} ${status} ${ms}ms`,
      );
    };
    shows.publicBody().then(
      ({ json, etag }) => {
        const fresh = req.headers['if-none-match'] === etag;
        const status = fresh ? 304 : 200;
        res.writeHead(status, {
          ...securityHeaders,
          'Content-Type': 'application/json; charset=utf-8',
          'Cache-Control': 'no-cache',
          ETag: etag,
          'X-Request-Id': id,
          ...(fresh ? {} : { 'Content-Length': json.length }),
        });
        res.end(fresh || req.method === 'HEAD' ? undefined : json);
        done(status);
      },
      (error: unknown) => {
        log.error({ err: error, req: { id, method: req.method, path } }, 'public shows failed');
        const body: ApiError = {
          statusCode: 500,
          message: 'Something went wrong on our side. Please try again later.',
        };
        res.writeHead(500, { ...securityHeaders, 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
        done(500);
      },
    );
  });
}

/** The headers a middleware sets on every response (helmet's are the same for every request). */
export function headersSetBy(
  middleware: (req: unknown, res: unknown, next: () => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
  };
  middleware({ headers: {}, method: 'GET', url: '/' }, res, () => undefined);
  return headers;
}
