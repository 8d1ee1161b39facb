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
export const SIGNUP_LIST_FILTERS = [
  'pending',
  'contacted',
  'confirmed',
  'unconfirmed',
  'unsubscribed',
] as const;
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
  emails: 'emails',
} as const;

/** `status` values of GET /api/admin/emails and its export. */
export const EMAIL_LIST_FILTERS = ['queued', 'held', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_LIST_FILTERS)[number];

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
