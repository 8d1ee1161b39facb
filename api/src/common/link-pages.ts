import { randomBytes } from 'node:crypto';
import {
  applyDecorators,
  BadRequestException,
  Get,
  Header,
  HttpCode,
  Post,
  UseInterceptors,
} from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { ARTIST_NAME } from '../config/env.js';
import { htmlDocument } from './html-page.js';
import { escapeHtml } from './strings.js';

/**
 * The small pages that emails' links open (confirm, unsubscribe), in the site's colours. No
 * script (the site's CSP allows none inline): plain forms that POST to this site, so a mail scanner that follows
 * a link changes nothing.
 */
export function page(title: string, body: string): string {
  return htmlDocument(
    `${title} — ${ARTIST_NAME}`,
    `  body { margin: 0; background: #f1e8da; color: #2b2118; font: 17px/1.55 Georgia, 'Times New Roman', serif; }
  header { background: #1d1611; color: #e0a458; text-align: center; padding: 1.25rem; font-size: 1.5rem; letter-spacing: 1px; }
  header a { color: inherit; text-decoration: none; }
  main { max-width: 34rem; margin: 2rem auto; background: #faf6f0; padding: 1.5rem 2rem 2rem; border-radius: 6px; }
  h1 { color: #6e3b0f; font-size: 1.6rem; margin-top: 0; }
  button { font: inherit; background: #8a4b14; color: #fff; border: 0; border-radius: 4px; padding: .7rem 1.4rem; cursor: pointer; }
  button:hover, button:focus-visible { background: #6e3b0f; }
  button:focus-visible { outline: 3px solid #2b2118; outline-offset: 2px; }
  a { color: #6e3b0f; }`,
    `<header><a href="/">${escapeHtml(ARTIST_NAME)}</a></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>`,
  );
}

export const form = (action: string, fields: Record<string, string>, label: string) =>
  `<form method="post" action="${escapeHtml(action)}">
${Object.entries(fields)
  .map(
    ([name, value]) =>
      `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
  )
  .join('\n')}
<button type="submit">${escapeHtml(label)}</button>
</form>`;

export const back = '<p><a href="/">Back to the site</a></p>';

export const invalidLinkPage = () =>
  page(
    'This link is not valid',
    `<p>This link is incomplete or no longer valid. Please copy the whole link from the email.</p>${back}`,
  );

/** The pages are HTML; errors thrown before this stay JSON like every other API answer. */
export function htmlPage(res: Response, page: string): string {
  res.type('html');
  return page;
}

/** An unknown or malformed token: 404 with the "link is not valid" page. */
export function linkNotFound(res: Response): string {
  res.status(404);
  return htmlPage(res, invalidLinkPage());
}

/** Tokens of emails' links: URL-safe, 16 to 64 characters. */
export const isTokenShaped = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value);

/** A new token for an email's link: 32 base64url characters, unguessable. */
export const newLinkToken = () => randomBytes(24).toString('base64url');

/** What became of a one-time link (confirm, subscribe again) when its button was pressed. */
export type LinkOutcome = 'done' | 'used' | 'expired' | 'unknown';

/**
 * The page of a one-time link's outcome: `done`, 410 with the page saying it was used or has
 * expired, or 404 with the "link is not valid" page for a token no row holds.
 */
export function linkOutcomePage(
  res: Response,
  outcome: LinkOutcome,
  pages: { done: string; used: () => string; expired: () => string },
): string {
  if (outcome === 'done') return htmlPage(res, pages.done);
  if (outcome === 'unknown') return linkNotFound(res);
  res.status(410);
  return htmlPage(res, outcome === 'used' ? pages.used() : pages.expired());
}

/**
 * What a person opening an email's unsubscribe link sees: a page whose button posts the one-click
 * unsubscribe to `path` with the token; nothing changes until it is pressed.
 */
export function unsubscribeLinkPage(
  res: Response,
  token: unknown,
  path: string,
  unsubscribePage: (action: string) => string,
): string {
  if (!isTokenShaped(token)) return linkNotFound(res);
  return htmlPage(res, unsubscribePage(`${path}?token=${encodeURIComponent(token)}`));
}

/**
 * The route of a page an email's link opens (a GET, never cached): `notFound` describes its 404
 * (an unknown or malformed token), `gone`, where it has one, its 410 (a used or expired token).
 */
export const LinkPageRoute = (path: string, notFound: string, gone?: string) =>
  applyDecorators(
    Get(path),
    ApiResponse({ status: 404, description: notFound }),
    ...(gone ? [ApiResponse({ status: 410, description: gone })] : []),
    Header('Cache-Control', 'no-store'),
  );

/** The route of such a page's button: a POST answered 200 with a page, never cached. */
export const LinkButtonRoute = (path: string, notFound: string, gone: string) =>
  applyDecorators(
    Post(path),
    ApiResponse({ status: 404, description: notFound }),
    ApiResponse({ status: 410, description: gone }),
    HttpCode(200),
    Header('Cache-Control', 'no-store'),
  );

/**
 * The route of an RFC 8058 one-click unsubscribe: a POST of `List-Unsubscribe=One-Click`
 * (form-encoded or multipart) to the List-Unsubscribe URL, with no cookie or Origin needed.
 */
export const OneClickUnsubscribe = (path: string, notFoundDescription: string) =>
  applyDecorators(
    Post(path),
    ApiResponse({ status: 400, description: 'The body is not List-Unsubscribe=One-Click' }),
    ApiResponse({ status: 404, description: notFoundDescription }),
    HttpCode(200),
    UseInterceptors(NoFilesInterceptor()),
    Header('Cache-Control', 'no-store'),
  );

/** Refuses (400) a one-click unsubscribe whose body is not `List-Unsubscribe=One-Click`. */
export function requireOneClick(body: Record<string, unknown>): void {
  if (body?.['List-Unsubscribe'] !== 'One-Click')
    throw new BadRequestException('The body must be List-Unsubscribe=One-Click');
}
