import { createHash } from 'node:crypto';
import { callToAction, type QueuedEmail, type MjmlEmail } from '../../email/index.js';

/** The last email to a fan who erased her account: what was done, and that nothing follows. */
export function accountErased(siteUrl: string): MjmlEmail {
  const subject = 'Your account and your data were erased';
  return callToAction({
    subject,
    title: 'Your data was erased',
    intro:
      'As you asked, your account, your passkeys and the data held about you were erased, and you were signed out everywhere. An order still to ship keeps only what shipping needs until it ships.',
    action: { label: 'Visit the site', url: siteUrl },
    closing: 'This is the last email you will get from us unless you sign up or order again.',
  });
}

/**
 * Queued after the erasure: it is about nothing kept, and its key holds a digest of the address,
 * not the address.
 */
export const accountErasedEmail = (publicUrl: string, email: string, at: number): QueuedEmail => ({
  key: `account-erased:${createHash('sha256').update(email).digest('hex').slice(0, 32)}:${at}`,
  kind: 'account-erased',
  about: null,
  to: { address: email },
  ...accountErased(publicUrl),
  lane: 'transactional',
});
