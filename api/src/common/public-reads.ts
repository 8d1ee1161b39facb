import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { pino } from 'pino';
import type { ApiError } from '@artist/contracts';
import type { PublicAnswer } from '../database/public-answers.js';
import { requestIdOf } from './logger.js';

/** The public reads the storefront makes, answered ahead of Express (`servePublicReadsFirst`). */
export const PUBLIC_READ_PATHS = [
  '/api/shows',
  '/api/products',
  '/api/content',
  '/api/gallery',
] as const;

export type PublicReadPath = (typeof PUBLIC_READ_PATHS)[number];

/** The answer of one public read, and how long a browser or proxy may keep it unasked. */
export interface PublicRead {
  answer: () => PublicAnswer | Promise<PublicAnswer>;
  cacheControl: string;
}

export type PublicReads = Record<PublicReadPath, PublicRead>;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The public read's path of a request's URL (a trailing slash allowed), or undefined. */
export function publicReadPath(url: string): PublicReadPath | undefined {
  const query = url.indexOf('?');
  let path = query === -1 ? url : url.slice(0, query);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return (PUBLIC_READ_PATHS as readonly string[]).includes(path)
    ? (path as PublicReadPath)
    : undefined;
}

/**
 * `GET` and `HEAD` of the public reads, the calls every visitor's page makes, answered by the HTTP
 * server before Express sees the request: from the answer kept in memory (`PublicAnswers`), as its
 * bytes, with none of the work a public read does not need (helmet's eleven middlewares run per
 * request, the session and its table, the origin check, body parsers, static files, Nest's
 * router, guards and pipes). Through Express and Nest that cost about 0.4 ms of CPU per request
 * here, nine times a bare node:http server. Everything a visitor sees is kept: the same security
 * headers (`securityHeaders`, captured from helmet at start-up), X-Request-Id, Cache-Control,
 * ETag with 304 on If-None-Match, gzip for a client that accepts it, `Server-Timing`, and one line
 * in the request log. The answers depend on nothing in the request: a query string is ignored, as
 * the controllers behind them ignore it.
 */
export function servePublicReadsFirst(
  server: Server,
  reads: PublicReads,
  securityHeaders: Record<string, string>,
  logLevel: string,
): void {
  const log = pino({ level: logLevel }, linesOfATurnTogether(pino.destination({ dest: 1 })));
  /** Per read, the headers every answer of its kept answer carries, made once per answer. */
  const made = new Map<PublicReadPath, { answer: PublicAnswer; head: string[]; plain: string[] }>();
  const headersFor = (path: PublicReadPath, answer: PublicAnswer) => {
    let headers = made.get(path);
    if (headers?.answer !== answer) {
      const head = [
        ...Object.entries(securityHeaders).flat(),
        'Content-Type',
        'application/json; charset=utf-8',
        'Cache-Control',
        reads[path].cacheControl,
        'ETag',
        answer.etag,
        'Vary',
        'Accept-Encoding',
      ];
      headers = { answer, head, plain: [...head, 'Content-Length', String(answer.body.length)] };
      made.set(path, headers);
    }
    return headers;
  };
  const headersOf = (path: PublicReadPath, answer: PublicAnswer) => headersFor(path, answer).head;
  const plainHeadersOf = (path: PublicReadPath, answer: PublicAnswer) =>
    headersFor(path, answer).plain;
  const logging = log.isLevelEnabled('info');
  const [rest, ...others] = server.listeners('request') as Handler[];
  if (!rest || others.length > 0) throw new Error('Expected exactly one request handler');
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const read = req.method === 'GET' || req.method === 'HEAD';
    const path = read ? publicReadPath(req.url ?? '') : undefined;
    if (path === undefined) return rest(req, res);
    const { answer } = reads[path];
    const started = performance.now();
    const id = requestIdOf(req);
    const done = (status: number) => {
      if (!logging) return;
      const ms = Math.round(performance.now() - started);
      log.info(
        { req: { id, method: req.method, path }, res: { statusCode: status }, responseTime: ms },
        `${req.method} ${path} ${status} ${ms}ms`,
      );
    };
    const send = (kept: PublicAnswer, from: 'memory' | 'database') => {
      const fresh = matches(req.headers['if-none-match'], kept.etag);
      const gzipped = fresh ? undefined : acceptsGzip(req) ? kept.gzipped() : undefined;
      const timing = `${from};dur=${(performance.now() - started).toFixed(2)}`;
      const status = fresh ? 304 : 200;
      let head: string[];
      if (fresh) head = [...headersOf(path, kept), 'Server-Timing', timing, 'X-Request-Id', id];
      else if (gzipped)
        head = [
          ...headersOf(path, kept),
          'Content-Encoding',
          'gzip',
          'Content-Length',
          String(gzipped.length),
          'Server-Timing',
          timing,
          'X-Request-Id',
          id,
        ];
      else head = [...plainHeadersOf(path, kept), 'Server-Timing', timing, 'X-Request-Id', id];
      // A flat list of names and values: node writes it at half the CPU of an object this size.
      res.writeHead(status, head);
      res.end(fresh || req.method === 'HEAD' ? undefined : (gzipped ?? kept.body));
      done(status);
    };
    const failed = (error: unknown) => {
      log.error({ err: error, req: { id, method: req.method, path } }, 'public read failed');
      const body: ApiError = {
        statusCode: 500,
        message: 'Something went wrong on our side. Please try again later.',
      };
      res.writeHead(500, { ...securityHeaders, 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
      done(500);
    };
    let kept: PublicAnswer | Promise<PublicAnswer>;
    try {
      kept = answer();
    } catch (error) {
      return failed(error);
    }
    if ('then' in kept) kept.then((ready) => send(ready, 'database'), failed);
    else send(kept, 'memory');
  });
}

/**
 * A log destination that writes the lines logged in one turn of the event loop with one write:
 * a write per request to stdout cost these reads a third of their CPU. The lines stay whole and
 * in order; they reach the log at the end of the turn, not at once.
 */
function linesOfATurnTogether(out: { write(text: string): unknown }): {
  write(line: string): void;
} {
  let pending = '';
  const flush = () => {
    const text = pending;
    pending = '';
    out.write(text);
  };
  return {
    write(line: string) {
      if (pending === '') setImmediate(flush);
      pending += line;
    },
  };
}

/** Whether If-None-Match names this ETag (a list, weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

function acceptsGzip(req: IncomingMessage): boolean {
  const accepted = req.headers['accept-encoding'];
  return accepted !== undefined && /\bgzip\b(?!;q=0(?:\.0*)?(?:,|$))/.test(accepted);
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
