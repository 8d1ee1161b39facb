import { In, type EntityManager } from 'typeorm';
import {
  PersonalDataProvider,
  type PersonalData,
  type PersonalDataTrail,
} from '../../common/personal-data.js';
import { mailboxDigest } from '../email/index.js';
import { DiscountHold } from './discount.entity.js';

/**
 * What an erased buyer's use of a once-per-email code keeps in place of the mailbox: its
 * digest, so the address is gone and the mailbox still cannot use the code again.
 */
export const erasedMailboxKey = (email: string) => `sha256:${mailboxDigest(email)}`;

/**
 * A fan's checkouts' uses of discount codes, under every address they used. Erasure deletes the
 * released ones and keeps the held and used ones, which count against the code's limits, with
 * the address removed and the mailbox replaced by its digest.
 */
@PersonalDataProvider()
export class DiscountsPersonalData implements PersonalData {
  readonly tables = ['discount_holds'];
  readonly stage = 'traces';

  async find(manager: EntityManager, _subject: unknown, trail: PersonalDataTrail) {
    const holds = await manager.findBy(DiscountHold, { email: In([...trail.addresses]) });
    return {
      sections: { discount_holds: holds },
      erase: async (m: EntityManager) => {
        for (const hold of holds) {
          if (hold.state === 'released')
            await m.delete(DiscountHold, { sessionId: hold.sessionId });
          else
            await m.update(
              DiscountHold,
              { sessionId: hold.sessionId },
              { email: null, emailKey: erasedMailboxKey(hold.email!) },
            );
        }
        return { discountUsesForgotten: holds.filter((h) => h.state !== 'released').length };
      },
    };
  }
}
