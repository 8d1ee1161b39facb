/** What a membership tier gives its members. */
export interface MembershipPerks {
  /** Every release is in the member's library while the membership is active or past due. */
  allDownloads: boolean;
  /** Days before a release's date that members have it. */
  earlyAccessDays: number;
  /** Members get the presale codes of shows. */
  presale: boolean;
}

/** A tier of membership, as the admin and the public list give it. Cents. */
export interface MembershipTier {
  id: number;
  name: string;
  description: string;
  monthlyPriceCents: number;
  /** Null: the tier is not offered by the year. */
  yearlyPriceCents: number | null;
  perks: MembershipPerks;
  /** False once DELETE has closed it to new members (its members stay). */
  open: boolean;
  createdAt: string;
}

/** Body of POST /api/admin/membership-tiers and PUT /api/admin/membership-tiers/:id. */
export interface MembershipTierInput {
  name: string;
  description: string;
  monthlyPriceCents: number;
  yearlyPriceCents?: number | null;
  perks: MembershipPerks;
}

export const MEMBERSHIP_INTERVALS = ['month', 'year'] as const;
export type MembershipInterval = (typeof MEMBERSHIP_INTERVALS)[number];

/** Body of POST /api/memberships/checkout; answered `{ url }` (`CheckoutResponse`). */
export interface MembershipCheckoutRequest {
  tierId: number;
  interval: MembershipInterval;
  /** Needed while there is no fan session. */
  email?: string;
}

/**
 * A membership's status: `incomplete` while Stripe waits for its first payment, `active`,
 * `past_due` while Stripe retries a declined renewal (the perks stay), `ended` for good.
 */
export const MEMBERSHIP_STATUSES = ['incomplete', 'active', 'past_due', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** `status` values of GET /api/admin/members and its export. */
export const MEMBER_LIST_FILTERS = MEMBERSHIP_STATUSES;
export type MemberListFilter = MembershipStatus;
export const MEMBER_SORTS = ['email', 'since', 'renewsAt', 'priceCents', 'status'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** A row of GET /api/admin/members. */
export interface Member {
  id: number;
  email: string | null;
  tierId: number | null;
  tierName: string | null;
  interval: MembershipInterval | null;
  /** What the member pays each interval (fixed when she joined). */
  priceCents: number | null;
  status: MembershipStatus;
  /** When the membership started. */
  since: string | null;
  /** The end of the period paid for: the next renewal, or the end when cancelled. */
  renewsAt: string | null;
  /** Set when the membership ends at `renewsAt` (cancelled at period end), or has ended. */
  endsAt: string | null;
  cancelAtPeriodEnd: boolean;
}

/** GET /api/admin/members/summary. Yearly members count one twelfth of their price in MRR. */
export interface MembersSummary {
  active: number;
  pastDue: number;
  mrrCents: number;
  joined30d: number;
  ended30d: number;
}

/** 409 of POST /api/memberships/checkout for an address that is already a member. */
export const ALREADY_MEMBER_MESSAGE =
  'This email address already has an active membership: manage it from the link in your membership emails.';

/** Body of POST /api/admin/shows/:id/presale. */
export interface PresaleRequest {
  code: string;
}

/** A show's presale: its code, emailed once to the members whose tier has the presale perk. */
export interface ShowPresale {
  showId: number;
  code: string;
  /** The campaign that carries it (its counts are in Campaigns). */
  campaignId: number;
  /** How many members it is going to: those whose tier has the perk, less suppressed addresses. */
  recipients: number;
  createdAt: string;
}

/** 409 of a second POST /api/admin/shows/:id/presale. */
export const PRESALE_ALREADY_SENT_MESSAGE =
  'The presale code of this show has already been sent to members: each gets it once.';
