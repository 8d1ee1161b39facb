import { In, type EntityManager } from 'typeorm';
import {
  addEmailSubjects,
  PersonalDataProvider,
  type PersonalData,
  type PersonalDataTrail,
} from '../../common/personal-data.js';
import { CheckoutReminder } from './checkout-reminder.entity.js';
import { reminderQuotaName } from './checkout-reminders.service.js';

/**
 * The reminders of a fan's abandoned checkouts, under every address they used, and the weekly
 * count of their mailbox's reminders (kept by the outbox's counts). Erasure deletes both.
 */
@PersonalDataProvider()
export class CheckoutPersonalData implements PersonalData {
  readonly tables = ['checkout_reminders'];
  readonly stage = 'traces';

  async find(manager: EntityManager, _subject: unknown, trail: PersonalDataTrail) {
    const addresses = [...trail.addresses];
    for (const address of addresses) trail.mailQuotas.add(reminderQuotaName(address));
    const reminders = await manager.findBy(CheckoutReminder, { email: In(addresses) });
    addEmailSubjects(trail, 'checkout-session', ...reminders.map((r) => r.sessionId));
    return {
      sections: { checkout_reminders: reminders },
      erase: async (m: EntityManager) => {
        await m.delete(CheckoutReminder, { email: In(addresses) });
        return {};
      },
    };
  }
}
