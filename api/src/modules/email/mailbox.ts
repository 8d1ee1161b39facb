import { createHash } from 'node:crypto';

/** Domains whose mailboxes ignore dots in the local part: `t.arget@` is `target@`. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, for every count kept per person (the emails a stranger can
 * cause, a code's once-per-email use): lower-cased, with the local part's quotes (and quoting
 * backslashes) removed and any `+tag` cut off, for every domain, and the dots removed too at
 * Gmail, which delivers `t.arget@` to `target@`. So `Victim@`, `"victim"@` and
 * `victim+0@example.com` are one mailbox. Addresses are stored and mailed as they are.
 */
export function mailboxKey(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, Math.max(at, 0)).replace(/["\\]/g, '');
  const domain = (at < 0 ? '' : address.slice(at + 1)).trim().toLowerCase();
  const plus = local.indexOf('+');
  const untagged = (plus < 0 ? local : local.slice(0, plus)).trim().toLowerCase();
  return `${DOTLESS_DOMAINS.has(domain) ? untagged.replace(/\./g, '') : untagged}@${domain}`;
}

/** A SHA-256 digest of the mailbox, in hex: what a record keeps in place of an address it must not hold. */
export const mailboxDigest = (address: string) =>
  createHash('sha256').update(mailboxKey(address)).digest('hex');

/** The name a mailbox's count is kept under: a digest, so the table holds no address. */
export const mailboxQuotaName = (address: string) => `mailbox:${mailboxDigest(address)}`;
