/**
 * Every kind of email the site sends: the outbox names one on each row (`kind`), and each
 * email's business key starts with it. A new email is a template, a kind here, and one call to
 * the outbox in the module that causes it (docs/email.md, "Adding an email").
 */
export const EMAIL_KINDS = [
  'order-confirmation',
  'order-shipped',
  'order-refunded',
  'artist-order',
  'artist-free-orders',
  'artist-contact',
  'newsletter-confirm',
  'notify-confirm',
  'back-in-stock',
  'password-reset',
  'campaign-test',
  'checkout-reminder',
  'download-links',
  'membership-card-declined',
  'account-sign-in',
  'account-erased',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

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
