import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/env.js';

/**
 * One JSON line per request with its id, status and duration. Only the method and path are
 * logged of a request (never its body, cookies, query string or headers), so no password,
 * session or card detail can reach the log.
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.logLevel,
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const id = requestIdOf(req);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        req: (req: {
          id: string;
          method: string;
          raw: IncomingMessage & { originalUrl?: string };
        }) => ({
          id: req.id,
          method: req.method,
          path: pathOf(req.raw),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customSuccessMessage: (req, res, responseTime) =>
        `${req.method} ${pathOf(req)} ${res.statusCode} ${Math.round(responseTime)}ms`,
      customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
      redact: { paths: ['req.headers', 'res.headers', 'err.config'], remove: true },
    },
  };
}

/** Express rewrites `url` inside routers; `originalUrl` is what the client asked for. */
function pathOf(req: IncomingMessage & { originalUrl?: string }): string {
  return (req.originalUrl ?? req.url ?? '').split('?')[0];
}

/** A well-formed incoming `X-Request-Id` is kept (so a proxy's id carries through); else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}
