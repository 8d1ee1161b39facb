import type { AppConfig } from '../../../config/env.js';
import {
  artistReplyTo,
  callToAction,
  oneLine,
  type QueuedEmail,
  type MjmlEmail,
} from '../../email/index.js';

/**
 * To a member whose renewal was declined: Stripe retries the card for a few days, and the
 * link opens Stripe's billing portal, where she puts in another card. One per declined invoice.
 */
export function membershipCardDeclined(tierName: string | null, updateUrl: string): MjmlEmail {
  const subject = 'Your card was declined';
  const tier = tierName ? ` (${oneLine(tierName)})` : '';
  const intro = `We couldn't renew your membership${tier}: your card was declined. Your perks stay while the payment is retried over the next few days; to keep your membership, update your card now.`;
  const closing =
    "Already sorted it out? Then there's nothing to do: the next retry will go through.";
  return callToAction({
    subject,
    title: 'Your card was declined',
    intro,
    action: { label: 'Update your card', url: updateUrl },
    closing,
  });
}

/** Once per declined invoice (its key), however often Stripe retries and says so. */
export const cardDeclinedEmail = (
  config: AppConfig,
  declined: {
    membershipId: number;
    invoiceId: string;
    email: string;
    tierName: string | null;
    updateUrl: string;
  },
): QueuedEmail => ({
  key: `membership-card-declined:${declined.invoiceId}`,
  kind: 'membership-card-declined',
  about: { type: 'membership', id: declined.membershipId },
  to: { address: declined.email },
  ...membershipCardDeclined(declined.tierName, declined.updateUrl),
  headers: { replyTo: artistReplyTo(config) },
  lane: 'transactional',
});
