import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  EXPORT_NAMES,
  NOTIFY_LIST_FILTERS,
  NOTIFY_SORTS,
  type BulkUpdateResponse,
  type FormResponse,
  type ListPage,
  type NotifyListFilter,
  type NotifyMe,
} from '@artist/contracts';
import { flagText } from '../../common/bulk.dto.js';
import { Clock } from '../../common/clock.js';
import { csvFile, type CsvColumn } from '../../common/csv.js';
import { listPage, streamCsv } from '../../common/list.js';
import { ListQueryDto } from '../../common/list-query.js';
import { BulkNotifyDto } from './dto/bulk-notify.dto.js';
import { NotifyMeDto } from './dto/notify-me.dto.js';
import { NotifyService } from './notify.service.js';
import { RateLimit } from '../rate-limit/rate-limit.guard.js';
import { AdminOnly } from '../auth/admin.guard.js';

const columns: CsvColumn<NotifyMe>[] = [
  { header: 'id', value: (n) => n.id },
  { header: 'createdAt', value: (n) => n.createdAt },
  { header: 'email', value: (n) => n.email },
  { header: 'productName', value: (n) => n.productName },
  { header: 'notified', value: (n) => n.notified },
  { header: 'notifiedAt', value: (n) => n.notifiedAt },
];

class NotifyListQueryDto extends ListQueryDto(NOTIFY_LIST_FILTERS, NOTIFY_SORTS) {}

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
  @AdminOnly()
  list(@Query() query: NotifyListQueryDto): Promise<ListPage<NotifyMe, NotifyListFilter>> {
    return listPage(this.notify.listDefinition(), query);
  }

  @Get('admin/notify-me/export')
  @AdminOnly()
  export(@Query() query: NotifyListQueryDto) {
    const rows = streamCsv(this.notify.listDefinition(), query, columns);
    return csvFile(EXPORT_NAMES.notifyMe, this.clock.today(), rows);
  }

  @Put('admin/notify-me/bulk')
  @AdminOnly()
  async bulk(@Body() body: BulkNotifyDto): Promise<BulkUpdateResponse> {
    return { updated: await this.notify.bulkUpdate(body, flagText(body.notified)) };
  }
}
