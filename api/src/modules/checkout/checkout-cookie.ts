import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Response } from 'express';
import type { AppConfig } from '../../config/env.js';

/**
 * The cookie that marks the browser that opened a checkout session: the session id and its
 * HMAC under the site's secret, so it names the session, holds nothing about the buyer, and
 * cannot be made from the receipt link alone. It is sent only to the receipt's route.
 */
export const CHECKOUT_COOKIE = 'artist.checkout';
export const CHECKOUT_COOKIE_PATH = '/api/checkout/session-status';
/** Long enough to look back at an order's receipt while it is on its way. */
export const CHECKOUT_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const seal = (secret: string, sessionId: string) =>
  createHmac('sha256', secret).update(`checkout-receipt:${sessionId}`).digest('base64url');

export const checkoutCookieValue = (secret: string, sessionId: string) =>
  `${sessionId}.${seal(secret, sessionId)}`;

/** True when the request's cookies hold this session's checkout cookie, with a valid seal. */
export function isCheckoutBrowser(
  secret: string,
  sessionId: string,
  cookieHeader: string | undefined,
): boolean {
  const expected = Buffer.from(checkoutCookieValue(secret, sessionId));
  return (cookieHeader ?? '').split(';').some((pair) => {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== CHECKOUT_COOKIE) return false;
    const value = Buffer.from(pair.slice(at + 1).trim());
    return value.length === expected.length && timingSafeEqual(value, expected);
  });
}

/** Sets the checkout cookie on the answer that opens a session; a later checkout replaces it. */
export function setCheckoutCookie(
  res: Response,
  config: Pick<AppConfig, 'sessionSecret' | 'secureCookies'>,
  sessionId: string,
): void {
  res.cookie(CHECKOUT_COOKIE, checkoutCookieValue(config.sessionSecret, sessionId), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: CHECKOUT_COOKIE_PATH,
    maxAge: CHECKOUT_COOKIE_MAX_AGE_MS,
  });
}
