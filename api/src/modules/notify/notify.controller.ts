import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  EXPORT_NAMES,
  type BulkUpdateResponse,
  type FormResponse,
  type NotifyMe,
} from '@artist/contracts';
import { flagText } from '../../common/bulk.dto.js';
import { Clock } from '../../common/clock.js';
import { csvFile, toCsv, type CsvColumn } from '../../common/csv.js';
import { ApiListQuery, readListQuery } from '../../common/list-query.js';
import { BulkNotifyDto } from './dto/bulk-notify.dto.js';
import { NotifyMeDto } from './dto/notify-me.dto.js';
import { NOTIFY_FILTERS, NotifyService } from './notify.service.js';
import { RateLimit } from '../rate-limit/rate-limit.guard.js';

const columns: CsvColumn<NotifyMe>[] = [
  { header: 'id', value: (n) => n.id },
  { header: 'createdAt', value: (n) => n.createdAt },
  { header: 'email', value: (n) => n.email },
  { header: 'productName', value: (n) => n.productName },
  { header: 'notified', value: (n) => n.notified },
  { header: 'notifiedAt', value: (n) => n.notifiedAt },
];

@ApiTags('notify me')
@Controller()
export class NotifyController {
  constructor(
    private readonly notify: NotifyService,
    private readonly clock: Clock,
  ) {}

  @Post('notify-me')
  @RateLimit('notify-me')
  async create(@Body() body: NotifyMeDto): Promise<FormResponse> {
    await this.notify.create(body);
    return { success: true, message: "We'll notify you when this product is available." };
  }

  @Get('admin/notify-me')
  @ApiListQuery(NOTIFY_FILTERS)
  list(@Query() query: Record<string, unknown>): Promise<NotifyMe[]> {
    const { status, search } = readListQuery(query, NOTIFY_FILTERS);
    return this.notify.list(status, search);
  }

  @Get('admin/notify-me/export')
  @ApiListQuery(NOTIFY_FILTERS)
  async export(@Query() query: Record<string, unknown>) {
    const { status, search } = readListQuery(query, NOTIFY_FILTERS);
    const rows = await this.notify.list(status, search);
    return csvFile(EXPORT_NAMES.notifyMe, this.clock.today(), toCsv(columns, rows));
  }

  @Put('admin/notify-me/bulk')
  async bulk(@Body() body: BulkNotifyDto): Promise<BulkUpdateResponse> {
    return { updated: await this.notify.bulkUpdate(body.ids, flagText(body.notified)) };
  }
}
