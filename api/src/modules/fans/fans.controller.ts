import { Delete, Get, Param, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  EXPORT_NAMES,
  FAN_LIST_FILTERS,
  FAN_SORTS,
  type Fan,
  type FanErasure,
  type FanExport,
  type FanHistory,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { IdParam } from '../../lists/bulk.dto.js';
import { csvColumns, type CsvColumn } from '../../lists/csv.js';
import { AdminController } from '../../common/admin-only.js';
import { FansService } from './fans.service.js';

const columns: CsvColumn<Fan>[] = [
  ...csvColumns<Fan>('id', 'email', 'firstSeenAt', 'orders'),
  { header: 'totalSpent', value: (f) => (f.totalSpent / 100).toFixed(2) },
  ...csvColumns<Fan>('newsletter', 'pendingNotify', 'messages'),
];

/** The Fans tab's list; registered before FansController, whose `:id` would take "export". */
export class FanListController extends AdminListController({
  path: 'admin/fans',
  tag: 'fans',
  source: FansService,
  filters: FAN_LIST_FILTERS,
  sorts: FAN_SORTS,
  columns,
  exportName: EXPORT_NAMES.fans,
}) {}

@AdminController('admin/fans', 'fans')
export class FansController {
  constructor(
    private readonly fans: FansService,
    private readonly clock: Clock,
  ) {}

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
