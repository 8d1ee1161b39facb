import type { Request } from 'express';

/**
 * The fan signed in on a request, for a route outside her account that takes one but needs none
 * (joining a membership). The accounts module owns the fans' sessions and provides this, so a
 * module below it (memberships, which accounts imports) reads a session without importing it.
 */
export abstract class SignedInFans {
  /** The address of the request's live fan session, or null without one. */
  abstract emailOf(req: Request): Promise<string | null>;
}
