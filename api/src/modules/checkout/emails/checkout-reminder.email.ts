import { preOrderNote, type OrderLineItem } from '@artist/contracts';
import type { AppConfig } from '../../../config/env.js';
import {
  artistReplyTo,
  callToAction,
  type QueuedEmail,
  type MjmlEmail,
} from '../../email/index.js';

/**
 * To a buyer who left an unpaid Stripe checkout and agreed to promotional emails: the cart's items
 * and Stripe's recovery link, which opens a new checkout of the same cart.
 */
export function checkoutReminder(items: OrderLineItem[], recoveryUrl: string): MjmlEmail {
  const subject = 'You left something in your cart';
  const intro =
    "You started an order on the site but didn't finish paying. Your cart is still waiting: the link below takes you back to checkout with the same items.";
  const why =
    'You agreed to hear from us at checkout; this is the only reminder we send for this cart.';
  const list = items.map(
    (item) =>
      `${item.quantity} x ${item.product_name}` +
      (item.pre_order_until ? ` (${preOrderNote(item.pre_order_until)})` : ''),
  );
  return callToAction({
    subject,
    title: 'Your cart is waiting',
    intro,
    details: list,
    action: { label: 'Return to checkout', url: recoveryUrl },
    closing: why,
  });
}

/**
 * Once per checkout session (its key); `strangerCaused`, since the address was typed at
 * checkout, by anyone.
 */
export const checkoutReminderEmail = (
  config: AppConfig,
  reminder: { sessionId: string; email: string; recoveryUrl: string; items: OrderLineItem[] },
): QueuedEmail => ({
  key: `checkout-reminder:${reminder.sessionId}`,
  kind: 'checkout-reminder',
  about: { type: 'checkout-session', id: reminder.sessionId },
  to: { address: reminder.email },
  ...checkoutReminder(reminder.items, reminder.recoveryUrl),
  headers: { replyTo: artistReplyTo(config) },
  lane: 'transactional',
  strangerCaused: true,
});
