import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { CampaignAudience, CampaignTopic } from '@artist/contracts';
import { CatalogService } from '../catalog/index.js';
import { MembershipsService } from '../memberships/index.js';
import { NewsletterService, type MailableSignup } from '../newsletter/index.js';
import { OrderAudienceService } from '../orders/index.js';
import { distanceKm, PlacesService, type Place } from '../places/index.js';
import { ShowsService } from '../shows/index.js';
import { SuppressionsService } from './suppressions.service.js';

/** Whether the audience keeps fans by where they are. */
const placed = (audience: CampaignAudience) => Boolean(audience.near || audience.countries?.length);

/** Up to this many fans without a place of their own have their orders read by fan. */
const FEW_FANS = 20_000;

/** One recipient: a signup, or a member who gets a perk's message (no signup: no token). */
export type AudienceMember = Pick<MailableSignup, 'fanId' | 'email' | 'token' | 'place'>;

export interface Audience {
  members: AudienceMember[];
  /** Of the fans the other parts keep, those whose place is not known. */
  unknownLocation: number;
}

/**
 * Who a campaign goes to: confirmed, subscribed, unsuppressed signups, narrowed by every part of
 * the audience given. A fan's place is where their signup says, else the shipping address of
 * their latest order; a fan with neither is "location unknown" and is left out of `near` and
 * `countries`, never guessed.
 */
@Injectable()
export class AudienceService {
  constructor(
    private readonly newsletter: NewsletterService,
    private readonly suppressions: SuppressionsService,
    private readonly orders: OrderAudienceService,
    private readonly catalog: CatalogService,
    private readonly shows: ShowsService,
    private readonly places: PlacesService,
    private readonly memberships: MembershipsService,
  ) {}

  /** Checks the parts that name other records; a 400 or 409 with a sentence when one is wrong. */
  async check(audience: CampaignAudience): Promise<void> {
    if (audience.perk && Object.keys(audience).length > 1)
      throw new BadRequestException('perk goes alone.');
    await this.showPlace(audience);
    await this.productIds(audience);
    await this.memberTier(audience);
  }

  /**
   * How many fans `resolve` gives, and how many of those the other parts keep have no known place.
   * Without `near`, `countries` or `members` (and with no erased fan's address suppressed) the
   * database counts them in one statement: the mailable signups of the topic, of the products'
   * buyers (the orders module's piece), less the suppressed (ours), never read into the server.
   */
  async count(
    audience: CampaignAudience,
    topic: CampaignTopic = 'news',
  ): Promise<{ count: number; unknownLocation: number }> {
    if (!audience.perk && !placed(audience) && !audience.members) {
      await this.memberTier(audience);
      const productIds = await this.productIds(audience);
      if (!(await this.suppressions.holdsDigests())) {
        const count = await this.newsletter.countMailable(topic, {
          fans: productIds ? this.orders.buyersPiece(productIds) : undefined,
          leaveOut: this.suppressions.suppressedPiece(),
        });
        return { count, unknownLocation: 0 };
      }
    }
    const { members, unknownLocation } = await this.resolve(audience, topic);
    return { count: members.length, unknownLocation };
  }

  /**
   * `topic`: only the fans who keep the campaign's topic on (every fan keeps `news` on by default).
   * Places are looked for only when `near` or `countries` needs them: without either,
   * `unknownLocation` is 0 and each member's `place` is the signup's own.
   */
  async resolve(audience: CampaignAudience, topic: CampaignTopic = 'news'): Promise<Audience> {
    if (audience.perk) return this.perkHolders(audience);
    const centre = await this.showPlace(audience);
    const productIds = await this.productIds(audience);
    const tierId = await this.memberTier(audience);
    const suppressed = await this.suppressions.suppressed();
    // The buyers of the products are found from the products' order lines, then their signups.
    const bought = productIds ? await this.orders.buyers(productIds) : undefined;
    let members: AudienceMember[] = (await this.newsletter.mailable(topic, bought)).filter(
      (m) => !suppressed(m.email),
    );
    if (audience.members) {
      const current = await this.memberships.currentMemberEmails(tierId, {
        presale: Boolean(audience.presale),
      });
      members = members.filter((m) => current.has(m.email));
    }
    if (!placed(audience)) return { members, unknownLocation: 0 };
    const placeless = members.filter((m) => m.place === null);
    if (placeless.length > 0) {
      // A few fans' orders are read by fan; many, every order once.
      const fanIds = placeless.flatMap((m) => (m.fanId === null ? [] : [m.fanId]));
      const addresses = await this.orders.latestAddresses(
        placeless.length <= FEW_FANS ? fanIds : undefined,
      );
      members = members.map((m) => {
        if (m.place) return m;
        const address = addresses.get(m.email);
        const place = address ? this.places.locateAddress(address) : null;
        return place ? { ...m, place } : m;
      });
    }
    const unknownLocation = members.filter((m) => m.place === null).length;
    const countries = audience.countries?.length ? new Set(audience.countries) : null;
    if (countries) members = members.filter((m) => m.place && countries.has(m.place.country));
    if (centre && audience.near)
      members = members.filter(
        (m) => m.place && distanceKm(centre, m.place as Place) <= audience.near!.radiusKm,
      );
    return { members, unknownLocation };
  }

  /**
   * A perk's message: the current members whose tier has it, each address once, subscribed or
   * not, less the suppressed (a hard bounce or a complaint holds for every campaign).
   */
  private async perkHolders(audience: CampaignAudience): Promise<Audience> {
    await this.check(audience);
    const suppressed = await this.suppressions.suppressed();
    const emails = await this.memberships.currentMemberEmails(null, {
      presale: audience.perk === 'presale',
    });
    const members = [...emails]
      .filter((email) => !suppressed(email))
      .map((email) => ({ fanId: null, email, token: '', place: null }));
    return { members, unknownLocation: 0 };
  }

  private async showPlace(audience: CampaignAudience): Promise<Place | null> {
    if (!audience.near) return null;
    const found = await this.shows.placeOf(audience.near.showId);
    if (!found) throw new BadRequestException(`Show ${audience.near.showId} does not exist.`);
    if (!found.place)
      throw new ConflictException(
        `The city of this show (${found.show.city}) could not be found on the map: correct it in the Shows tab (e.g. "Nashville, TN") to send to fans near it.`,
      );
    return { ...found.place, country: found.show.country ?? '' };
  }

  /** The membership tier the audience names, checked to exist; null for every tier. */
  private async memberTier(audience: CampaignAudience): Promise<number | null> {
    if (audience.presale && !audience.members)
      throw new BadRequestException('presale goes with members: true.');
    if (audience.tierId === undefined) return null;
    if (!audience.members) throw new BadRequestException('tierId goes with members: true.');
    if (!(await this.memberships.tierExists(audience.tierId)))
      throw new BadRequestException(`Membership tier ${audience.tierId} does not exist.`);
    return audience.tierId;
  }

  /** The products the audience bought, each checked to exist. */
  private async productIds(audience: CampaignAudience): Promise<string[] | null> {
    const ids = audience.boughtProductIds;
    if (!ids?.length) return null;
    const stored = await this.catalog.stored();
    for (const id of ids) {
      if (!stored.some(({ product }) => product.id === id))
        throw new BadRequestException(`Product ${id} does not exist.`);
    }
    return ids;
  }
}
