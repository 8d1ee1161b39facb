import { createHash } from 'node:crypto';

/**
 * The mailbox an address delivers to, for counting the emails a fan's form can cause: lower-cased,
 * with the local part's quotes (and quoting backslashes) removed and any `+tag` cut off, for
 * every domain. So `Victim@`, `"victim"@` and `victim+0@example.com` are one mailbox. Used for
 * counting only: addresses are stored and compared as they are.
 */
export function mailboxKey(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, Math.max(at, 0)).replace(/["\\]/g, '');
  const domain = at < 0 ? '' : address.slice(at + 1);
  const plus = local.indexOf('+');
  return `${plus < 0 ? local : local.slice(0, plus)}@${domain}`.trim().toLowerCase();
}

/** The name a mailbox's count is kept under: a digest, so the table holds no address. */
export const mailboxQuotaName = (address: string) =>
  `mailbox:${createHash('sha256').update(mailboxKey(address)).digest('hex')}`;
