import { createHash } from 'node:crypto';
import {
  ConflictException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  ERASED,
  REFUNDED_DOWNLOADS_MESSAGE,
  endsDownloads,
  type DownloadLink,
  type DownloadRecord,
  type EmailSubject,
  type OrderLine,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { EarlyAccess, mayHaveRelease } from '../../common/early-access.js';
import { DomainEvents } from '../../common/domain-events.js';
import { Transactions } from '../../database/transaction.js';
import { TooManyRequestsException } from '../../common/too-many-requests.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { CatalogService, ReleaseFilesService } from '../catalog/index.js';
import { newLinkToken } from '../../common/link-pages.js';
import { OutboxService } from '../email/index.js';
import { OrdersService } from '../orders/index.js';
import { downloadLinks, type DownloadEmailLink } from './emails/download-links.email.js';
import { RateLimiter, type Limit } from '../rate-limit/index.js';
import {
  parseRange,
  STORAGE,
  type ByteRange,
  type Storage,
  type StoredFile,
} from '../storage/index.js';
import { DownloadLinkRecord, DownloadRecordRow } from './download.entity.js';

/** The path of a link, from the site's root. */
export const DOWNLOAD_PATH = '/download';
/** 32 characters of base64url: 192 random bits. */
export const TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** The admin's re-send of an order whose releases have no file to link to. */
export const NO_FILES_TO_SEND_MESSAGE =
  'This order’s releases have no files yet: upload a format, then send the links.';
/** Fresh links asked for from a link that still downloads. */
export const LINK_STILL_WORKS_MESSAGE = 'This link still works.';
/** Fresh links one email address may ask for. */
export const FRESH_LINKS_LIMIT: Limit = { max: 3, windowMs: 60 * 60_000 };
/** How long after a counted download a Range from past the first byte resumes it uncounted. */
export const RESUME_MS = 24 * 60 * 60_000;

/** Whom links are made for: a buyer's order, or a redeemed code. */
export interface Grantee {
  email: string;
  orderId?: number | null;
  sessionId?: string | null;
  codeId?: number | null;
}

/** A release bought or redeemed, to make links for. */
export interface Grant extends Grantee {
  productId: string;
}

/** The releases an order's lines bought. */
const releasesOf = (lines: Pick<OrderLine, 'kind' | 'productId'>[]): string[] => [
  ...new Set(
    lines.flatMap((line) => (line.kind === 'digital' && line.productId ? [line.productId] : [])),
  ),
];

/** A link to a release before its date, whose address has no early access reaching it. */
export interface NotOutYet {
  state: 'not-out';
  releaseDate: string;
}

/** Why a link no longer downloads: its days are over, its downloads used, or its order refunded. */
export type GoneReason = 'expired' | 'used' | 'refunded';

/** What `/download/<token>` finds. */
export type Opened =
  | { state: 'ok'; link: DownloadLinkRecord; file: StoredFile; range: ByteRange | null }
  | { state: 'gone'; link: DownloadLinkRecord; reason: GoneReason }
  | NotOutYet
  | { state: 'missing' }
  | { state: 'unsatisfiable'; size: number };

/**
 * The download links of releases: made when an order is paid or a code redeemed, served from
 * storage by `/download/<token>`, counted per download, and sent again by email on request.
 */
@Injectable()
export class DownloadsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly clock: Clock,
    private readonly files: ReleaseFilesService,
    private readonly outbox: OutboxService,
    private readonly limiter: RateLimiter,
    private readonly orders: OrdersService,
    private readonly transactions: Transactions,
    private readonly catalog: CatalogService,
    private readonly early: EarlyAccess,
    events: DomainEvents,
  ) {
    // A paid checkout's releases get their links with the order.
    events.on('OrderPaid', async (manager, { order, heldBy }) => {
      if (heldBy !== null) await this.grantForOrder(manager, order);
      return [];
    });
  }

  get days(): number {
    return this.config.downloads.days;
  }

  get limit(): number {
    return this.config.downloads.limit;
  }

  urlOf(token: string): string {
    return `${this.config.publicUrl}${DOWNLOAD_PATH}/${token}`;
  }

  /**
   * One new link per format each release has now, valid DOWNLOAD_DAYS from now: a format
   * uploaded after a purchase is in the links sent again.
   */
  async grant(manager: EntityManager, grants: Grant[]): Promise<DownloadLinkRecord[]> {
    if (grants.length === 0) return [];
    const ids = [...new Set(grants.map((g) => g.productId))];
    const products = await this.catalog.productsByIds(manager, ids);
    const files = await this.files.forReleases(ids);
    const now = this.clock.now().getTime();
    const rows: Partial<DownloadLinkRecord>[] = grants.flatMap((grant) => {
      const product = products.find((p) => p.id === grant.productId);
      if (!product) return [];
      return files
        .filter((f) => f.productId === grant.productId)
        .map((file) => ({
          token: newLinkToken(),
          orderId: grant.orderId ?? null,
          sessionId: grant.sessionId ?? null,
          codeId: grant.codeId ?? null,
          productId: product.id,
          releaseName: product.name,
          fileId: file.id,
          format: file.format,
          email: grant.email,
          expiresAt: now + this.days * 24 * 60 * 60_000,
          downloads: 0,
          lastDownloadAt: null,
        }));
    });
    if (rows.length === 0) return [];
    await manager.insert(DownloadLinkRecord, rows);
    return manager.find(DownloadLinkRecord, {
      where: { token: In(rows.map((r) => r.token!)) },
      order: { id: 'ASC' },
    });
  }

  /** The links of a paid order's releases, made in its transaction (`OrderPaid`). */
  private grantForOrder(
    manager: EntityManager,
    order: {
      id: number;
      email: string;
      stripeSessionId: string;
      lines: Pick<OrderLine, 'kind' | 'productId'>[];
    },
  ): Promise<DownloadLinkRecord[]> {
    return this.grant(
      manager,
      releasesOf(order.lines).map((productId) => ({
        productId,
        email: order.email,
        orderId: order.id,
        sessionId: order.stripeSessionId,
      })),
    );
  }

  /** An order's links, first made first, in the caller's transaction. */
  linksOfOrder(manager: EntityManager, orderId: number): Promise<DownloadLinkRecord[]> {
    return manager.find(DownloadLinkRecord, { where: { orderId }, order: { id: 'ASC' } });
  }

  emailLinks(links: DownloadLinkRecord[]): DownloadEmailLink[] {
    return links.map((l) => ({
      release: l.releaseName,
      format: l.format,
      url: this.urlOf(l.token),
    }));
  }

  /**
   * Whether the order a link was made for has ended its downloads (a full refund, whichever way
   * it arrived: the admin's refund, Stripe's webhook, the test provider). Read from the order's
   * payment status each time, so nothing else has to remember it. Links of codes have no order.
   */
  private async orderEnded(orderId: number | null): Promise<boolean> {
    if (orderId === null) return false;
    const order = await this.orders.find(orderId);
    return order !== null && endsDownloads(order.paymentStatus);
  }

  /**
   * A link's release before its date, for an address whose membership's early access does not
   * reach it (a link of a redeemed code or an order made early): null once it may download.
   */
  private async notOutFor(link: DownloadLinkRecord): Promise<NotOutYet | null> {
    const product = await this.catalog.productById(this.dataSource.manager, link.productId);
    const releaseDate = product?.releaseDate ?? null;
    if (await mayHaveRelease(this.early, releaseDate, this.clock.today(), link.email)) return null;
    return { state: 'not-out', releaseDate: releaseDate! };
  }

  /** The receipt's links: those of the order the checkout session made (none once refunded). */
  async forSession(sessionId: string): Promise<DownloadLink[]> {
    const links = await this.dataSource.manager.find(DownloadLinkRecord, {
      where: { sessionId },
      order: { id: 'ASC' },
    });
    if (links.length > 0 && (await this.orderEnded(links[0].orderId))) return [];
    return links.map((l) => ({
      release: l.releaseName,
      format: l.format,
      url: `${DOWNLOAD_PATH}/${l.token}`,
      expiresAt: new Date(l.expiresAt).toISOString(),
      downloadsLeft: Math.max(0, this.limit - l.downloads),
    }));
  }

  /**
   * What a HEAD request is told: the file's name and size for a live link, counting nothing.
   */
  async peek(
    token: string,
  ): Promise<
    | { state: 'ok'; link: DownloadLinkRecord; bytes: number }
    | { state: 'gone'; link: DownloadLinkRecord; reason: GoneReason }
    | NotOutYet
    | { state: 'missing' }
  > {
    if (!TOKEN.test(token)) return { state: 'missing' };
    const link = await this.dataSource.getRepository(DownloadLinkRecord).findOneBy({ token });
    if (!link) return { state: 'missing' };
    if (await this.orderEnded(link.orderId)) return { state: 'gone', link, reason: 'refunded' };
    const notOut = await this.notOutFor(link);
    if (notOut) return notOut;
    if (link.expiresAt <= this.clock.now().getTime())
      return { state: 'gone', link, reason: 'expired' };
    if (link.downloads >= this.limit) return { state: 'gone', link, reason: 'used' };
    const file = await this.files.find(link.fileId);
    return file ? { state: 'ok', link, bytes: file.bytes } : { state: 'missing' };
  }

  /**
   * The link and its file for a request with this Range header (or none). A download is
   * counted (one conditional UPDATE, so concurrent requests cannot pass the limit) when it
   * starts at the first byte; a Range from further on within RESUME_MS of a counted download
   * resumes it and is not counted while the link is within its limit. An expired or used-up
   * link is `gone`, and so is every link of a refunded order, resumed or not: a used-up link
   * resumed from byte 1 would otherwise serve the whole file again. Before the release's date a
   * link is `not-out`, but for an address whose membership's early access reaches it.
   */
  async open(token: string, rangeHeader: string | undefined): Promise<Opened> {
    if (!TOKEN.test(token)) return { state: 'missing' };
    const repo = this.dataSource.getRepository(DownloadLinkRecord);
    const link = await repo.findOneBy({ token });
    if (!link) return { state: 'missing' };
    if (await this.orderEnded(link.orderId)) return { state: 'gone', link, reason: 'refunded' };
    // Before the release's date nothing is counted: the link works once it is out.
    const notOut = await this.notOutFor(link);
    if (notOut) return notOut;
    const now = this.clock.now().getTime();
    if (link.expiresAt <= now) return { state: 'gone', link, reason: 'expired' };
    if (link.downloads >= this.limit) return { state: 'gone', link, reason: 'used' };
    const file = await this.files.find(link.fileId);
    if (!file) return { state: 'missing' };
    const range = parseRange(rangeHeader, file.bytes);
    if (range === 'unsatisfiable') return { state: 'unsatisfiable', size: file.bytes };
    const resumes =
      range !== null &&
      range.start > 0 &&
      link.lastDownloadAt !== null &&
      now - link.lastDownloadAt < RESUME_MS;
    const bytes = range ? range.end - range.start + 1 : file.bytes;
    if (resumes) {
      await this.dataSource
        .createQueryBuilder()
        .update(DownloadRecordRow)
        .set({ bytes: () => `bytes + ${Number(bytes)}` })
        .where(
          'id = (SELECT m.id FROM (SELECT MAX(id) AS id FROM download_records WHERE linkId = :linkId) m)',
          {
            linkId: link.id,
          },
        )
        .execute();
    } else {
      const { affected } = await this.dataSource
        .createQueryBuilder()
        .update(DownloadLinkRecord)
        .set({ downloads: () => 'downloads + 1', lastDownloadAt: now })
        .where('id = :id AND downloads < :limit AND expiresAt > :now', {
          id: link.id,
          limit: this.limit,
          now,
        })
        .execute();
      if (!affected) return { state: 'gone', link, reason: 'used' };
      await this.dataSource.getRepository(DownloadRecordRow).insert({
        linkId: link.id,
        orderId: link.orderId,
        releaseName: link.releaseName,
        format: link.format,
        bytes,
        at: now,
      });
    }
    const stored = await this.storage.get(file.storageKey, range ?? undefined);
    if (!stored) return { state: 'missing' };
    return { state: 'ok', link, file: stored, range };
  }

  /**
   * Fresh links for the release of an expired or used-up link, emailed to its address (never
   * to one typed in): at most FRESH_LINKS_LIMIT an hour per address, then 429. A refunded
   * order's link gets none (410 with REFUNDED_DOWNLOADS_MESSAGE), nor does a link that still
   * downloads (409), and neither uses up a try.
   */
  async sendFresh(token: string): Promise<{ email: string }> {
    if (!TOKEN.test(token)) throw new NotFoundException('This download link does not exist.');
    const link = await this.dataSource.getRepository(DownloadLinkRecord).findOneBy({ token });
    if (!link) throw new NotFoundException('This download link does not exist.');
    if (await this.orderEnded(link.orderId)) throw new GoneException(REFUNDED_DOWNLOADS_MESSAGE);
    if (link.expiresAt > this.clock.now().getTime() && link.downloads < this.limit)
      throw new ConflictException(LINK_STILL_WORKS_MESSAGE);
    const key = createHash('sha256').update(link.email).digest('hex');
    const wait = await this.limiter.take('download-links', key, FRESH_LINKS_LIMIT);
    if (wait > 0) {
      throw new TooManyRequestsException(
        `Fresh links were sent to this address a few times already; try again in ${Math.ceil(wait / 60)} minutes.`,
        wait,
      );
    }
    const { email, orderId, sessionId, codeId } = link;
    await this.resend([link.productId], { email, orderId, sessionId, codeId }, `fresh:${link.id}`, {
      type: 'download-link',
      id: link.id,
    });
    return { email: link.email };
  }

  /**
   * POST /api/admin/orders/:id/downloads/resend: fresh links for every release the order bought
   * (from its line items, so an order paid before its release had any file gets links too),
   * emailed to the order's address. 404 for no such order, one without releases, or one whose
   * fan was erased; 409 while its releases have no file, or once the order is refunded in full
   * (nothing is made or sent).
   */
  async resendForOrder(orderId: number): Promise<{ sent: number }> {
    const order = await this.orders.find(orderId);
    const productIds = order ? releasesOf(order.lines) : [];
    if (!order || productIds.length === 0 || order.email === ERASED) {
      throw new NotFoundException('This order has no downloads.');
    }
    if (endsDownloads(order.paymentStatus)) throw new ConflictException(REFUNDED_DOWNLOADS_MESSAGE);
    const made = await this.resend(
      productIds,
      { email: order.email, orderId: order.id, sessionId: order.stripeSessionId },
      `order:${orderId}`,
      { type: 'order', id: orderId },
    );
    if (made === 0) throw new ConflictException(NO_FILES_TO_SEND_MESSAGE);
    return { sent: made };
  }

  private async resend(
    productIds: string[],
    to: Grantee,
    reason: string,
    subject: EmailSubject,
  ): Promise<number> {
    return this.transactions.run(async (manager) => {
      const links = await this.grant(
        manager,
        productIds.map((productId) => ({ ...to, productId })),
      );
      await this.queueLinks(manager, to.email, links, `${reason}:${links[0]?.id ?? 0}`, subject);
      return links.length;
    });
  }

  /**
   * Emails links on their own (a redeemed code, fresh links, links sent again), about what asked
   * for them (the code, the link, the order).
   */
  async queueLinks(
    manager: EntityManager,
    email: string,
    links: DownloadLinkRecord[],
    key: string,
    subject: EmailSubject,
  ): Promise<void> {
    if (links.length === 0) return;
    await this.outbox.queue(manager, {
      key: `download-links:${key}`,
      kind: 'download-links',
      about: subject,
      to: { address: email },
      ...downloadLinks(this.emailLinks(links), this.days, this.limit, this.config.publicUrl),
      lane: 'transactional',
      // A code redeemed or fresh links asked for can come from anyone; the artist's re-send of
      // an order's links (subject `order`) is hers.
      strangerCaused: subject.type !== 'order',
    });
  }

  /** GET /api/admin/orders/:id/downloads: the downloads made with the order's links. */
  async recordsOfOrder(orderId: number): Promise<DownloadRecord[]> {
    const rows = await this.dataSource.getRepository(DownloadRecordRow).find({
      where: { orderId },
      order: { at: 'ASC', id: 'ASC' },
    });
    return rows.map((r) => ({
      at: new Date(r.at).toISOString(),
      release: r.releaseName,
      format: r.format,
      bytes: r.bytes,
    }));
  }

  /** The fan's links and downloads, for the privacy export. */
  async personalData(
    manager: EntityManager,
    email: string,
    orderIds: number[],
  ): Promise<{ links: DownloadLinkRecord[]; records: DownloadRecordRow[] }> {
    const links = await manager
      .getRepository(DownloadLinkRecord)
      .createQueryBuilder('l')
      .where('LOWER(TRIM(l.email)) = :email', { email })
      .orWhere(orderIds.length ? 'l.orderId IN (:...orderIds)' : '1 = 0', { orderIds })
      .orderBy('l.id')
      .getMany();
    const linkIds = links.map((l) => l.id);
    const records = linkIds.length
      ? await manager.getRepository(DownloadRecordRow).find({
          where: { linkId: In(linkIds) },
          order: { id: 'ASC' },
        })
      : [];
    return { links, records };
  }

  /** Erasure: the fan's links stop working and go, with the records of their downloads. */
  async erase(manager: EntityManager, email: string, orderIds: number[]): Promise<number> {
    const { links } = await this.personalData(manager, email, orderIds);
    if (links.length === 0) return 0;
    const ids = links.map((l) => l.id);
    await manager.delete(DownloadRecordRow, { linkId: In(ids) });
    await manager.delete(DownloadLinkRecord, { id: In(ids) });
    return links.length;
  }
}
