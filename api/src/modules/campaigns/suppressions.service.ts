import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, type EntityManager, type Repository } from 'typeorm';
import {
  SUPPRESSION_LIST_FILTERS,
  type Suppression,
  type SuppressionListFilter,
  type SuppressionReason,
  type SuppressionSort,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { filtersByValue, type ListDefinition } from '../../lists/list.js';
import { normaliseEmail } from '../../common/strings.js';
import { sqlPiece, type SqlPiece } from '../../database/sql-piece.js';
import { isDuplicateKeyError } from '../../database/transaction.js';
import { suppressionDigest, suppressionKeys } from './campaign-fan-data.js';
import { SuppressionRecord } from './campaign.entity.js';

/** Addresses that get no campaign after a hard bounce or a complaint. */
@Injectable()
export class SuppressionsService {
  constructor(
    @InjectRepository(SuppressionRecord)
    private readonly suppressions: Repository<SuppressionRecord>,
    private readonly clock: Clock,
  ) {}

  /**
   * Adds an address once; false when it was suppressed already, as written or, after its fan was
   * erased, as a digest. With `manager`, inside that transaction.
   */
  async add(
    email: string,
    reason: SuppressionReason,
    detail: string | null,
    campaignId: number | null,
    manager?: EntityManager,
  ): Promise<boolean> {
    const suppressions = manager ? manager.getRepository(SuppressionRecord) : this.suppressions;
    const keys = suppressionKeys(email);
    const stored = await suppressions.findOne({
      select: { id: true, removedAt: true },
      where: { email: In(keys) },
    });
    if (stored?.removedAt === null) return false;
    if (!stored)
      try {
        await suppressions.insert({
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
    const again = await suppressions
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
      .where('email IN (:...keys) AND removedAt IS NOT NULL', { keys })
      .execute();
    return (again.affected ?? 0) > 0;
  }

  async isSuppressed(email: string): Promise<boolean> {
    return this.suppressions.existsBy({ email: In(suppressionKeys(email)), removedAt: IsNull() });
  }

  /** Those of some addresses that are suppressed now, as written or as a digest. */
  async suppressedAmong(emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const keyed = emails.map((email) => ({ email, keys: suppressionKeys(email) }));
    const rows = await this.suppressions.find({
      select: { email: true },
      where: { email: In(keyed.flatMap((k) => k.keys)), removedAt: IsNull() },
    });
    const stored = new Set(rows.map((row) => row.email));
    return new Set(keyed.filter((k) => k.keys.some((key) => stored.has(key))).map((k) => k.email));
  }

  /** Tells whether an address is suppressed, as written or as an erased fan's digest. */
  async suppressed(): Promise<(email: string) => boolean> {
    const rows = await this.suppressions.find({
      select: { email: true },
      where: { removedAt: IsNull() },
    });
    const stored = new Set(rows.map((row) => row.email));
    // Digests are worked out only when an erased fan's suppression is held.
    const digests = rows.some((row) => row.email.startsWith('sha256:'));
    return (email) =>
      stored.has(normaliseEmail(email)) || (digests && stored.has(suppressionDigest(email)));
  }

  /**
   * The addresses suppressed now, as a piece of another module's query (`email NOT IN (piece)`):
   * as written; an erased fan's digest matches no address there (`holdsDigests`).
   */
  suppressedPiece(): SqlPiece {
    return sqlPiece(
      this.suppressions.createQueryBuilder('sx').select('sx.email').where('sx.removedAt IS NULL'),
    );
  }

  /** Whether an erased fan's address is suppressed now, held as its digest. */
  async holdsDigests(): Promise<boolean> {
    return this.suppressions
      .createQueryBuilder('x')
      .where('x.removedAt IS NULL')
      .andWhere("x.email LIKE 'sha256:%'")
      .getExists();
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
      filters: filtersByValue('x.reason', SUPPRESSION_LIST_FILTERS),
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
