import { randomInt } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  CODE_NOT_FOUND_MESSAGE,
  CODE_USED_MESSAGE,
  type CodeBatch,
  type CodeBatchCreated,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { EarlyAccess, mayHaveRelease, notOutYetMessage } from '../../common/early-access.js';
import { Transactions } from '../../database/transaction.js';
import { CatalogService } from '../catalog/index.js';
import { DownloadCode, DownloadCodeBatch } from './download-code.entity.js';
import { DownloadsService } from './downloads.service.js';

export const CODES_NEED_RELEASE_MESSAGE = 'Download codes are for digital releases only.';
export const BATCH_NOT_FOUND_MESSAGE = 'No batch of codes has this id for this release.';
export const NO_FILES_MESSAGE = 'This release cannot be downloaded yet; please try again later.';
/** Rows one INSERT writes. */
const CHUNK = 500;

/** A code of CODE_LENGTH letters of CODE_ALPHABET, from the system's secure random source. */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code as a fan may type it: any case, spaces and dashes. Null for anything not text. */
export function typedCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const code = value.replace(/[\s-]+/g, '').toUpperCase();
  return code.length === CODE_LENGTH ? code : null;
}

/**
 * Download codes: batches made for a release, exported to print on cards, redeemed once each
 * at `/redeem` for the release's links by email.
 */
@Injectable()
export class DownloadCodesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly downloads: DownloadsService,
    private readonly transactions: Transactions,
    private readonly catalog: CatalogService,
    private readonly early: EarlyAccess,
  ) {}

  private async release(manager: EntityManager, productId: string) {
    const product = await this.catalog.productById(manager, productId);
    if (!product) throw new NotFoundException('Product not found.');
    if (product.kind !== 'digital') throw new BadRequestException(CODES_NEED_RELEASE_MESSAGE);
    return product;
  }

  /** A batch of `count` new codes (a code that happens to exist already is drawn again). */
  async createBatch(productId: string, count: number): Promise<CodeBatchCreated> {
    return this.transactions.run(async (manager) => {
      await this.release(manager, productId);
      const { identifiers } = await manager.insert(DownloadCodeBatch, { productId, count });
      const batchId = Number(identifiers[0].id);
      for (let made = 0; made < count;) {
        const size = Math.min(CHUNK, count - made);
        const codes = new Set<string>();
        while (codes.size < size) codes.add(newCode());
        const taken = await manager.findBy(DownloadCode, { code: In([...codes]) });
        for (const { code } of taken) codes.delete(code);
        await manager.insert(
          DownloadCode,
          [...codes].map((code) => ({ batchId, productId, code })),
        );
        made += codes.size;
      }
      return { batchId, count };
    });
  }

  /** The release's batches, newest first, with how many of each were redeemed. */
  async batches(productId: string): Promise<CodeBatch[]> {
    await this.release(this.dataSource.manager, productId);
    const batches = await this.dataSource.manager.find(DownloadCodeBatch, {
      where: { productId },
      order: { id: 'DESC' },
    });
    if (batches.length === 0) return [];
    const counts = (await this.dataSource
      .getRepository(DownloadCode)
      .createQueryBuilder('c')
      .select('c.batchId', 'batchId')
      .addSelect('COUNT(*)', 'redeemed')
      .where('c.batchId IN (:...ids)', { ids: batches.map((b) => b.id) })
      .andWhere('c.redeemedAt IS NOT NULL')
      .groupBy('c.batchId')
      .getRawMany()) as { batchId: number | string; redeemed: number | string }[];
    return batches.map((b) => ({
      batchId: b.id,
      productId: b.productId,
      count: b.count,
      redeemed: Number(counts.find((c) => Number(c.batchId) === b.id)?.redeemed ?? 0),
      voidedAt: b.voidedAt === null ? null : new Date(b.voidedAt).toISOString(),
      createdAt: b.createdAt.toISOString(),
    }));
  }

  async findBatch(productId: string, batchId: number): Promise<DownloadCodeBatch> {
    const batch = await this.dataSource.manager.findOneBy(DownloadCodeBatch, {
      id: batchId,
      productId,
    });
    if (!batch) throw new NotFoundException(BATCH_NOT_FOUND_MESSAGE);
    return batch;
  }

  /** The batch's codes, in the order made, for the CSV to print. */
  async codesOf(productId: string, batchId: number): Promise<string[]> {
    await this.findBatch(productId, batchId);
    const rows = await this.dataSource.manager.find(DownloadCode, {
      where: { batchId },
      order: { id: 'ASC' },
      select: { id: true, code: true },
    });
    return rows.map((r) => r.code);
  }

  /** Whether any code could still be redeemed: one not used, of a batch not voided. */
  async hasLiveCodes(): Promise<boolean> {
    const live = await this.dataSource
      .getRepository(DownloadCode)
      .createQueryBuilder('c')
      .innerJoin(DownloadCodeBatch, 'b', 'b.id = c.batchId')
      .where('c.redeemedAt IS NULL')
      .andWhere('b.voidedAt IS NULL')
      .select('c.id')
      .limit(1)
      .getRawOne();
    return live !== undefined;
  }

  /** Voids a batch: none of its codes not yet redeemed works from now on. */
  async voidBatch(productId: string, batchId: number): Promise<CodeBatch> {
    await this.findBatch(productId, batchId);
    await this.dataSource.manager.update(
      DownloadCodeBatch,
      { id: batchId, voidedAt: IsNull() },
      { voidedAt: this.clock.now().getTime() },
    );
    return (await this.batches(productId)).find((b) => b.batchId === batchId)!;
  }

  /**
   * `POST /api/redeem`: the code is taken by one conditional UPDATE (so of concurrent tries one
   * wins, the others get 409), and the release's links are emailed in the same transaction. Any
   * code that is not live (unknown, any shape, of a voided batch) is 404 with one sentence; a
   * code of a release before its date is 403 with a sentence and stays unused, but for an
   * address whose membership's early access reaches the date.
   */
  async redeem(value: unknown, email: string): Promise<void> {
    const code = typedCode(value);
    if (code === null) throw new NotFoundException(CODE_NOT_FOUND_MESSAGE);
    await this.transactions.run(async (manager) => {
      const row = await manager.findOneBy(DownloadCode, { code });
      if (!row) throw new NotFoundException(CODE_NOT_FOUND_MESSAGE);
      const batch = await manager.findOneBy(DownloadCodeBatch, { id: row.batchId });
      if (!batch || batch.voidedAt !== null) throw new NotFoundException(CODE_NOT_FOUND_MESSAGE);
      // Before the release's date the code keeps: it works once the release is out, or now for
      // an address whose membership's early access reaches it (the links go to that address).
      const releaseDate = (await this.catalog.productById(manager, row.productId))?.releaseDate;
      if (!(await mayHaveRelease(this.early, releaseDate ?? null, this.clock.today(), email)))
        throw new ForbiddenException(notOutYetMessage(releaseDate!));
      const { affected } = await manager.update(
        DownloadCode,
        { id: row.id, redeemedAt: IsNull() },
        { redeemedAt: this.clock.now().getTime(), email },
      );
      if (!affected) throw new ConflictException(CODE_USED_MESSAGE);
      const links = await this.downloads.grant(manager, [
        { productId: row.productId, email, codeId: row.id },
      ]);
      // Undoes the redemption: the code still works once the files are up.
      if (links.length === 0) throw new ConflictException(NO_FILES_MESSAGE);
      await this.downloads.queueLinks(manager, email, links, `code:${row.id}`, {
        type: 'download-code',
        id: row.id,
      });
    });
  }

  /** The codes the fan redeemed, for the privacy export. */
  redeemedBy(manager: EntityManager, email: string): Promise<DownloadCode[]> {
    return manager
      .getRepository(DownloadCode)
      .createQueryBuilder('c')
      .where('LOWER(TRIM(c.email)) = :email', { email })
      .orderBy('c.id')
      .getMany();
  }

  /** Erasure: the codes stay redeemed, without the address. */
  async forget(manager: EntityManager, email: string): Promise<number> {
    const codes = await this.redeemedBy(manager, email);
    if (codes.length)
      await manager.update(DownloadCode, { id: In(codes.map((c) => c.id)) }, { email: null });
    return codes.length;
  }
}
