import { pipeline } from 'node:stream/promises';
import type { Express, NextFunction, Request, Response } from 'express';
import { contentTypeOf, type Storage } from '../storage/index.js';
import { FILE_NAME, GALLERY_MEDIA_PATH, GALLERY_PREFIX } from './gallery-files.js';

/**
 * Serves the uploaded gallery files at `/media/gallery/<name>`, streamed from storage (a folder
 * or a bucket), also when MEDIA_PUBLIC_URL serves them elsewhere, so addresses given out before
 * keep working. Every upload gets new random names, so a file never changes and is cached for a
 * year. Only names this module makes are looked up: no listing, no dotfiles, nothing outside
 * the gallery; anything else is a plain 404 rather than the site's page.
 */
export function mountGalleryMedia(app: Express, storage: Storage): void {
  app.use(GALLERY_MEDIA_PATH, (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    const notFound = () => res.status(404).type('text/plain').send('No such photo.');
    if (!FILE_NAME.test(name)) return notFound();
    storage
      .get(`${GALLERY_PREFIX}${name}`)
      .then(async (file) => {
        if (!file) return notFound();
        res.setHeader('Content-Type', contentTypeOf(name));
        res.setHeader('Content-Length', String(file.size));
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        if (file.modified) res.setHeader('Last-Modified', file.modified.toUTCString());
        if (req.method === 'HEAD') {
          file.body.destroy();
          return res.end();
        }
        await pipeline(file.body, res);
      })
      .catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        next(error);
      });
  });
}
