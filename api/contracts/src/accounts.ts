import type { MembershipInterval, MembershipPerks, MembershipStatus } from './memberships.js';
import type { OrderLine } from './orders.js';

/**
 * The fan's account (`/account`): passwordless sign-in by an emailed code or link, or a passkey;
 * her orders, her library of releases, her email preferences and her own data.
 */

/** Body of `POST /api/account/sign-in`. */
export interface AccountSignInRequest {
  email: string;
}

/** Answer of `POST /api/account/sign-in` (202): the same whether or not the address is known. */
export interface AccountSignInAnswer {
  message: string;
}

/** Body of `POST /api/account/verify`: the emailed code with its address, or the link's token. */
export interface AccountVerifyRequest {
  email?: string;
  code?: string;
  token?: string;
}

/** Answer of `POST /api/account/verify` (and of a passkey sign-in). */
export interface AccountVerifyAnswer {
  email: string;
}

/** The topics of the campaigns a fan may get. */
export const CAMPAIGN_TOPICS = ['news', 'shows', 'releases'] as const;
export type CampaignTopic = (typeof CAMPAIGN_TOPICS)[number];
export type AccountTopics = Record<CampaignTopic, boolean>;

/** One of the fan's passkeys, as her account lists it. */
export interface AccountPasskey {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Answer of `GET /api/account`. */
export interface Account {
  email: string;
  location: string | null;
  topics: AccountTopics;
  passkeys: AccountPasskey[];
  /** Her membership that Stripe still charges or that has not ended yet; null without one. */
  membership: AccountMembership | null;
}

/** A fan's membership, as her account shows it. */
export interface AccountMembership {
  tierName: string | null;
  interval: MembershipInterval | null;
  status: MembershipStatus;
  perks: MembershipPerks;
  /** The next renewal; with `endsAt`, the day it ends instead. */
  renewsAt: string | null;
  /** Set when she cancelled at the period's end: the membership ends then. */
  endsAt: string | null;
}

/** `POST /api/account/membership/portal` without a membership to manage. */
export const NO_MEMBERSHIP_MESSAGE = 'You have no membership to manage.';

/** The sentence `POST /api/account/sign-in` answers with, whoever asks. */
export const ACCOUNT_SIGN_IN_SENT_MESSAGE =
  'If this address can sign in, a code and a link are on their way to it. They work for 15 minutes.';
/** A code that is wrong, expired, used or replaced by a newer one. */
export const ACCOUNT_CODE_WRONG_MESSAGE =
  'This code is not right, or it has expired. Check the latest email, or ask for a new code.';
/** After 5 wrong codes for one address. */
export const ACCOUNT_CODE_ENDED_MESSAGE =
  'Too many wrong codes were tried: this code no longer works. Please ask for a new one.';
/** A link that is wrong, expired, used or replaced by a newer one. */
export const ACCOUNT_LINK_WRONG_MESSAGE =
  'This sign-in link no longer works. Please ask for a new one.';
/** `POST /api/account/verify` without a code and its address, or a token. */
export const ACCOUNT_VERIFY_BODY_MESSAGE =
  'Send the email address and the 6-digit code, or the token of the sign-in link.';
/** Any `/api/account` route without a fan session. */
export const ACCOUNT_SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to your account first.';
/** How long a code and a link work, and how many wrong codes end them. */
export const ACCOUNT_CODE_MINUTES = 15;
export const ACCOUNT_CODE_TRIES = 5;
/** A fan session lasts this many days after its last use. */
export const ACCOUNT_SESSION_DAYS = 30;

/** What a fan's order is at: paid and waiting, shipped, or refunded in full. */
export type AccountOrderStatus = 'paid' | 'shipped' | 'refunded';

/** One of her orders (`GET /api/account/orders`). Money is integer cents. */
export interface AccountOrder {
  id: number;
  /** "#42", as her emails name it. */
  number: string;
  createdAt: string;
  status: AccountOrderStatus;
  paymentStatus: string;
  fulfillmentStatus: string;
  lines: OrderLine[];
  shippingAmount: number | null;
  discountAmount: number;
  taxAmount: number;
  total: number;
  refundedAmount: number;
  /** Once shipped: the tracking number, and the carrier's tracking page when it is known. */
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** One format of a release in her library; `url` streams it to her session. */
export interface AccountLibraryFormat {
  format: string;
  bytes: number;
  url: string;
}

/** A release she paid for or redeemed a code for (`GET /api/account/library`). */
export interface AccountLibraryItem {
  productId: string;
  title: string;
  formats: AccountLibraryFormat[];
}

/** Downloads of one release a fan may make in a day from her library. */
export const LIBRARY_DOWNLOADS_PER_DAY = 20;

/** Body of `PUT /api/account/preferences`. */
export interface AccountPreferencesInput {
  topics?: Partial<AccountTopics>;
  location?: string | null;
}

/** One of her back-in-stock requests still waiting (`GET /api/account/notify-me`). */
export interface AccountNotifyRequest {
  id: number;
  productId: string | null;
  productName: string;
  size: string | null;
  createdAt: string;
}

/** Body of `DELETE /api/account`: her own address, typed again. */
export interface AccountEraseRequest {
  confirm: string;
}

/** `DELETE /api/account` whose `confirm` is not her address. */
export const ACCOUNT_ERASE_CONFIRM_MESSAGE =
  'To erase your account, type your email address exactly as your account shows it.';

/** The storefront's account pages. */
export const ACCOUNT_PATH = '/account';
export const ACCOUNT_SIGN_IN_PATH = '/account/sign-in';

/** A passkey sign-in or registration that did not verify (or whose ceremony ran out). */
export const PASSKEY_FAILED_MESSAGE =
  'This passkey could not be checked. Please try again, or sign in with a code by email.';
