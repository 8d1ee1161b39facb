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
  // The mail providers' bounce and complaint reports: basic auth (Postmark), a signature (Mailgun).
  '/api/webhooks/email/postmark',
  '/api/webhooks/email/mailgun',
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

/** Where a request says it comes from: this site, another one, or it does not say. */
function sourceOf(
  req: Request,
  publicOrigin: string,
  publicUrlSet: boolean,
): 'this site' | 'another site' | 'unsaid' {
  const claimed = originOf(req.get('origin')) ?? originOf(req.get('referer'));
  if (claimed === undefined)
    return req.get('sec-fetch-site') === 'same-origin' ? 'this site' : 'unsaid';
  if (claimed === publicOrigin) return 'this site';
  if (!publicUrlSet && claimed === `${req.protocol}://${req.get('host') ?? ''}`) return 'this site';
  return 'another site';
}

/**
 * Cross-site request forgery check for state-changing requests: an `Origin` header (or, without
 * one, a `Referer`) must name this site. With PUBLIC_URL set that is its origin alone (the Host
 * header is the client's to choose, so it proves nothing); without it, the default
 * `http://localhost:$PORT` or the origin the request was sent to (its Host), so local use on any
 * address works. Without either header, `Sec-Fetch-Site: same-origin` says the same.
 *
 * `required: false` (every path): a request that says nothing is let through, as a public form
 * posted by a script carries no one's authority. `required: true` is mounted on `/api/admin`, the
 * one path that reads the session (mounted the same way, so it matches the same requests): there
 * a write that does not name this site is refused whatever its cookies look like, since browsers
 * always send `Origin` on such requests.
 */
export function originCheck(
  site: { publicUrl: string; publicUrlSet: boolean },
  { required }: { required: boolean },
) {
  const publicOrigin = new URL(site.publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (!required && EXEMPT_PATHS.has(req.path)) return next();
    const source = sourceOf(req, publicOrigin, site.publicUrlSet);
    if (source === 'this site' || (source === 'unsaid' && !required)) return next();
    return refuse(res, source === 'unsaid' ? CSRF_MISSING_ORIGIN_MESSAGE : CSRF_MESSAGE);
  };
}

/**
 * The address of this site a request came from, for the links that lead back to it (payment's
 * return): the request's Origin (or Referer) when that names this site as `originCheck` reads it
 * (PUBLIC_URL's origin; without PUBLIC_URL, also the host the request was sent to), else
 * PUBLIC_URL. Never another site: the header is the client's to choose.
 */
export function siteUrlOf(
  req: Request,
  site: { publicUrl: string; publicUrlSet: boolean },
): string {
  const claimed = originOf(req.get('origin')) ?? originOf(req.get('referer'));
  const publicOrigin = new URL(site.publicUrl).origin;
  if (
    claimed &&
    claimed !== 'invalid' &&
    sourceOf(req, publicOrigin, site.publicUrlSet) === 'this site'
  )
    return claimed === publicOrigin ? site.publicUrl.replace(/\/+$/, '') : claimed;
  return site.publicUrl.replace(/\/+$/, '');
}

function refuse(res: Response, message: string) {
  const body: ApiError = { statusCode: 403, message };
  res.status(403).json(body);
}
