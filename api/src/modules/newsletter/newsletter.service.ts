import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { SIGNUP_LIST_FILTERS, type EmailSignup as EmailSignupView } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { whereSearch } from '../../common/list-query.js';
import { EmailSignup } from './email-signup.entity.js';

export const SIGNUP_FILTERS = SIGNUP_LIST_FILTERS;
export type SignupFilter = (typeof SIGNUP_FILTERS)[number] | 'all';

@Injectable()
export class NewsletterService {
  constructor(
    @InjectRepository(EmailSignup) private readonly signups: Repository<EmailSignup>,
    private readonly clock: Clock,
  ) {}

  /**
   * Adds a lower-cased address once; a repeat (even a concurrent one) is ignored by the unique
   * index, so it is never an error and never a second row.
   */
  async signUp(email: string): Promise<void> {
    await this.signups
      .createQueryBuilder()
      .insert()
      .into(EmailSignup)
      .values({ email: email.toLowerCase() })
      .orIgnore()
      .execute();
  }

  async list(filter: SignupFilter = 'all', search = ''): Promise<EmailSignupView[]> {
    const qb = this.signups.createQueryBuilder('s');
    if (filter !== 'all') {
      qb.where('s.contacted = :contacted', {
        contacted: filter === 'contacted' ? 'true' : 'false',
      });
    }
    whereSearch(qb, ['email'], search);
    const rows = await qb.orderBy('s.createdAt', 'DESC').addOrderBy('s.id', 'DESC').getMany();
    return rows.map((row) => ({
      ...row,
      contactedAt: row.contactedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async bulkUpdate(ids: number[], contacted: 'true' | 'false'): Promise<number> {
    const result = await this.signups.update(
      { id: In([...new Set(ids)]) },
      { contacted, contactedAt: contacted === 'true' ? this.clock.now() : null },
    );
    return result.affected ?? 0;
  }
}
