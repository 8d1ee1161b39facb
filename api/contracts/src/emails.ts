/**
 * Every kind of email the site sends, with what the admin's outbox calls it: the outbox names one
 * on each row (`kind`), and each email's business key starts with it. A new email is a template
 * beside the call that queues it, in the module that causes it, a line here, and a test
 * (docs/email.md, "Adding an email").
 */
export const EMAIL_KIND_LABELS = {
  'order-confirmation': 'Order confirmation',
  'order-shipped': 'Shipped',
  'order-refunded': 'Refund',
  'artist-order': 'New order alert',
  'artist-free-orders': 'Free orders digest',
  'artist-contact': 'Message alert',
  'newsletter-confirm': 'Newsletter confirmation',
  'notify-confirm': 'Notify-me confirmation',
  'back-in-stock': 'Back in stock',
  'password-reset': 'Password reset',
  campaign: 'Campaign',
  'campaign-test': 'Campaign test',
  'checkout-reminder': 'Checkout reminder',
  'download-links': 'Download links',
  'membership-card-declined': 'Membership card declined',
  'account-sign-in': 'Account sign-in code',
  'account-erased': 'Account erased',
} as const;
export type EmailKind = keyof typeof EMAIL_KIND_LABELS;
export const EMAIL_KINDS = Object.keys(EMAIL_KIND_LABELS) as EmailKind[];

/**
 * What an email is about: the record whose change caused it, named on its outbox row
 * (`subjectType`, `subjectId`), so a fan's erasure finds the emails about their records.
 */
export const EMAIL_SUBJECT_TYPES = [
  'order',
  'free-orders',
  'contact-message',
  'signup',
  'notify-me',
  'checkout-session',
  'download-link',
  'download-code',
  'campaign',
  'user',
  'membership',
  'sign-in-code',
  'account',
] as const;
export type EmailSubjectType = (typeof EMAIL_SUBJECT_TYPES)[number];

/** One email's subject: its type, and the record's id (numbers and strings alike). */
export interface EmailSubject {
  type: EmailSubjectType;
  id: number | string;
}
