/** One-click unsubscribe from one product's back-in-stock alerts; exempt from the origin check. */
export const NOTIFY_UNSUBSCRIBE_PATH = '/api/notify-me/unsubscribe';
/** The confirm page of a notify-me request that needs double opt-in. */
export const NOTIFY_CONFIRM_PATH = '/api/notify-me/confirm';

export const notifyUnsubscribeLink = (publicUrl: string, token: string) =>
  `${publicUrl}${NOTIFY_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

export const notifyConfirmLink = (publicUrl: string, token: string) =>
  `${publicUrl}${NOTIFY_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;

/** The way out of a product's back-in-stock emails, under each of them. */
export const alertUnsubscribe = (url: string) => ({
  label: 'Unsubscribe from alerts for this product',
  url,
});
