import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '@artist/contracts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The Stripe webhook is verified by its signature instead (see the checkout module). One-click
 * unsubscribe (from the newsletter, or from a product's back-in-stock alerts) is POSTed by mail
 * providers with no Origin or cookie (RFC 8058); its unguessable token is the proof, and it can
 * only ever stop emails.
 */
const EXEMPT_PATHS = new Set([
  '/api/webhooks/stripe',
  '/api/newsletter/unsubscribe',
  '/api/notify-me/unsubscribe',
]);

export const CSRF_MESSAGE = 'This request came from another site and was refused.';
export const CSRF_MISSING_ORIGIN_MESSAGE =
  'This request has no Origin or Referer header and was refused.';

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * Cross-site request forgery check for state-changing requests: an `Origin` header (or, without
 * one, a `Referer`) must name this site. With PUBLIC_URL set that is its origin alone (the Host
 * header is the client's to choose, so it proves nothing); without it, the default
 * `http://localhost:$PORT` or the origin the request was sent to (its Host), so local use on any
 * address works. A request with neither header is let through unless it carries the session
 * cookie: browsers always send `Origin` on such requests, and a request without the cookie cannot
 * act as the admin.
 */
export function originCheck(
  site: { publicUrl: string; publicUrlSet: boolean },
  sessionCookie: string,
) {
  const publicOrigin = new URL(site.publicUrl).origin;
  const cookiePrefix = new RegExp(`(^|;\\s*)${sessionCookie.replace(/\./g, '\\.')}=`);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (EXEMPT_PATHS.has(req.path)) return next();
    const claimed = originOf(req.get('origin')) ?? originOf(req.get('referer'));
    if (claimed === undefined) {
      if (!cookiePrefix.test(req.get('cookie') ?? '')) return next();
      return refuse(res, CSRF_MISSING_ORIGIN_MESSAGE);
    }
    if (claimed === publicOrigin) return next();
    if (!site.publicUrlSet && claimed === `${req.protocol}://${req.get('host') ?? ''}`) {
      return next();
    }
    return refuse(res, CSRF_MESSAGE);
  };
}

function refuse(res: Response, message: string) {
  const body: ApiError = { statusCode: 403, message };
  res.status(403).json(body);
}
