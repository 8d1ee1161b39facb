import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RemoteName } from '@artist/contracts';

/** How long a preview lasts, from the moment its link is made. */
export const PREVIEW_MS = 60 * 60_000;

/** The cookie under which one browser loads another version of `remote`. */
export function previewCookieName(remote: RemoteName): string {
  return `preview_${remote}`;
}

/** What a preview link and its cookie carry: `<version>.<expires ms>.<signature>`. */
export function signPreview(
  secret: string,
  remote: RemoteName,
  version: string,
  expiresAt: number,
): string {
  return `${version}.${expiresAt}.${signature(secret, remote, version, expiresAt)}`;
}

/** The version a preview value names, if it is signed with `secret` and not expired. */
export function verifyPreview(
  secret: string,
  remote: RemoteName,
  value: string | undefined,
  now: number,
): { version: string; expiresAt: number } | undefined {
  const match = /^([0-9a-f]{12})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  if (!match) return undefined;
  const [, version, expires, given] = match;
  const expiresAt = Number(expires);
  if (expiresAt <= now) return undefined;
  const wanted = Buffer.from(signature(secret, remote, version, expiresAt));
  const sent = Buffer.from(given);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted)
    ? { version, expiresAt }
    : undefined;
}

function signature(secret: string, remote: RemoteName, version: string, expiresAt: number) {
  return createHmac('sha256', secret)
    .update(`remote-preview:${remote}:${version}:${expiresAt}`)
    .digest('base64url');
}

/** One cookie's value from a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
