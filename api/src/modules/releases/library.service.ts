import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { endsDownloads, type OrderLine } from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { addDays } from '../../common/early-access.js';
import { normaliseEmail } from '../../common/strings.js';
import { CatalogService, ReleaseFilesService } from '../catalog/index.js';
import {
  parseRange,
  STORAGE,
  type ByteRange,
  type Storage,
  type StoredFile,
} from '../storage/index.js';
import { DownloadCodesService } from './download-codes.service.js';

/** A release in a fan's library, with the formats it has now. */
export interface LibraryRelease {
  productId: string;
  title: string;
  formats: { format: string; bytes: number }[];
}

/** An order as the library reads it: its payment and its lines. */
export interface LibraryOrder {
  paymentStatus: string;
  lines: Pick<OrderLine, 'kind' | 'productId' | 'quantity' | 'refundedQuantity'>[];
}

/** What opening a format of a release of the library finds. */
export type LibraryOpened =
  | { state: 'ok'; title: string; format: string; file: StoredFile; range: ByteRange | null }
  | { state: 'missing' }
  | { state: 'unsatisfiable'; size: number };

/**
 * A fan's library: every release she paid for (whatever the price) or redeemed a code for (and
 * every release while a membership gives them all),
 * streamed from storage as `/download/<token>` streams it, with no expiry. A release of an order
 * refunded in full, or of a line refunded in full, leaves it.
 */
@Injectable()
export class LibraryService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly files: ReleaseFilesService,
    private readonly catalog: CatalogService,
    private readonly codes: DownloadCodesService,
    private readonly clock: Clock,
  ) {}

  /**
   * The releases of her orders (given, found by her account) and of the codes she redeemed; with
   * `allReleases` (a membership's perk), every release of the shop out now besides; with
   * `earlyAccessDays` (another), the releases out within that many days, before the shop has
   * them (with `allReleases`, those too).
   */
  async releasesOf(
    email: string,
    orders: LibraryOrder[],
    {
      allReleases = false,
      earlyAccessDays = 0,
    }: { allReleases?: boolean; earlyAccessDays?: number } = {},
  ): Promise<LibraryRelease[]> {
    const ids = new Set<string>();
    for (const order of orders) {
      if (endsDownloads(order.paymentStatus)) continue;
      for (const line of order.lines)
        if (line.kind === 'digital' && line.productId && line.refundedQuantity < line.quantity)
          ids.add(line.productId);
    }
    const manager = this.dataSource.manager;
    for (const code of await this.codes.redeemedBy(manager, normaliseEmail(email)))
      if (code.redeemedAt !== null) ids.add(code.productId);
    if (allReleases || earlyAccessDays > 0) {
      const today = this.clock.today();
      const releases = await this.catalog.releaseIdsWithFiles(manager, {
        releasedBy: addDays(today, earlyAccessDays),
        releasedAfter: allReleases ? null : today,
      });
      for (const id of releases) ids.add(id);
    }
    if (ids.size === 0) return [];
    const products = await this.catalog.productsByIds(manager, [...ids]);
    const files = await this.files.forReleases([...ids]);
    return products
      .map((product) => ({
        productId: product.id,
        title: product.name,
        formats: files
          .filter((f) => f.productId === product.id)
          .map((f) => ({ format: f.format, bytes: Number(f.bytes) })),
      }))
      .sort((a, b) => a.title.localeCompare(b.title) || a.productId.localeCompare(b.productId));
  }

  /** One format of a release of the library, for a request with this Range header (or none). */
  async open(
    release: LibraryRelease,
    format: string,
    rangeHeader: string | undefined,
  ): Promise<LibraryOpened> {
    const file = (await this.files.forReleases([release.productId])).find(
      (f) => f.format === format,
    );
    if (!file) return { state: 'missing' };
    const range = parseRange(rangeHeader, Number(file.bytes));
    if (range === 'unsatisfiable') return { state: 'unsatisfiable', size: Number(file.bytes) };
    const stored = await this.storage.get(file.storageKey, range ?? undefined);
    if (!stored) return { state: 'missing' };
    return { state: 'ok', title: release.title, format: file.format, file: stored, range };
  }
}
