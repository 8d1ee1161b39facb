import { CONTACT_STATUSES } from './messages.js';
import { FULFILLMENT_STATUSES, PAYMENT_STATUSES } from './orders.js';

/**
 * Values of the `status` query parameter of each admin list and its CSV export, besides 'all'
 * (the default). `search` is the other parameter: a case-insensitive "contains" over the
 * list's text columns.
 */
export const SHOW_LIST_FILTERS = ['published', 'draft', 'past'] as const;
/**
 * `pending` is "to ship": not fulfilled and not refunded; `pre-order`: orders of a product on
 * pre-order. The rest are payment statuses.
 */
export const ORDER_LIST_FILTERS = [
  ...FULFILLMENT_STATUSES,
  ...PAYMENT_STATUSES,
  'pre-order',
] as const;
/**
 * Notify-me: `pending` is ready to email (not notified, its address confirmed); `unconfirmed` waits
 * for the confirmation email's link of an address that had unsubscribed from such emails.
 */
export const NOTIFY_LIST_FILTERS = ['pending', 'unconfirmed', 'notified'] as const;
export const SIGNUP_LIST_FILTERS = [
  'pending',
  'contacted',
  'confirmed',
  'unconfirmed',
  'unsubscribed',
] as const;
export const CONTACT_LIST_FILTERS = CONTACT_STATUSES;
/**
 * `low-stock`: some tracked size has 5 or fewer left; `sold-out`: nothing left to buy (both of the
 * products in the shop); `archived`: taken out of the shop but kept on their orders. 'all' lists
 * every product, archived ones included.
 */
export const PRODUCT_LIST_FILTERS = ['low-stock', 'sold-out', 'archived'] as const;

export type ShowListFilter = (typeof SHOW_LIST_FILTERS)[number];
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
export type NotifyListFilter = (typeof NOTIFY_LIST_FILTERS)[number];
export type SignupListFilter = (typeof SIGNUP_LIST_FILTERS)[number];
export type ContactListFilter = (typeof CONTACT_LIST_FILTERS)[number];
export type ProductListFilter = (typeof PRODUCT_LIST_FILTERS)[number];

/**
 * The fields each admin list sorts by: `sort=<field>` ascending, `sort=-<field>` descending.
 * Ties are broken by id in the same direction, so paging never repeats or skips a row.
 */
export const SHOW_SORTS = ['date', 'venue', 'ageRequirement', 'status', 'createdAt'] as const;
export const ORDER_SORTS = [
  'createdAt',
  'customer',
  'total',
  'salesChannel',
  'paymentStatus',
  'fulfillmentStatus',
] as const;
export const NOTIFY_SORTS = ['createdAt', 'email', 'productName', 'notified'] as const;
export const SIGNUP_SORTS = ['createdAt', 'email', 'contacted', 'subscription'] as const;
export const CONTACT_SORTS = ['createdAt', 'name', 'email', 'subject', 'status'] as const;
export const EMAIL_SORTS = [
  'createdAt',
  'to',
  'subject',
  'kind',
  'status',
  'attempts',
  'lastError',
  'sentAt',
] as const;

/** `position` is the shop's order (the default). */
export const PRODUCT_SORTS = ['position', 'name', 'priceInCents', 'createdAt'] as const;

export type ShowSort = (typeof SHOW_SORTS)[number];
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type OrderSort = (typeof ORDER_SORTS)[number];
export type NotifySort = (typeof NOTIFY_SORTS)[number];
export type SignupSort = (typeof SIGNUP_SORTS)[number];
export type ContactSort = (typeof CONTACT_SORTS)[number];
export type EmailSort = (typeof EMAIL_SORTS)[number];

/** Rows per page of an admin list: `pageSize` is 1 to 200. */
export const LIST_PAGE_SIZE = 50;
export const LIST_PAGE_SIZE_MAX = 200;
/** Longest `search` text. */
export const LIST_SEARCH_MAX = 200;

/**
 * The query of every admin list and its CSV export. `status` defaults to 'all', `search` is a
 * case-insensitive "contains" over the list's text columns, `sort` defaults to the list's own
 * order, `page` counts from 1. The export takes the same query and holds every page.
 */
export interface ListQuery<Filter extends string, Sort extends string = string> {
  status?: Filter | 'all';
  search?: string;
  sort?: Sort | `-${Sort}`;
  page?: number;
  pageSize?: number;
}

/**
 * One page of an admin list. `total` counts the rows matching status and search; `counts` the
 * rows of each status filter value (and 'all') under the search alone, for the filter buttons.
 * A page beyond the end has no rows and the same total.
 */
export interface ListPage<Row, Filter extends string> {
  rows: Row[];
  total: number;
  counts: Record<Filter | 'all', number>;
  page: number;
  pageSize: number;
}

/**
 * Whom a bulk action applies to: the ticked rows (`ids`), or every row matching a list's filter
 * and search (`filter`), which the server selects itself. Exactly one of the two.
 */
export interface ListSelection<Filter extends string> {
  ids?: number[];
  filter?: { status?: Filter | 'all'; search?: string };
}

/** Base names of the CSV downloads: `<name>-YYYY-MM-DD.csv`, the date in the artist's zone. */
export const EXPORT_NAMES = {
  shows: 'shows',
  orders: 'orders',
  notifyMe: 'notify-me',
  emailSignups: 'newsletter',
  contactMessages: 'contact-messages',
  emails: 'emails',
  products: 'products',
  sales: 'sales',
  fans: 'fans',
  campaigns: 'campaigns',
  suppressions: 'suppressions',
  discounts: 'discounts',
  downloadCodes: 'download-codes',
  members: 'members',
} as const;

/** `status` values of GET /api/admin/emails and its export. */
export const EMAIL_LIST_FILTERS = ['queued', 'held', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_LIST_FILTERS)[number];
export type EmailListFilter = EmailStatus;

/**
 * How the sender's `lastError` begins when it holds an email back on purpose (the site's hourly cap
 * of confirmation emails) rather than after a failure: the email is still queued and goes out later.
 */
export const EMAIL_WAITING_PREFIX = 'Waiting:';

/** One email of the outbox as the admin lists it. Times are epoch ms. */
export interface OutboxEmailSummary {
  id: number;
  kind: string;
  to: string;
  toName: string | null;
  subject: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  messageId: string;
  sentAt: number | null;
  createdAt: number;
}

/** With the content, for the preview. */
export interface OutboxEmailDetail extends OutboxEmailSummary {
  html: string;
  text: string;
  replyTo: string | null;
}

/** GET /api/admin/emails/status: whether email goes out, and how many wait unsent. */
export interface EmailSetupStatus {
  smtpConfigured: boolean;
  held: number;
}

/**
 * GET /api/admin/overview: the strip above the dashboard's tabs. Each figure is the count of a
 * tab's filter: orders to ship the orders' `pending` (not fulfilled, not refunded), new messages
 * `new`, notify-me requests `pending`; signups this week are those of the last 7 days.
 */
export interface AdminOverview {
  ordersToShip: number;
  newMessages: number;
  pendingNotifyRequests: number;
  signupsThisWeek: number;
}
