import { AsyncLocalStorage } from 'node:async_hooks';
import { once, type EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Inject,
  Injectable,
  Module,
  RequestMethod,
  type DynamicModule,
  type LoggerService,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import type { NextFunction } from 'express';
import { stdSerializers, symbols, type DestinationStream, type Logger as Pino } from 'pino';
import { pinoHttp, type HttpLogger, type Options } from 'pino-http';
import type { AppConfig } from '../config/env.js';

/**
 * One JSON line per request with its id, status and duration. Only the method and path are
 * logged of a request (never its body, cookies, query string or headers), so no password,
 * session or card detail can reach the log.
 */
export function loggerOptions(config: AppConfig): Options {
  return {
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

/** What `flush` reads of pino's stream (sonic-boom): its descriptor, a write in flight. */
type LogStream = EventEmitter & { fd: number; _writing: boolean; flushSync?: () => void };

/** The contexts of Nest's lines as it builds and starts the app (modules, routes, listening). */
const NEST_START_UP = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** The logger of the request being handled (pino-http's child carrying its id), if any. */
const requestLogger = new AsyncLocalStorage<Pino>();
const HTTP_LOGGER = Symbol('HTTP_LOGGER');

/**
 * Nest's logger on pino: the lines Nest and our services write (with their `context`) go to the
 * same JSON stream as the request lines, and inside a request they carry its `req` id.
 */
@Injectable()
export class AppLogger implements LoggerService {
  constructor(@Inject(HTTP_LOGGER) private readonly http: HttpLogger) {}

  // Nest's levels, each as pino's; Nest's own start-up chatter (a line per module and per route,
  // some 200 of them) is `debug`, so a start at the default level prints a screenful at most.
  log = (message: unknown, ...rest: unknown[]) =>
    this.write(NEST_START_UP.has(String(rest.at(-1))) ? 'debug' : 'info', message, rest);
  error = (message: unknown, ...rest: unknown[]) => this.write('error', message, rest);
  warn = (message: unknown, ...rest: unknown[]) => this.write('warn', message, rest);
  debug = (message: unknown, ...rest: unknown[]) => this.write('debug', message, rest);
  verbose = (message: unknown, ...rest: unknown[]) => this.write('trace', message, rest);
  fatal = (message: unknown, ...rest: unknown[]) => this.write('fatal', message, rest);

  /**
   * Writes out what the log stream still holds: pino writes asynchronously (sonic-boom), so the
   * start-up's last lines (main.ts) would otherwise come out before earlier log lines. A write in
   * flight is waited for, then the rest is written at once.
   */
  async flush(): Promise<void> {
    const logger = this.http.logger as unknown as Record<symbol, LogStream | undefined>;
    const stream = logger[symbols.streamSym];
    if (!stream?.flushSync) return;
    if (stream.fd < 0) await once(stream, 'ready');
    while (stream._writing) await once(stream, 'write');
    stream.flushSync();
  }

  /** Nest passes the context (the class name) last; an Error is logged under `err`. */
  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    rest: unknown[],
  ) {
    const logger = requestLogger.getStore() ?? this.http.logger;
    const params = [...rest];
    const context = typeof params[params.length - 1] === 'string' ? params.pop() : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    if (message instanceof Error) {
      logger[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      logger[level]({ ...fields, ...message });
    } else {
      logger[level](fields, String(message), ...params);
    }
  }
}

/**
 * One JSON line per request (pino-http, options above) on every route, and Nest's own logging
 * through AppLogger. `config.logStream` stands in for standard output when a test reads the log.
 */
@Module({})
export class LoggingModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    const http = config.logStream
      ? pinoHttp(loggerOptions(config), config.logStream as DestinationStream)
      : pinoHttp(loggerOptions(config));
    return {
      module: LoggingModule,
      global: true,
      providers: [{ provide: HTTP_LOGGER, useValue: http }, AppLogger],
      exports: [AppLogger],
    };
  }

  constructor(@Inject(HTTP_LOGGER) private readonly http: HttpLogger) {}

  configure(consumer: MiddlewareConsumer) {
    consumer
      .apply((req: IncomingMessage & { log: Pino }, res: ServerResponse, next: NextFunction) =>
        this.http(req, res, () => requestLogger.run(req.log, next)),
      )
      // Every path, the /api prefix itself included.
      .forRoutes({ path: '{/*splat}', method: RequestMethod.ALL });
  }
}
