import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import type {
  Suppression,
  SuppressionListFilter,
  SuppressionReason,
  SuppressionSort,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import type { ListDefinition } from '../../common/list.js';
import { normaliseEmail } from '../../common/strings.js';
import { isDuplicateKeyError } from '../../database/transaction.js';
import { SuppressionRecord } from './campaign.entity.js';

/** Addresses that get no campaign after a hard bounce or a complaint. */
@Injectable()
export class SuppressionsService {
  constructor(
    @InjectRepository(SuppressionRecord)
    private readonly suppressions: Repository<SuppressionRecord>,
    private readonly clock: Clock,
  ) {}

  /** Adds an address once; false when it was suppressed already. */
  async add(
    email: string,
    reason: SuppressionReason,
    detail: string | null,
    campaignId: number | null,
  ): Promise<boolean> {
    try {
      await this.suppressions.insert({
        email: normaliseEmail(email),
        reason,
        detail: detail ? detail.slice(0, 500) : null,
        campaignId,
        createdAt: this.clock.now().getTime(),
      });
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    // Suppressed again after the artist lifted it.
    const again = await this.suppressions
      .createQueryBuilder()
      .update(SuppressionRecord)
      .set({
        reason,
        detail: detail ? detail.slice(0, 500) : null,
        campaignId,
        createdAt: this.clock.now().getTime(),
        removedAt: null,
        removedReason: null,
      })
      .where('email = :email AND removedAt IS NOT NULL', { email: normaliseEmail(email) })
      .execute();
    return (again.affected ?? 0) > 0;
  }

  async isSuppressed(email: string): Promise<boolean> {
    return this.suppressions.existsBy({ email: normaliseEmail(email), removedAt: IsNull() });
  }

  async addresses(): Promise<Set<string>> {
    const rows = await this.suppressions.find({
      select: { email: true },
      where: { removedAt: IsNull() },
    });
    return new Set(rows.map((row) => row.email));
  }

  /** The artist lifts a suppression, saying why; the row stays with the reason. */
  async remove(id: number, reason: string): Promise<void> {
    const lifted = await this.suppressions.update(
      { id, removedAt: IsNull() },
      { removedAt: this.clock.now().getTime(), removedReason: reason },
    );
    if (!lifted.affected) throw new NotFoundException('Suppression not found.');
  }

  listDefinition(): ListDefinition<
    SuppressionRecord,
    Suppression,
    SuppressionListFilter,
    SuppressionSort
  > {
    return {
      repository: this.suppressions,
      alias: 'x',
      scope: { where: 'x.removedAt IS NULL' },
      filters: {
        bounce: { where: "x.reason = 'bounce'" },
        complaint: { where: "x.reason = 'complaint'" },
      },
      searchColumns: ['email'],
      sorts: { createdAt: 'x.createdAt', email: 'x.email', reason: 'x.reason' },
      uniqueSorts: ['email'],
      defaultSort: '-createdAt',
      toRow: (row) => ({
        id: row.id,
        email: row.email,
        reason: row.reason,
        campaignId: row.campaignId,
        createdAt: new Date(row.createdAt).toISOString(),
      }),
    };
  }
}
