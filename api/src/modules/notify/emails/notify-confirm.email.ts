import { callToAction, oneLine, type QueuedEmail, type MjmlEmail } from '../../email/index.js';
import { alertUnsubscribe, notifyConfirmLink, notifyUnsubscribeLink } from '../notify-links.js';

/**
 * The double opt-in email of a notify-me request from an address that had unsubscribed from
 * back-in-stock emails: no alert goes to it until the link's button is pressed.
 */
export function notifyConfirmation(
  productName: string,
  confirmUrl: string,
  unsubscribeUrl: string,
): MjmlEmail {
  const subject = oneLine(`Please confirm: an email when the ${productName} is back in stock`);
  const intro = `Someone asked, with this address, to hear when the ${oneLine(productName)} is back in the shop. This address had asked for no more of these emails, so we'll only send it once you confirm.`;
  const ignore = "Didn't ask? Ignore this email and you won't hear about it.";
  return callToAction({
    subject,
    title: 'Confirm your alert',
    intro,
    action: { label: "Yes, tell me when it's back", url: confirmUrl, textLabel: 'Confirm' },
    closing: ignore,
    footer: alertUnsubscribe(unsubscribeUrl),
  });
}

/** Its time and confirm token make its key, so each re-send is a row of its own. */
export function notifyConfirmEmail(
  publicUrl: string,
  request: {
    id: number;
    email: string;
    productName: string;
    confirmToken: string;
    unsubscribeToken: string;
  },
  sentAt: number,
): QueuedEmail {
  const unsubscribe = notifyUnsubscribeLink(publicUrl, request.unsubscribeToken);
  return {
    key: `notify-confirm:${request.id}:${sentAt}:${request.confirmToken.slice(0, 12)}`,
    kind: 'notify-confirm',
    about: { type: 'notify-me', id: request.id },
    to: { address: request.email },
    ...notifyConfirmation(
      request.productName,
      notifyConfirmLink(publicUrl, request.confirmToken),
      unsubscribe,
    ),
    headers: { listUnsubscribe: unsubscribe },
    lane: 'transactional',
    strangerCaused: true,
  };
}
