import type { CampaignTopic } from './accounts.js';
/** What a campaign is doing; only a draft can be edited or deleted. */
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'cancelled',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The list's filters: one per status. */
export const CAMPAIGN_LIST_FILTERS = CAMPAIGN_STATUSES;
export type CampaignListFilter = CampaignStatus;

export const CAMPAIGN_SORTS = ['createdAt', 'subject', 'status', 'scheduledAt', 'sent'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

export const CAMPAIGN_LIMITS = {
  subject: 150,
  body: 50_000,
  radiusKmMin: 1,
  radiusKmMax: 2000,
  countries: 50,
  boughtProductIds: 100,
  testEmails: 5,
} as const;

/** The radius of a new show announcement: 160 km (100 miles). */
export const ANNOUNCE_RADIUS_KM = 160;

/**
 * Who a campaign goes to: every part given applies. `{}` is every mailable subscriber (confirmed,
 * not unsubscribed, not suppressed).
 */
export interface CampaignAudience {
  /** Only fans within `radiusKm` (great-circle) of the show's city. */
  near?: { showId: number; radiusKm: number };
  /** Only fans in these countries (ISO 3166-1 alpha-2 codes). */
  countries?: string[];
  /** Only fans who bought one of these products. */
  boughtProductIds?: string[];
  /** Only current members (active or past due), of the tier `tierId` when given. */
  members?: boolean;
  /** With `members: true`: only members of this membership tier. */
  tierId?: number;
  /** With `members: true`: only members whose tier has the presale perk. */
  presale?: boolean;
  /**
   * A message of a membership perk rather than the newsletter: every current member whose tier
   * has the perk, once each, whether or not she is on the mailing list (its topics and
   * unsubscribes do not apply; suppressions do). Goes alone. Set by the perk's own send (a
   * show's presale code), never by the campaign editor.
   */
  perk?: MembershipPerkMessage;
}

/** The perks whose messages go to members as part of their membership. */
export type MembershipPerkMessage = 'presale';

export interface Campaign {
  id: number;
  /** Its public page, `/api/campaigns/<pageId>` ("view in your browser"): unguessable. */
  pageId: string;
  subject: string;
  /** Markdown. */
  body: string;
  audience: CampaignAudience;
  /** Who may get it by her account's choice of topics: `shows` for a show, `releases` for a release. */
  topic: CampaignTopic;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  recipients: number;
  sent: number;
  failed: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
  createdAt: string;
  updatedAt: string;
}

/** Body of `POST /api/admin/campaigns` and `PUT /api/admin/campaigns/:id`. */
export interface CampaignInput {
  subject: string;
  body: string;
  audience: CampaignAudience;
  /** `news` when left out. */
  topic?: CampaignTopic;
}

/** Answer of `GET /api/admin/campaigns/settings`: what the editor schedules and paces by. */
export interface CampaignSettings {
  /** The artist's IANA time zone (`ARTIST_TIMEZONE`): a scheduled time is written in it. */
  timeZone: string;
  /** `CAMPAIGN_RATE_PER_SECOND`; 0 when there is no cap. */
  ratePerSecond: number;
}

/** Answer of `POST /api/admin/campaigns/audience`. */
export interface AudienceCount {
  count: number;
  /**
   * With `near` or `countries`: of the fans the other parts keep, those whose place is not known
   * (left out by those parts). 0 without either.
   */
  unknownLocation: number;
}

/** Body of `POST /api/admin/campaigns/:id/send`: now, or at `at`. */
export interface CampaignSendRequest {
  at?: string;
}

/** Body of `POST /api/admin/campaigns/:id/test`. */
export interface CampaignTestRequest {
  emails: string[];
}

/** Why an address gets no campaign. */
export const SUPPRESSION_REASONS = ['bounce', 'complaint'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const SUPPRESSION_LIST_FILTERS = SUPPRESSION_REASONS;
export type SuppressionListFilter = SuppressionReason;
export const SUPPRESSION_SORTS = ['createdAt', 'email', 'reason'] as const;
export type SuppressionSort = (typeof SUPPRESSION_SORTS)[number];

/** A row of `GET /api/admin/suppressions`. */
export interface Suppression {
  id: number;
  email: string;
  reason: string;
  campaignId: number | null;
  createdAt: string;
}

/** Body of `DELETE /api/admin/suppressions/:id`: why the artist lifts it. */
export interface SuppressionRemoval {
  reason: string;
}

/** The sentence of a `send` or `test` refused for want of a postal address. */
export const POSTAL_ADDRESS_REQUIRED =
  'Add your postal address on the Page tab first: the law (CAN-SPAM) requires one in every campaign email.';

/** Answer of `GET /api/admin/campaigns/:id/preview`: the email as fans get it. */
export interface CampaignPreview {
  subject: string;
  html: string;
  text: string;
}
