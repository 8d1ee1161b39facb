import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
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

/** The public read a request asks for (`GET` or `HEAD` of one of their paths), or undefined. */
export function publicReadOf(req: IncomingMessage): PublicReadPath | undefined {
  return req.method === 'GET' || req.method === 'HEAD' ? publicReadPath(req.url ?? '') : undefined;
}

/** Records the time a request took to answer (seconds), by method, route and status. */
export type RequestTimer = (method: string, route: string, status: number, seconds: number) => void;

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
  timed: RequestTimer,
): void {
  const lines = linesWrittenTogether(pino.destination({ dest: 1 }));
  // The last lines are written when the server closes (a graceful stop closes it before exiting).
  server.once('close', lines.flush);
  const log = pino({ level: logLevel }, lines);
  /** Per read, the headers every answer of its kept answer carries, made once per answer. */
  const made = new Map<
    PublicReadPath,
    { answer: PublicAnswer; head: string[]; plain: string[]; gzipped?: string[] }
  >();
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
  const gzippedHeadersOf = (path: PublicReadPath, answer: PublicAnswer, gzipped: Buffer) => {
    const headers = headersFor(path, answer);
    return (headers.gzipped ??= [
      ...headers.head,
      'Content-Encoding',
      'gzip',
      'Content-Length',
      String(gzipped.length),
    ]);
  };
  const logging = log.isLevelEnabled('info');
  const [rest, ...others] = server.listeners('request') as Handler[];
  if (!rest || others.length > 0) throw new Error('Expected exactly one request handler');
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = publicReadOf(req);
    if (path === undefined) return rest(req, res);
    const { answer } = reads[path];
    const started = performance.now();
    const id = requestIdOf(req);
    const done = (status: number) => {
      const elapsed = performance.now() - started;
      timed(req.method!, path, status, elapsed / 1000);
      if (logging) lines.write(requestLine(Date.now(), id, req.method!, path, status, elapsed));
    };
    const send = (kept: PublicAnswer, from: 'memory' | 'database') => {
      const fresh = matches(req.headers['if-none-match'], kept.etag);
      const gzipped = fresh ? undefined : acceptsGzip(req) ? kept.gzipped() : undefined;
      const timing = `${from};dur=${(performance.now() - started).toFixed(2)}`;
      const status = fresh ? 304 : 200;
      const head = (
        fresh
          ? headersOf(path, kept)
          : gzipped
            ? gzippedHeadersOf(path, kept, gzipped)
            : plainHeadersOf(path, kept)
      ).concat('Server-Timing', timing, 'X-Request-Id', id);
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
      // A failure's lines leave at once, with the line before it: it may be the last the process writes.
      lines.flush();
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

/** The fields pino writes at the start of each line: its `base` (process id and host name). */
const LINE_BASE = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/**
 * A public read's line in the request log, as pino writes
 * `log.info({ req: { id, method, path }, res: { statusCode }, responseTime }, message)` (the line
 * of every other request), built here: pino's serialising of it took these reads a quarter of
 * their CPU (docs/api.md). Nothing in it needs escaping: the id is a UUID or an incoming id of
 * letters, digits, `_` and `-` (`requestIdOf`), the method GET or HEAD and the path one of
 * PUBLIC_READ_PATHS.
 */
export function requestLine(
  time: number,
  id: string,
  method: string,
  path: PublicReadPath,
  status: number,
  elapsedMs: number,
): string {
  const ms = Math.round(elapsedMs);
  return `{"level":30,"time":${time},${LINE_BASE},"req":{"id":"${id}","method":"${method}","path":"${path}"},"res":{"statusCode":${status}},"responseTime":${ms},"msg":"${method} ${path} ${status} ${ms}ms"}\n`;
}

/** Lines kept for one write at most this long… */
const LINES_HELD_MS = 100;
/** …or until this many characters are waiting. */
const LINES_HELD_CHARS = 16_384;

/**
 * A log destination that writes its lines together: at most LINES_HELD_MS after the first one
 * waiting, at once when LINES_HELD_CHARS are waiting, and on `flush`. A write per request cost
 * these reads a third of their CPU, and a write per turn of the event loop still one line per
 * write at a steady rate. The lines stay whole and in order; they reach the log a little later.
 */
function linesWrittenTogether(out: { write(text: string): unknown }): {
  write(line: string): void;
  flush(): void;
} {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const text = pending;
    pending = '';
    out.write(text);
  };
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= LINES_HELD_CHARS) flush();
      else timer ??= setTimeout(flush, LINES_HELD_MS).unref();
    },
    flush,
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
