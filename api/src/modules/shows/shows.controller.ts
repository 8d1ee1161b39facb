import { Body, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import { EXPORT_NAMES, SHOW_LIST_FILTERS, SHOW_SORTS, type AdminShow } from '@artist/contracts';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { IdParam } from '../../lists/bulk.dto.js';
import { csvColumns } from '../../lists/csv.js';
import { ShowInputDto } from './dto/show-input.dto.js';
import { ShowsService } from './shows.service.js';
import { AdminController } from '../../common/admin-only.js';

const columns = csvColumns<AdminShow>(
  'id',
  'date',
  'venue',
  'city',
  'time',
  'ageRequirement',
  'ticketButtonType',
  'ticketUrl',
  'soldOut',
  'status',
  'notes',
  'createdAt',
  'updatedAt',
);

export class ShowListController extends AdminListController({
  path: 'admin/shows',
  tag: 'admin: shows',
  source: ShowsService,
  filters: SHOW_LIST_FILTERS,
  sorts: SHOW_SORTS,
  columns,
  exportName: EXPORT_NAMES.shows,
}) {}

@AdminController('admin/shows', 'admin: shows')
export class ShowsController {
  constructor(private readonly shows: ShowsService) {}

  @Post()
  create(@Body() body: ShowInputDto): Promise<AdminShow> {
    return this.shows.create(body);
  }

  @Put(':id')
  update(@Param() { id }: IdParam, @Body() body: ShowInputDto): Promise<AdminShow> {
    return this.shows.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param() { id }: IdParam): Promise<void> {
    return this.shows.remove(id);
  }
}
