import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isStorageKey, type Storage } from '../storage/index.js';

/** `/remotes/<remote>/<version>/<file>`: a published release's files, from storage. */
const RELEASE_FILE = /^\/remotes\/(storefront|admin)\/([0-9a-f]{12})\/(.+)$/;

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
};

/** The content type a release's file is stored and served with, by its extension. */
export function releaseContentType(file: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Serves published releases at `/remotes/<remote>/<version>/…`, streamed from storage. A
 * version's files never change (the version is their archive's hash), so every one of them,
 * its manifest and remote entry too, is cached for a year. Loaded by the shell from any origin.
 */
export function releaseFiles(storage: Storage): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = RELEASE_FILE.exec(req.path);
    if (!match) return next();
    const [, remote, version, file] = match;
    const key = `remotes/${remote}/${version}/${file}`;
    const notFound = () => res.status(404).type('text/plain').send('No such file.');
    if (!isStorageKey(key)) return notFound();
    storage
      .get(key)
      .then(async (stored) => {
        if (!stored) return notFound();
        res.setHeader('Content-Type', releaseContentType(file));
        res.setHeader('Content-Length', String(stored.size));
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        if (req.method === 'HEAD') {
          stored.body.destroy();
          return res.end();
        }
        await pipeline(stored.body, res);
      })
      .catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        next(error);
      });
  };
}
