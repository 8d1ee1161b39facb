import { ARTIST_NAME } from '../../../config/env.js';
import { callToAction, type QueuedEmail, type MjmlEmail } from '../../email/index.js';
import { newsletterLinks } from '../newsletter-links.js';

/** The double opt-in email: a link to the confirm page and one to unsubscribe. */
export function newsletterConfirmation(confirmUrl: string, unsubscribeUrl: string): MjmlEmail {
  const subject = `Please confirm your subscription to ${ARTIST_NAME}'s list`;
  const intro =
    'Thanks for joining the list! Please confirm that this is your address, and you will hear about new music and shows first.';
  const ignore = "Didn't sign up? Ignore this email and you won't hear from us again.";
  return callToAction({
    subject,
    title: 'Confirm your subscription',
    intro,
    action: { label: 'Confirm my subscription', url: confirmUrl, textLabel: 'Confirm' },
    closing: ignore,
    footer: { label: 'Unsubscribe', url: unsubscribeUrl },
  });
}

/**
 * The double opt-in email of a signup, with one-click unsubscribe. Its time and confirm token
 * make its key, so each re-send is a row of its own.
 */
export function newsletterConfirmEmail(
  publicUrl: string,
  signup: { id: number; email: string; confirmToken: string; unsubscribeToken: string },
  sentAt: number,
): QueuedEmail {
  const links = newsletterLinks(publicUrl, signup);
  return {
    key: `newsletter-confirm:${signup.id}:${sentAt}:${signup.confirmToken.slice(0, 12)}`,
    kind: 'newsletter-confirm',
    about: { type: 'signup', id: signup.id },
    to: { address: signup.email },
    ...newsletterConfirmation(links.confirm, links.unsubscribe),
    headers: { listUnsubscribe: links.unsubscribe },
    lane: 'transactional',
    strangerCaused: true,
  };
}
