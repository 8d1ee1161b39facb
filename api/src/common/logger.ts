import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { stdSerializers, type DestinationStream } from 'pino';
import type { AppConfig } from '../config/env.js';

/**
 * One JSON line per request with its id, status and duration. Only the method and path are
 * logged of a request (never its body, cookies, query string or headers), so no password,
 * session or card detail can reach the log.
 */
export function loggerOptions(config: AppConfig): Params {
  const options: Params = {
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
        err: errorForLog,
      },
      customSuccessMessage: (req, res, responseTime) =>
        `${req.method} ${pathOf(req)} ${res.statusCode} ${Math.round(responseTime)}ms`,
      customErrorMessage: (req, res) => `${req.method} ${pathOf(req)} ${res.statusCode}`,
      redact: { paths: ['req.headers', 'res.headers', 'err.config'], remove: true },
    },
  };
  if (config.logStream) {
    options.pinoHttp = [options.pinoHttp as object, config.logStream as DestinationStream];
  }
  return options;
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

/** The fields of a database driver's error that name the failure without quoting any value. */
interface DriverError {
  code?: string;
  errno?: number;
  sqlState?: string;
}

/**
 * Errors as logged. A failed query (TypeORM's QueryFailedError) carries the values it was sent
 * (`parameters`) and a driver message that may quote them ("Duplicate entry 'fan@…'"): it is
 * logged by its SQL text (placeholders only), error code and stack frames alone. pino-http hands
 * this serializer errors already turned into plain objects by pino's standard one.
 */
export function errorForLog(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const raw =
    error instanceof Error ? stdSerializers.err(error) : (error as Record<string, unknown>);
  const driverError = raw.driverError as DriverError | undefined;
  if (typeof raw.query !== 'string' && driverError === undefined && !('parameters' in raw)) {
    return raw;
  }
  const code = driverError?.code ?? (raw as DriverError).code;
  return {
    type: raw.type ?? 'QueryFailedError',
    message: `Database query failed${code ? ` (${code})` : ''}`,
    code,
    errno: driverError?.errno,
    sqlState: driverError?.sqlState,
    query: typeof raw.query === 'string' ? raw.query : undefined,
    // The first line of a stack repeats the message, which may quote values.
    stack: String(raw.stack ?? '')
      .split('\n')
      .slice(1)
      .join('\n'),
  };
}
