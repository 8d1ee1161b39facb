import type { Request } from 'express';

declare module 'express-session' {
  interface SessionData {
    /** Set at login: the admin user's id and when the login happened (epoch ms). */
    adminId?: string;
    loginAt?: number;
  }
}

export const SESSION_COOKIE = 'artist.sid';
/** A session ends after 2 hours without a request… */
export const SESSION_IDLE_MS = 2 * 60 * 60_000;
/** …and 12 hours after login in any case. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

/** True when the request carries a live admin session. */
export function isAdmin(req: Request, now = Date.now()): boolean {
  const s = req.session;
  if (!s?.adminId || typeof s.loginAt !== 'number') return false;
  return now - s.loginAt < SESSION_ABSOLUTE_MS;
}

export function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((error: unknown) => (error ? reject(error) : resolve())),
  );
}

export function saveSession(req: Request): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.save((error: unknown) => (error ? reject(error) : resolve())),
  );
}

export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!req.session) return resolve();
    req.session.destroy((error: unknown) => (error ? reject(error) : resolve()));
  });
}
