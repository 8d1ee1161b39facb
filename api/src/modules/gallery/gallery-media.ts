import path from 'node:path';
import express, { type Express, type Response } from 'express';
import { GALLERY_MEDIA_PATH, galleryFolder } from './gallery-files.js';

/**
 * Serves the uploaded gallery files at `/media/gallery/<name>`. Every upload gets new random
 * names, so a file never changes and is cached for a year. No directory listing, no index file,
 * no dotfiles; `express.static` refuses any path that would leave the folder, and a missing file
 * is a plain 404 rather than the site's page.
 */
export function mountGalleryMedia(app: Express, uploadsDir: string): void {
  app.use(
    GALLERY_MEDIA_PATH,
    express.static(path.resolve(galleryFolder(uploadsDir)), {
      index: false,
      redirect: false,
      dotfiles: 'deny',
      fallthrough: true,
      setHeaders(res: Response) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('X-Content-Type-Options', 'nosniff');
      },
    }),
    (_req: unknown, res: Response) => {
      res.status(404).type('text/plain').send('No such photo.');
    },
  );
}
