export const NEWSLETTER_CONFIRM_PATH = '/api/newsletter/confirm';
/** The unsubscribed page's "Subscribe again" button: a one-time token lets it send a confirmation. */
export const NEWSLETTER_RESUBSCRIBE_PATH = '/api/newsletter/resubscribe';
/** Exempt from the origin check: mail providers POST to it with no Origin (RFC 8058). */
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

/**
 * The confirm page of a signup's one-time confirm token, and the one-click unsubscribe URL
 * (List-Unsubscribe) of its lasting unsubscribe token.
 */
export function newsletterLinks(
  publicUrl: string,
  tokens: { confirmToken: string; unsubscribeToken: string },
) {
  return {
    confirm: `${publicUrl}${NEWSLETTER_CONFIRM_PATH}?token=${encodeURIComponent(tokens.confirmToken)}`,
    unsubscribe: newsletterUnsubscribeLink(publicUrl, tokens.unsubscribeToken),
  };
}

/** The one-click unsubscribe URL of a signup's lasting token: in every newsletter email. */
export const newsletterUnsubscribeLink = (publicUrl: string, unsubscribeToken: string) =>
  `${publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken)}`;
