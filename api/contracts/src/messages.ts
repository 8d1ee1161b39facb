import type { Size } from './catalog.js';

export const CONTACT_SUBJECTS = ['booking', 'collaboration', 'press', 'fan', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  booking: 'Booking Inquiry',
  collaboration: 'Collaboration',
  press: 'Press & Media',
  fan: 'Fan Message',
  other: 'Other',
};

export const CONTACT_STATUSES = ['new', 'responded'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Most notify-me requests one bulk update may touch. */
export const NOTIFY_BULK_LIMIT = 100;

export interface ContactRequest {
  firstName: string;
  lastName: string;
  email: string;
  subject: ContactSubject;
  message: string;
}

export interface EmailSignupRequest {
  email: string;
  /** Where the fan is (a city, or a ZIP or postal code), so she can write when she plays near; at most 100 characters. */
  location?: string;
}

/** The most characters of a signup's `location`. */
export const SIGNUP_LOCATION_MAX = 100;

/** The signup form's label of `location`. */
export const SIGNUP_LOCATION_LABEL =
  'Your city or ZIP / postal code (so I can tell you when I play near you)';

export interface NotifyMeRequest {
  email: string;
  productName: string;
  /** One size the product comes in, for an alert when that size is back; absent for any. */
  size?: Size;
}

/** Answer of the three public forms. */
export interface FormResponse {
  success: true;
  message: string;
}

export interface ContactMessage {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  respondedAt: string | null;
  createdAt: string;
}

export interface EmailSignup {
  id: number;
  email: string;
  /** The text 'true' or 'false'. */
  contacted: string;
  contactedAt: string | null;
  createdAt: string;
  /** When the address confirmed the signup (double opt-in); epoch ms, null until then. */
  confirmedAt: number | null;
  /** When the address unsubscribed; epoch ms. */
  unsubscribedAt: number | null;
  subscription: SignupSubscription;
}

/** unconfirmed until the confirm link's button is pressed; unsubscribed wins over both. */
export const SIGNUP_SUBSCRIPTIONS = ['confirmed', 'unconfirmed', 'unsubscribed'] as const;
export type SignupSubscription = (typeof SIGNUP_SUBSCRIPTIONS)[number];

export interface NotifyMe {
  id: number;
  email: string;
  productName: string;
  /** The size asked for, or null for the product as a whole. */
  size: Size | null;
  /** The text 'true' or 'false'. */
  notified: string;
  notifiedAt: string | null;
  /** When the fan unsubscribed from this product's alerts; no alert goes to them after it. */
  unsubscribedAt: string | null;
  /**
   * When the request may be emailed; null while a request from an address that had unsubscribed
   * from back-in-stock emails waits for its confirmation email's link (no alert before it).
   */
  confirmedAt: string | null;
  createdAt: string;
}

/**
 * Answer of `POST /api/admin/notify-me/send`: back-in-stock emails queued, and selected requests
 * left alone (already notified, unsubscribed from the product's alerts, awaiting confirmation, or
 * beyond the mailbox's daily limit of emails).
 */
export interface NotifySendResponse {
  queued: number;
  skipped: number;
}

export interface BulkUpdateResponse {
  updated: number;
}
