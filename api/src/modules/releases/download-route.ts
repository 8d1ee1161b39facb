import { pipeline } from 'node:stream/promises';
import { HttpException, HttpStatus } from '@nestjs/common';
import type { Express, NextFunction, Request, Response } from 'express';
import { notOutYetMessage } from '../../common/early-access.js';
import { DOWNLOAD_PATH, type DownloadsService } from './downloads.service.js';
import {
  gonePage,
  notFoundPage,
  notOutPage,
  refundedPage,
  sentPage,
  stillWorksPage,
  tooManyPage,
} from './download-pages.js';

/** The file name a release downloads as: its name and format, in plain characters. */
export const downloadName = (release: string, format: string) =>
  `${release} (${format})`.replace(/[^\w .()-]+/g, '_').trim() + '.zip';

/** The headers of a release's ZIP sent as a download (here, and by a fan's library). */
export function attachmentHeaders(res: Response, release: string, format: string): void {
  const name = downloadName(release, format);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/**
 * `GET /download/<token>` streams the format's ZIP from storage, with Content-Disposition,
 * Content-Length and single byte ranges (206); an expired or used-up link answers 410 with a
 * page whose button (`POST /download/<token>`) emails fresh links to the order's address; a
 * refunded order's link answers 410 with a sentence saying so, and no button. Fresh links are
 * refused (409) for a link that still downloads. Before the release's date a link answers 403
 * with a page saying when it comes out, but for an address with early access reaching it.
 * `HEAD` answers the file's headers and counts nothing.
 */
export function mountDownloads(app: Express, downloads: DownloadsService): void {
  app.use(DOWNLOAD_PATH, (req: Request, res: Response, next: NextFunction) => {
    const token = req.path.slice(1);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    const html = (status: number, body: string) => res.status(status).type('html').send(body);
    if (req.method === 'POST') {
      downloads
        .sendFresh(token)
        .then(({ email }) => html(202, sentPage(email)))
        .catch((error: unknown) => {
          if (error instanceof HttpException && error.getStatus() === HttpStatus.NOT_FOUND)
            return html(404, notFoundPage());
          if (error instanceof HttpException && error.getStatus() === HttpStatus.GONE)
            return html(410, refundedPage());
          // The page's form asks for a page; a client asking for JSON gets the API's error body.
          if (
            error instanceof HttpException &&
            error.getStatus() === HttpStatus.CONFLICT &&
            req.accepts(['html', 'json']) !== 'json'
          )
            return html(409, stillWorksPage(`${DOWNLOAD_PATH}/${token}`, error.message));
          if (
            error instanceof HttpException &&
            error.getStatus() === HttpStatus.TOO_MANY_REQUESTS
          ) {
            const wait = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
            if (wait) res.setHeader('Retry-After', String(wait));
            return html(429, tooManyPage(error.message));
          }
          next(error);
        });
      return;
    }
    if (req.method === 'HEAD') {
      res.setHeader('Accept-Ranges', 'bytes');
      downloads
        .peek(token)
        .then((peeked) => {
          if (peeked.state !== 'ok')
            return res.status({ gone: 410, 'not-out': 403, missing: 404 }[peeked.state]).end();
          attachmentHeaders(res, peeked.link.releaseName, peeked.link.format);
          res.setHeader('Content-Length', String(peeked.bytes));
          res.status(200).end();
        })
        .catch(next);
      return;
    }
    if (req.method !== 'GET') return next();
    res.setHeader('Accept-Ranges', 'bytes');
    downloads
      .open(token, req.get('range'))
      .then(async (opened) => {
        if (opened.state === 'missing') return html(404, notFoundPage());
        if (opened.state === 'not-out')
          return html(403, notOutPage(notOutYetMessage(opened.releaseDate)));
        if (opened.state === 'gone') {
          return html(410, gonePage(`${DOWNLOAD_PATH}/${token}`, opened.reason));
        }
        if (opened.state === 'unsatisfiable') {
          res.setHeader('Content-Range', `bytes */${opened.size}`);
          return res.status(416).end();
        }
        const { link, file, range } = opened;
        attachmentHeaders(res, link.releaseName, link.format);
        if (range) {
          res.status(206);
          res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
          res.setHeader('Content-Length', String(range.end - range.start + 1));
        } else {
          res.setHeader('Content-Length', String(file.size));
        }
        await pipeline(file.body, res);
      })
      .catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        next(error);
      });
  });
}
