import { CONTACT_STATUSES } from './messages.js';
import { FULFILLMENT_STATUSES, PAYMENT_STATUSES } from './orders.js';

/**
 * Values of the `status` query parameter of each admin list and its CSV export, besides 'all'
 * (the default). `search` is the other parameter: a case-insensitive "contains" over the
 * list's text columns. Other query parameters (such as a cache-buster) are ignored.
 */
export const SHOW_LIST_FILTERS = ['published', 'draft', 'past'] as const;
/** `pending` is "to ship": not fulfilled and not refunded. The rest are payment statuses. */
export const ORDER_LIST_FILTERS = [...FULFILLMENT_STATUSES, ...PAYMENT_STATUSES] as const;
export const NOTIFY_LIST_FILTERS = ['pending', 'notified'] as const;
export const SIGNUP_LIST_FILTERS = ['pending', 'contacted'] as const;
export const CONTACT_LIST_FILTERS = CONTACT_STATUSES;

export interface ListQuery<Filter extends string> {
  status?: Filter | 'all';
  search?: string;
}

/** Base names of the CSV downloads: `<name>-YYYY-MM-DD.csv`, the date in the artist's zone. */
export const EXPORT_NAMES = {
  shows: 'shows',
  orders: 'orders',
  notifyMe: 'notify-me',
  emailSignups: 'newsletter',
  contactMessages: 'contact-messages',
} as const;
