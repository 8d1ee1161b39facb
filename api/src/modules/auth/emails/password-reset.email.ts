import type { AppConfig } from '../../../config/env.js';
import { callToAction, type QueuedEmail, type MjmlEmail } from '../../email/index.js';

/** The admin's page that sets a new password from a reset link's token. */
export const PASSWORD_RESET_PAGE = '/admin/reset-password';

/** To the artist: a link to choose a new admin password (single-use, 30 minutes). */
export function passwordReset(resetUrl: string, minutes: number): MjmlEmail {
  const subject = 'Reset your password';
  const intro = `Someone (hopefully you) asked to reset the password of the site's admin. The link works once, for ${minutes} minutes.`;
  const ignore =
    "Didn't ask for this? Ignore this email: the password stays as it is, and the link expires.";
  return callToAction({
    subject,
    title: 'Reset your password',
    intro,
    action: { label: 'Choose a new password', url: resetUrl },
    closing: ignore,
  });
}

/**
 * The admin's password-reset link, to ARTIST_EMAIL; null when that is not set (nowhere to send
 * it). Keyed by the token's hash, so each request is an email of its own.
 */
export function passwordResetEmail(
  config: AppConfig,
  reset: { userId: string; token: string; tokenHash: string; minutes: number },
): QueuedEmail | null {
  const artist = config.mail.artistEmail;
  if (!artist) return null;
  const link = `${config.publicUrl}${PASSWORD_RESET_PAGE}?token=${encodeURIComponent(reset.token)}`;
  return {
    key: `password-reset:${reset.tokenHash.slice(0, 40)}`,
    kind: 'password-reset',
    about: { type: 'user', id: reset.userId },
    to: { address: artist },
    ...passwordReset(link, reset.minutes),
    lane: 'transactional',
  };
}
