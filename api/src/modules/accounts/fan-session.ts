import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { ACCOUNT_SESSION_DAYS } from '@artist/contracts';

/**
 * The fan's session cookie: apart from the admin's (`artist.sid`, read only under /api/admin by
 * express-session), read only by the account's routes, and naming a row of `account_sessions`
 * by the digest of its random value. Neither cookie means anything to the other's routes.
 */
export const FAN_SESSION_COOKIE = 'artist.fan';
export const FAN_SESSION_MS = ACCOUNT_SESSION_DAYS * 24 * 60 * 60_000;

/** The signed-in fan of a request, set by `FanSessionGuard`. */
export interface SignedInFan {
  sessionId: number;
  fanId: number;
  email: string;
}

export type FanRequest = Request & { fan?: SignedInFan };

/** A random cookie or link value (32 characters of base64url) and its stored digest. */
export const newSecret = () => randomBytes(24).toString('base64url');
export const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** The value of one cookie of the request. */
export function cookieOf(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Sets (or renews) the fan's cookie: HttpOnly, SameSite=Lax, Secure on https. */
export function setFanCookie(res: Response, token: string, maxAgeMs: number, secure: boolean) {
  res.cookie(FAN_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: maxAgeMs,
    path: '/',
  });
}

export function clearFanCookie(res: Response, secure: boolean) {
  res.clearCookie(FAN_SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/** The cookie of a passkey ceremony under way: names its kept challenge (5 minutes, once). */
export const PASSKEY_CEREMONY_COOKIE = 'artist.passkey';

export function setCeremonyCookie(res: Response, value: string, secure: boolean) {
  res.cookie(PASSKEY_CEREMONY_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: 5 * 60_000,
    path: '/api/account',
  });
}

export function clearCeremonyCookie(res: Response, secure: boolean) {
  res.clearCookie(PASSKEY_CEREMONY_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/account',
  });
}
