import { Body, Controller, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  EXPORT_NAMES,
  NOTIFY_LIST_FILTERS,
  NOTIFY_SORTS,
  type BulkUpdateResponse,
  type FormResponse,
  type NotifyMe,
  type NotifySendResponse,
} from '@artist/contracts';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { flagText } from '../../lists/bulk.dto.js';
import type { CsvColumn } from '../../lists/csv.js';
import { ListQueryDto } from '../../lists/list-query.js';
import {
  back,
  form,
  htmlPage,
  isTokenShaped,
  LinkButtonRoute,
  linkNotFound,
  linkOutcomePage,
  LinkPageRoute,
  OneClickUnsubscribe,
  page,
  requireOneClick,
  unsubscribeLinkPage,
  type LinkOutcome,
} from '../email/link-pages.js';
import { NOTIFY_CONFIRM_PATH, NOTIFY_UNSUBSCRIBE_PATH } from '../email/outbox.service.js';
import { BulkNotifyDto, SendNotifyDto } from './dto/bulk-notify.dto.js';
import { NotifyMeDto } from './dto/notify-me.dto.js';
import { NotifyService } from './notify.service.js';
import { RateLimit } from '../rate-limit/rate-limit.guard.js';
import { AdminOnly } from '../../common/admin-only.js';

const columns: CsvColumn<NotifyMe>[] = [
  { header: 'id', value: (n) => n.id },
  { header: 'createdAt', value: (n) => n.createdAt },
  { header: 'email', value: (n) => n.email },
  { header: 'productName', value: (n) => n.productName },
  { header: 'size', value: (n) => n.size },
  { header: 'notified', value: (n) => n.notified },
  { header: 'notifiedAt', value: (n) => n.notifiedAt },
  { header: 'unsubscribedAt', value: (n) => n.unsubscribedAt },
  { header: 'confirmedAt', value: (n) => n.confirmedAt },
];

const confirmPage = (token: string) =>
  page(
    'Confirm your alert',
    `<p>Press the button to get one email when this product is back in stock.</p>
${form(NOTIFY_CONFIRM_PATH, { token }, 'Confirm')}`,
  );

/** A confirm link's outcome, answered with `done` when it was just confirmed. */
const confirmOutcome = (res: Response, outcome: LinkOutcome) =>
  linkOutcomePage(res, outcome, {
    done: page(
      "You're on the list for it",
      `<p>Thanks for confirming! We'll email you once when this product is back in stock.</p>${back}`,
    ),
    used: () =>
      page(
        'This link has already been used',
        `<p>Your alert is confirmed: we'll email you once when this product is back in stock.</p>${back}`,
      ),
    expired: () =>
      page(
        'This link has expired',
        `<p>Confirmation links work for 7 days, and stop working when the address unsubscribes. Ask again from the shop and we will send you a new one.</p>${back}`,
      ),
  });

const unsubscribePage = (action: string) =>
  page(
    'Unsubscribe',
    `<p>Press the button to stop emails about this product coming back in stock.</p>
${form(action, { 'List-Unsubscribe': 'One-Click' }, 'Unsubscribe')}`,
  );

const unsubscribedPage = () =>
  page(
    "You're unsubscribed",
    `<p>You will receive no more emails about this product at this address.</p>${back}`,
  );

/** The descriptions of the link routes' 404 and 410 in the API's documentation. */
const UNKNOWN_TOKEN = 'An unknown or malformed token';
const USED_TOKEN = 'A used or expired token: a page saying which';

class NotifyListQueryDto extends ListQueryDto(NOTIFY_LIST_FILTERS, NOTIFY_SORTS) {}

export class NotifyListController extends AdminListController({
  path: 'admin/notify-me',
  tag: 'notify me',
  source: NotifyService,
  query: NotifyListQueryDto,
  columns,
  exportName: EXPORT_NAMES.notifyMe,
}) {}

@ApiTags('notify me')
@Controller()
export class NotifyController {
  constructor(private readonly notify: NotifyService) {}

  @Post('notify-me')
  @RateLimit('notify-me')
  async create(@Body() body: NotifyMeDto): Promise<FormResponse> {
    await this.notify.create(body);
    return { success: true, message: "We'll notify you when this product is available." };
  }

  @Put('admin/notify-me/bulk')
  @AdminOnly()
  async bulk(@Body() body: BulkNotifyDto): Promise<BulkUpdateResponse> {
    return { updated: await this.notify.bulkUpdate(body, flagText(body.notified)) };
  }

  /** The back-in-stock email to the chosen requests, each marked notified. */
  @Post('admin/notify-me/send')
  @AdminOnly()
  @HttpCode(200)
  send(@Body() body: SendNotifyDto): Promise<NotifySendResponse> {
    return this.notify.send(body);
  }

  /** The confirmation email's link opens this page; only its button (a POST) confirms. */
  @LinkPageRoute('notify-me/confirm', UNKNOWN_TOKEN, USED_TOKEN)
  async confirmPage(
    @Query('token') token: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    if (!isTokenShaped(token)) return linkNotFound(res);
    const state = await this.notify.confirmLinkState(token);
    return state === 'valid' ? htmlPage(res, confirmPage(token)) : confirmOutcome(res, state);
  }

  /** Double opt-in of a request that needs it; the token works once, within 7 days. */
  @LinkButtonRoute('notify-me/confirm', UNKNOWN_TOKEN, USED_TOKEN)
  async confirm(
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const token = body?.token;
    if (!isTokenShaped(token)) return linkNotFound(res);
    return confirmOutcome(res, await this.notify.confirm(token));
  }

  /** What a person opening the email's unsubscribe link sees: a button, no change. */
  @LinkPageRoute('notify-me/unsubscribe', UNKNOWN_TOKEN)
  unsubscribePage(
    @Query('token') token: unknown,
    @Res({ passthrough: true }) res: Response,
  ): string {
    return unsubscribeLinkPage(res, token, NOTIFY_UNSUBSCRIBE_PATH, unsubscribePage);
  }

  /** RFC 8058 one-click unsubscribe from the product's alerts, as for the newsletter. */
  @OneClickUnsubscribe('notify-me/unsubscribe', UNKNOWN_TOKEN)
  async unsubscribe(
    @Query('token') token: unknown,
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    requireOneClick(body);
    if (!isTokenShaped(token) || !(await this.notify.unsubscribe(token))) return linkNotFound(res);
    return htmlPage(res, unsubscribedPage());
  }
}
