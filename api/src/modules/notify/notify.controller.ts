import { Body, Controller, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
import { csvColumns } from '../../lists/csv.js';
import { back, form, page } from '../../common/link-pages.js';
import { SubscriptionLinksController } from '../../common/subscription-links.js';
import { NOTIFY_CONFIRM_PATH, NOTIFY_UNSUBSCRIBE_PATH } from './notify-links.js';
import { BulkNotifyDto, SendNotifyDto } from './dto/bulk-notify.dto.js';
import { NotifyMeDto } from './dto/notify-me.dto.js';
import { NotifyService } from './notify.service.js';
import { PublicFormRoute } from '../rate-limit/index.js';
import { AdminOnly } from '../../common/admin-only.js';

const columns = csvColumns<NotifyMe>(
  'id',
  'createdAt',
  'email',
  'productName',
  'size',
  'notified',
  'notifiedAt',
  'unsubscribedAt',
  'confirmedAt',
);

const confirmPage = (token: string) =>
  page(
    'Confirm your alert',
    `<p>Press the button to get one email when this product is back in stock.</p>
${form(NOTIFY_CONFIRM_PATH, { token }, 'Confirm')}`,
  );

const confirmedPage = () =>
  page(
    "You're on the list for it",
    `<p>Thanks for confirming! We'll email you once when this product is back in stock.</p>${back}`,
  );

const confirmLinkUsedPage = () =>
  page(
    'This link has already been used',
    `<p>Your alert is confirmed: we'll email you once when this product is back in stock.</p>${back}`,
  );

const confirmLinkExpiredPage = () =>
  page(
    'This link has expired',
    `<p>Confirmation links work for 7 days, and stop working when the address unsubscribes. Ask again from the shop and we will send you a new one.</p>${back}`,
  );

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

/** The confirm and unsubscribe links of the back-in-stock emails, as for the newsletter. */
export class NotifyLinksController extends SubscriptionLinksController({
  path: 'notify-me',
  tag: 'notify me',
  source: NotifyService,
  notFound: UNKNOWN_TOKEN,
  gone: USED_TOKEN,
  unsubscribeAction: NOTIFY_UNSUBSCRIBE_PATH,
  pages: {
    confirm: confirmPage,
    confirmed: confirmedPage,
    confirmLinkUsed: confirmLinkUsedPage,
    confirmLinkExpired: confirmLinkExpiredPage,
    unsubscribe: unsubscribePage,
    unsubscribed: unsubscribedPage,
  },
}) {}

export class NotifyListController extends AdminListController({
  path: 'admin/notify-me',
  tag: 'notify me',
  source: NotifyService,
  filters: NOTIFY_LIST_FILTERS,
  sorts: NOTIFY_SORTS,
  columns,
  exportName: EXPORT_NAMES.notifyMe,
}) {}

@ApiTags('notify me')
@Controller()
export class NotifyController {
  constructor(private readonly notify: NotifyService) {}

  @PublicFormRoute('notify-me')
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
}
