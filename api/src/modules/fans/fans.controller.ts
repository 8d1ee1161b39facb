import { Controller, Delete, Get, Param, Query, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  EXPORT_NAMES,
  FAN_LIST_FILTERS,
  FAN_SORTS,
  type Fan,
  type FanErasure,
  type FanExport,
  type FanHistory,
  type FanListFilter,
  type ListPage,
} from '@artist/contracts';
import { IdParam } from '../../lists/bulk.dto.js';
import { Clock } from '../../common/clock.js';
import { csvFile, type CsvColumn } from '../../lists/csv.js';
import { listPage, streamCsv } from '../../lists/list.js';
import { ListQueryDto } from '../../lists/list-query.js';
import { AdminOnly } from '../../common/admin-only.js';
import { FansService } from './fans.service.js';

const columns: CsvColumn<Fan>[] = [
  { header: 'id', value: (f) => f.id },
  { header: 'email', value: (f) => f.email },
  { header: 'firstSeenAt', value: (f) => f.firstSeenAt },
  { header: 'orders', value: (f) => f.orders },
  { header: 'totalSpent', value: (f) => (f.totalSpent / 100).toFixed(2) },
  { header: 'newsletter', value: (f) => f.newsletter },
  { header: 'pendingNotify', value: (f) => f.pendingNotify },
  { header: 'messages', value: (f) => f.messages },
];

class FanListQueryDto extends ListQueryDto(FAN_LIST_FILTERS, FAN_SORTS) {}

@ApiTags('fans')
@Controller('admin/fans')
@AdminOnly()
export class FansController {
  constructor(
    private readonly fans: FansService,
    private readonly clock: Clock,
  ) {}

  @Get()
  list(@Query() query: FanListQueryDto): Promise<ListPage<Fan, FanListFilter>> {
    return listPage(this.fans.listDefinition(), query);
  }

  /** Declared before `:id`, which would otherwise take the word "export" as an id. */
  @Get('export')
  exportList(@Query() query: FanListQueryDto) {
    const rows = streamCsv(this.fans.listDefinition(), query, columns);
    return csvFile(EXPORT_NAMES.fans, this.clock.today(), rows);
  }

  @Get(':id')
  @ApiResponse({ status: 404, description: 'No fan has this id' })
  history(@Param() { id }: IdParam): Promise<FanHistory> {
    return this.fans.history(id);
  }

  /** A privacy request's copy of everything held about the fan, as a JSON download. */
  @Get(':id/export')
  @ApiResponse({ status: 404, description: 'No fan has this id' })
  async export(
    @Param() { id }: IdParam,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FanExport> {
    const data = await this.fans.export(id);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="fan-${id}-${this.clock.today()}.json"`,
    );
    return data;
  }

  /** A privacy request's erasure: see FansService.erase and each module's PersonalData. */
  @Delete(':id')
  @ApiResponse({ status: 404, description: 'No fan has this id' })
  erase(@Param() { id }: IdParam): Promise<FanErasure> {
    return this.fans.erase(id);
  }
}
