import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ACCOUNT_ERASE_CONFIRM_MESSAGE,
  LIBRARY_DOWNLOADS_PER_DAY,
  type Account,
  type AccountLibraryItem,
  type AccountNotifyRequest,
  type AccountOrder,
  type AccountPreferencesInput,
  type FanExport,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { normaliseEmail } from '../../common/strings.js';
import { TooManyRequestsException } from '../../common/too-many-requests.js';
import { Transactions } from '../../database/transaction.js';
import { OutboxService } from '../email/index.js';
import { FansService } from '../fans/index.js';
import { NewsletterService } from '../newsletter/index.js';
import { NotifyService } from '../notify/index.js';
import { carrierOf, lineView, OrdersService, type PlacedOrder } from '../orders/index.js';
import { accountErasedEmail } from './emails/account-erased.email.js';
import { minutesOf, RateLimiter } from '../rate-limit/index.js';
import { MembershipsService } from '../memberships/index.js';
import { LibraryService, type LibraryOpened } from '../releases/index.js';
import type { SignedInFan } from './fan-session.js';
import { PasskeysStore } from './passkeys.store.js';

const DAY_MS = 24 * 60 * 60_000;
export const NOT_IN_LIBRARY_MESSAGE = 'This release is not in your library.';
export const NOT_WAITING_MESSAGE = 'You have no waiting request with this id.';

/** The signed-in fan's account: what she sees and changes of her own. */
@Injectable()
export class AccountService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly passkeys: PasskeysStore,
    private readonly newsletter: NewsletterService,
    private readonly notify: NotifyService,
    private readonly orders: OrdersService,
    private readonly library: LibraryService,
    private readonly fans: FansService,
    private readonly limiter: RateLimiter,
    private readonly outbox: OutboxService,
    private readonly memberships: MembershipsService,
  ) {}

  async get(fan: SignedInFan): Promise<Account> {
    const [passkeys, preferences, membership] = await Promise.all([
      this.passkeys.of(this.dataSource.manager, fan.fanId),
      this.newsletter.preferencesOf(fan.email),
      this.memberships.membershipOf(fan.email),
    ]);
    return {
      email: fan.email,
      location: preferences.location,
      topics: preferences.topics,
      passkeys: passkeys.map((p) => ({
        id: p.id,
        createdAt: p.createdAt.toISOString(),
        lastUsedAt: p.lastUsedAt === null ? null : new Date(p.lastUsedAt).toISOString(),
      })),
      membership,
    };
  }

  /** Her orders by her fan record or her address (any letter case), newest first. */
  async ordersOf(fan: SignedInFan): Promise<AccountOrder[]> {
    const orders = await this.placedOrders(fan);
    return orders.map(accountOrder);
  }

  /** Her library: what she bought or redeemed, and every release while a membership gives them. */
  private async releasesOf(fan: SignedInFan) {
    const [orders, perks] = await Promise.all([
      this.placedOrders(fan),
      this.memberships.perksOf(fan.email),
    ]);
    return this.library.releasesOf(fan.email, orders, {
      allReleases: perks.allDownloads,
      earlyAccessDays: perks.earlyAccessDays,
    });
  }

  /** A Stripe billing portal session for her membership, back to her account. */
  membershipPortal(fan: SignedInFan, siteUrl: string): Promise<string> {
    return this.memberships.accountPortal(fan.email, siteUrl);
  }

  private placedOrders(fan: SignedInFan): Promise<PlacedOrder[]> {
    return this.orders.recordsOf(this.dataSource.manager, { id: fan.fanId, email: fan.email });
  }

  async libraryOf(fan: SignedInFan): Promise<AccountLibraryItem[]> {
    const releases = await this.releasesOf(fan);
    return releases.map((release) => ({
      productId: release.productId,
      title: release.title,
      formats: release.formats.map((f) => ({
        format: f.format,
        bytes: f.bytes,
        url: libraryUrl(release.productId, f.format),
      })),
    }));
  }

  /**
   * A format of a release of her library: 404 for one she has not, 429 past
   * LIBRARY_DOWNLOADS_PER_DAY downloads of the release in a day. A download is counted when it
   * starts at the first byte; a Range from further on resumes one and is not.
   */
  async openLibrary(
    fan: SignedInFan,
    productId: string,
    format: string,
    rangeHeader: string | undefined,
  ): Promise<LibraryOpened> {
    const releases = await this.releasesOf(fan);
    const release = releases.find((r) => r.productId === productId);
    if (!release || !release.formats.some((f) => f.format === format))
      throw new NotFoundException(NOT_IN_LIBRARY_MESSAGE);
    const resumes = /^bytes=\s*[1-9]\d*-/.test(rangeHeader?.trim() ?? '');
    if (!resumes) {
      const wait = await this.limiter.take('library-download', `${fan.fanId}:${productId}`, {
        max: LIBRARY_DOWNLOADS_PER_DAY,
        windowMs: DAY_MS,
      });
      if (wait > 0)
        throw new TooManyRequestsException(
          `You have downloaded this release ${LIBRARY_DOWNLOADS_PER_DAY} times today. You can download it again in ${minutesOf(wait)}.`,
          wait,
        );
    }
    const opened = await this.library.open(release, format, rangeHeader);
    if (opened.state === 'missing') throw new NotFoundException(NOT_IN_LIBRARY_MESSAGE);
    return opened;
  }

  async setPreferences(fan: SignedInFan, input: AccountPreferencesInput): Promise<Account> {
    await this.newsletter.setPreferences(fan.email, input);
    return this.get(fan);
  }

  async notifyRequests(fan: SignedInFan): Promise<AccountNotifyRequest[]> {
    const rows = await this.notify.waitingOf({ id: fan.fanId, email: fan.email });
    return rows.map((row) => ({
      id: row.id,
      productId: row.productId,
      productName: row.productName,
      size: row.size,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async cancelNotify(fan: SignedInFan, id: number): Promise<void> {
    if (!(await this.notify.cancel({ id: fan.fanId, email: fan.email }, id)))
      throw new NotFoundException(NOT_WAITING_MESSAGE);
  }

  /** The admin's export of her fan record, as it gives it. */
  export(fan: SignedInFan): Promise<FanExport> {
    return this.fans.export(fan.fanId);
  }

  /**
   * Erases her as the admin's erase does (every module's `PersonalData`: her sessions and
   * passkeys with them), then queues the last email, to the address she confirmed.
   */
  async erase(fan: SignedInFan, confirm: string): Promise<void> {
    if (normaliseEmail(confirm) !== fan.email)
      throw new BadRequestException(ACCOUNT_ERASE_CONFIRM_MESSAGE);
    await this.fans.erase(fan.fanId);
    const now = this.clock.now().getTime();
    await this.transactions.run((manager) =>
      this.outbox.queue(manager, accountErasedEmail(this.config.publicUrl, fan.email, now)),
    );
  }
}

/** Where her library streams a format of a release. */
export const libraryUrl = (productId: string, format: string) =>
  `/api/account/library/${encodeURIComponent(productId)}/${encodeURIComponent(format)}`;

function accountOrder(order: PlacedOrder): AccountOrder {
  const shipped = order.fulfillmentStatus === 'fulfilled';
  const tracking = shipped ? order.trackingNumber : null;
  return {
    id: order.id,
    number: `#${order.id}`,
    createdAt: order.createdAt.toISOString(),
    status: order.paymentStatus === 'refunded' ? 'refunded' : shipped ? 'shipped' : 'paid',
    paymentStatus: order.paymentStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    lines: order.lines.map(lineView),
    shippingAmount: order.shippingAmount,
    discountAmount: order.discountAmount,
    taxAmount: order.taxAmount,
    total: order.total,
    refundedAmount: order.refundedAmount,
    trackingNumber: tracking,
    trackingUrl: tracking ? (carrierOf(tracking)?.url ?? null) : null,
  };
}
