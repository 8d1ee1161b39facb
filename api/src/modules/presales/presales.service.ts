import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { PRESALE_ALREADY_SENT_MESSAGE, type ShowPresale } from '@artist/contracts';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { isDuplicateKeyError } from '../../database/transaction.js';
import { CampaignsService } from '../campaigns/index.js';
import { ShowsService } from '../shows/index.js';
import { ShowPresaleRecord } from './show-presale.entity.js';

const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/**
 * A show's presale code, sent once to the current members whose tier has the presale perk, as a
 * campaign (the bulk lane: its sending, pacing, suppressions and counts are the campaigns'). It
 * is a message of her membership, not the newsletter: it reaches a member who never joined the
 * mailing list or turned its topics off, carries no unsubscribe link, and says why she gets it.
 */
@Injectable()
export class PresalesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly shows: ShowsService,
    private readonly campaigns: CampaignsService,
  ) {}

  /**
   * Records the show's presale, then sends it. The record comes first, keyed by the show, so a
   * second send (even at the same moment) answers 409 and no member gets the code twice; when
   * the campaign cannot be sent (no mail server, no postal address) the record goes again, so
   * the artist can send once that is fixed.
   */
  async send(showId: number, code: string): Promise<ShowPresale> {
    const found = await this.shows.placeOf(showId);
    if (!found) throw new NotFoundException('Show not found.');
    const { show } = found;
    const repository = this.dataSource.getRepository(ShowPresaleRecord);
    const createdAt = this.clock.now();
    try {
      await repository.insert({ showId, code, campaignId: null, createdAt });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictException(PRESALE_ALREADY_SENT_MESSAGE);
      throw error;
    }
    let campaignId: number | null = null;
    let recipients: number;
    try {
      const where = `${show.venue}, ${show.city}`;
      const when = longDate(show.date);
      const campaign = await this.campaigns.create({
        subject: `Your presale code: ${where}, ${when}`,
        body: [
          `As a member, you get tickets before anyone else for **${where}** on ${when}.`,
          `Your presale code: \`${code}\``,
          ...(show.ticketUrl ? [`[Get tickets](${show.ticketUrl})`] : []),
        ].join('\n\n'),
        // A perk's message: every current member whose tier has the presale perk, on the
        // mailing list or not (it is part of what she pays for), bar suppressed addresses.
        audience: { perk: 'presale' },
        topic: 'shows',
      });
      campaignId = campaign.id;
      // The members as the campaign's list will be written a moment later, for the artist's toast.
      recipients = (await this.campaigns.count(campaign.audience)).count;
      await this.campaigns.send(campaign.id, undefined);
    } catch (error) {
      if (campaignId !== null) await this.campaigns.remove(campaignId).catch(() => undefined);
      await repository.delete({ showId });
      throw error;
    }
    await repository.update({ showId }, { campaignId });
    return { showId, code, campaignId, recipients, createdAt: createdAt.toISOString() };
  }
}
