import { Brackets, In, type EntityManager } from 'typeorm';
import {
  PersonalDataProvider,
  type PersonalData,
  type PersonalDataSubject,
  type PersonalDataTrail,
} from '../../common/personal-data.js';
import { MailQuota } from './mail-quota.entity.js';
import { mailboxQuotaName } from './mailbox.js';
import { OutboxEmail } from './outbox-email.entity.js';

/**
 * The outbox's emails to a fan, with them as Reply-To (the artist's alerts), or about one of
 * their records (the subjects the other modules name in the trail); and the counts kept for
 * their mailboxes (named by digest): the daily one of fan-triggered emails, and those other
 * modules name. Erasure deletes both.
 */
@PersonalDataProvider()
export class EmailPersonalData implements PersonalData {
  readonly tables = ['emails', 'mail_quotas'];
  readonly stage = 'mail';

  async find(manager: EntityManager, subject: PersonalDataSubject, trail: PersonalDataTrail) {
    const qb = manager
      .getRepository(OutboxEmail)
      .createQueryBuilder('e')
      .where('LOWER(TRIM(e.toAddress)) = :email', { email: subject.email })
      .orWhere('LOWER(TRIM(e.replyToAddress)) = :email');
    const idsByType = new Map<string, string[]>();
    for (const { type, id } of trail.emailSubjects)
      idsByType.set(type, [...(idsByType.get(type) ?? []), String(id)]);
    [...idsByType].forEach(([type, ids], i) => {
      qb.orWhere(
        new Brackets((about) =>
          about
            .where(`e.subjectType = :type${i}`, { [`type${i}`]: type })
            .andWhere(`e.subjectId IN (:...ids${i})`, { [`ids${i}`]: ids }),
        ),
      );
    });
    const emails = await qb.orderBy('e.id', 'ASC').getMany();
    const quotaNames = [
      ...new Set([...[...trail.addresses].map(mailboxQuotaName), ...trail.mailQuotas]),
    ];
    const quotas = await manager.findBy(MailQuota, { name: In(quotaNames) });
    return {
      sections: { emails, mail_quotas: quotas },
      erase: async (m: EntityManager) => {
        if (emails.length) await m.delete(OutboxEmail, { id: In(emails.map((e) => e.id)) });
        await m.delete(MailQuota, { name: In(quotaNames) });
        return { emailsDeleted: emails.length };
      },
    };
  }
}
