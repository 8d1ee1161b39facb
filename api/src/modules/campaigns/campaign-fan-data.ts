import { createHash } from 'node:crypto';
import { In, type EntityManager } from 'typeorm';
import {
  PersonalDataProvider,
  type PersonalData,
  type PersonalDataSubject,
} from '../../common/personal-data.js';
import { normaliseEmail } from '../../common/strings.js';
import { CampaignRecipient, SuppressionRecord } from './campaign.entity.js';

/**
 * What an erased fan's suppression keeps in place of the address: a SHA-256 digest of the
 * normalised address, so the address is gone and is still never mailed again.
 */
export const suppressionDigest = (email: string) =>
  `sha256:${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`;

/** The forms a suppression of this address may be stored under: as written, or erased. */
export const suppressionKeys = (email: string) => [normaliseEmail(email), suppressionDigest(email)];

/** A fan's rows in the campaigns' tables, for the fans module's export and erasure. */
@PersonalDataProvider()
export class CampaignFanData implements PersonalData {
  readonly tables = ['campaign_recipients', 'suppressions'];
  readonly stage = 'traces';

  async find(manager: EntityManager, subject: PersonalDataSubject) {
    const { recipients, suppressions } = await this.recordsOf(manager, subject.email);
    return {
      sections: { campaign_recipients: recipients, suppressions },
      erase: async (m: EntityManager) => {
        const erased = await this.erase(m, subject.email);
        return {
          campaignRecipientsDeleted: erased.recipientsDeleted,
          suppressionsErased: erased.suppressionsErased,
        };
      },
    };
  }

  /** Their recipient rows (any letter case), and their suppression, as written or as a digest. */
  async recordsOf(
    manager: EntityManager,
    email: string,
  ): Promise<{ recipients: CampaignRecipient[]; suppressions: SuppressionRecord[] }> {
    const [recipients, suppressions] = await Promise.all([
      manager
        .getRepository(CampaignRecipient)
        .createQueryBuilder('r')
        .where('LOWER(TRIM(r.email)) = :email', { email: normaliseEmail(email) })
        .orderBy('r.id', 'ASC')
        .getMany(),
      manager
        .getRepository(SuppressionRecord)
        .createQueryBuilder('x')
        .where('(LOWER(TRIM(x.email)) = :email OR x.email = :digest)', {
          email: normaliseEmail(email),
          digest: suppressionDigest(email),
        })
        .orderBy('x.id', 'ASC')
        .getMany(),
    ]);
    return { recipients, suppressions };
  }

  /**
   * Deletes their recipient rows (a message being sent meanwhile is then counted on no row, and
   * none that waits is sent), and keeps their suppression with the address replaced by its digest
   * and the provider's words (which may quote the address) dropped: the address is still never
   * mailed again, and nothing stored names it. Counts of the campaigns stay as they were.
   */
  async erase(
    manager: EntityManager,
    email: string,
  ): Promise<{ recipientsDeleted: number; suppressionsErased: number }> {
    const { recipients, suppressions } = await this.recordsOf(manager, email);
    if (recipients.length)
      await manager.delete(CampaignRecipient, { id: In(recipients.map((r) => r.id)) });
    const digest = suppressionDigest(email);
    const hashed = suppressions.find((x) => x.email === digest);
    let erased = 0;
    for (const plain of suppressions.filter((x) => x !== hashed)) {
      erased++;
      if (!hashed) {
        await manager.update(SuppressionRecord, plain.id, { email: digest, detail: null });
        continue;
      }
      // Suppressed again after an earlier erasure: one row, in force if either was.
      await manager.delete(SuppressionRecord, plain.id);
      if (plain.removedAt === null)
        await manager.update(SuppressionRecord, hashed.id, {
          reason: plain.reason,
          campaignId: plain.campaignId,
          createdAt: plain.createdAt,
          removedAt: null,
          removedReason: null,
        });
    }
    return { recipientsDeleted: recipients.length, suppressionsErased: erased };
  }
}
