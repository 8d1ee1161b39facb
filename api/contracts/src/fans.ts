import type { ContactMessage, EmailSignup, NotifyMe } from './messages.js';
import type { Order } from './orders.js';

/**
 * `status` values of GET /api/admin/fans besides 'all': fans with an order, with a confirmed and
 * subscribed newsletter signup, with a notify-me request still pending, with a contact message.
 */
export const FAN_LIST_FILTERS = ['customers', 'subscribers', 'waiting', 'writers'] as const;
export type FanListFilter = (typeof FAN_LIST_FILTERS)[number];

export const FAN_SORTS = ['email', 'firstSeenAt', 'totalSpent', 'orders'] as const;
export type FanSort = (typeof FAN_SORTS)[number];

/** A fan's place on the mailing list: none without a signup, else the signup's subscription. */
export const FAN_NEWSLETTER_STATES = ['none', 'unconfirmed', 'confirmed', 'unsubscribed'] as const;
export type FanNewsletterState = (typeof FAN_NEWSLETTER_STATES)[number];

/** One row of GET /api/admin/fans: everyone who ordered, signed up, asked or wrote, by address. */
export interface Fan {
  id: number;
  /** Lower-cased: the key that makes one fan of every record with that address. */
  email: string;
  /** The earliest creation time of any of their records. */
  firstSeenAt: string;
  orders: number;
  /** Sum of their orders' totals, in cents. */
  totalSpent: number;
  newsletter: FanNewsletterState;
  /** Notify-me requests not yet notified. */
  pendingNotify: number;
  messages: number;
}

/** GET /api/admin/fans/:id: the fan and every record of theirs, each list newest first. */
export interface FanHistory {
  fan: Fan;
  orders: Order[];
  signups: EmailSignup[];
  notifyMe: NotifyMe[];
  messages: ContactMessage[];
}

/**
 * GET /api/admin/fans/:id/export (a privacy request): every stored row about the fan, as stored,
 * table by table, including the emails the outbox holds to them or about their records.
 */
export interface FanExport {
  exportedAt: string;
  fan: Record<string, unknown>;
  orders: Record<string, unknown>[];
  /** The parcels their orders shipped in (`order_shipments`), each with its lines. */
  order_shipments: Record<string, unknown>[];
  email_signups: Record<string, unknown>[];
  notify_me: Record<string, unknown>[];
  contact_messages: Record<string, unknown>[];
  emails: Record<string, unknown>[];
  /** The counts of emails sent to the fan's mailboxes today, named by a digest of the mailbox. */
  mail_quotas: Record<string, unknown>[];
  /** Reminders of checkouts they left unpaid (with the checkout's recovery link). */
  checkout_reminders: Record<string, unknown>[];
  /** Links to releases bought or redeemed with the fan's address, and the downloads made. */
  download_links: Record<string, unknown>[];
  downloads: Record<string, unknown>[];
  /** Download codes the fan redeemed. */
  download_codes: Record<string, unknown>[];
  /**
   * Their checkouts' uses of discount codes that may be used once per email; after an erasure,
   * kept under a SHA-256 digest of the mailbox (`sha256:…`), so the code still counts as used.
   */
  discount_holds: Record<string, unknown>[];
  /** Their rows as recipients of campaigns. */
  campaign_recipients: Record<string, unknown>[];
  /**
   * Their address's suppression, if it bounced or they complained; after an erasure of the same
   * address, kept under a SHA-256 digest of it (`sha256:…`).
   */
  suppressions: Record<string, unknown>[];
  /** Their memberships (tier, status, Stripe's subscription and customer). */
  memberships: Record<string, unknown>[];
  /** Their account: its signed-in browsers, passkeys and the sign-in code last asked for. */
  account_sessions: Record<string, unknown>[];
  account_passkeys: Record<string, unknown>[];
  account_sign_in_codes: Record<string, unknown>[];
}

/**
 * The export's sections after `exportedAt` and `fan`, in the order it gives them; each is filled
 * by the `PersonalData` of the module that owns the table.
 */
export const FAN_EXPORT_SECTIONS = [
  'orders',
  'order_shipments',
  'email_signups',
  'notify_me',
  'contact_messages',
  'emails',
  'mail_quotas',
  'checkout_reminders',
  'download_links',
  'downloads',
  'download_codes',
  'discount_holds',
  'campaign_recipients',
  'suppressions',
  'memberships',
  'account_sessions',
  'account_passkeys',
  'account_sign_in_codes',
] as const satisfies readonly (keyof FanExport)[];
export type FanExportSection = (typeof FAN_EXPORT_SECTIONS)[number];

/** What an erasure replaces an order's name, email, address and notes with. */
export const ERASED = 'erased';

/** Answer of DELETE /api/admin/fans/:id: how many rows of each kind were removed or scrubbed. */
export interface FanErasure {
  /** Kept for the books, with name, email, address, tracking number and notes replaced. */
  ordersScrubbed: number;
  signupsDeleted: number;
  notifyMeDeleted: number;
  messagesDeleted: number;
  emailsDeleted: number;
  campaignRecipientsDeleted: number;
  /** Kept so the address is never mailed again, with the address replaced by its digest. */
  suppressionsErased: number;
  /**
   * Paid orders still to ship: they keep the name and shipping address until they are fulfilled
   * or refunded, then those are erased too.
   */
  ordersKeptForShipping: number;
  /** Download links of the fan's releases, deleted with the records of their downloads. */
  downloadLinksDeleted: number;
  /** Download codes the fan redeemed: they stay used, without the address. */
  downloadCodesForgotten: number;
  /** Uses of once-per-email discount codes: they stay counted, under a digest of the mailbox. */
  discountUsesForgotten: number;
  /** Memberships deleted; an active one is cancelled at Stripe first. */
  membershipsDeleted: number;
  /** Her account's signed-in browsers, signed out. */
  accountSessionsEnded: number;
  /** Her account's passkeys, deleted. */
  passkeysDeleted: number;
}
