import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  EXPORT_NAMES,
  SHOW_LIST_FILTERS,
  SHOW_SORTS,
  type AdminShow,
  type ListPage,
  type ShowListFilter,
} from '@artist/contracts';
import { IdParam } from '../../lists/bulk.dto.js';
import { Clock } from '../../common/clock.js';
import { csvFile, type CsvColumn } from '../../lists/csv.js';
import { listPage, streamCsv } from '../../lists/list.js';
import { ListQueryDto } from '../../lists/list-query.js';
import { ShowInputDto } from './dto/show-input.dto.js';
import { ShowsService } from './shows.service.js';
import { AdminOnly } from '../../common/admin-only.js';

const columns: CsvColumn<AdminShow>[] = [
  { header: 'id', value: (s) => s.id },
  { header: 'date', value: (s) => s.date },
  { header: 'venue', value: (s) => s.venue },
  { header: 'city', value: (s) => s.city },
  { header: 'time', value: (s) => s.time },
  { header: 'ageRequirement', value: (s) => s.ageRequirement },
  { header: 'ticketButtonType', value: (s) => s.ticketButtonType },
  { header: 'ticketUrl', value: (s) => s.ticketUrl },
  { header: 'soldOut', value: (s) => s.soldOut },
  { header: 'status', value: (s) => s.status },
  { header: 'notes', value: (s) => s.notes },
  { header: 'createdAt', value: (s) => s.createdAt },
  { header: 'updatedAt', value: (s) => s.updatedAt },
];

class ShowListQueryDto extends ListQueryDto(SHOW_LIST_FILTERS, SHOW_SORTS) {}

@ApiTags('admin: shows')
@AdminOnly()
@Controller('admin/shows')
export class ShowsController {
  constructor(
    private readonly shows: ShowsService,
    private readonly clock: Clock,
  ) {}

  @Get()
  listAdmin(@Query() query: ShowListQueryDto): Promise<ListPage<AdminShow, ShowListFilter>> {
    return listPage(this.shows.listDefinition(), query);
  }

  @Get('export')
  export(@Query() query: ShowListQueryDto) {
    const rows = streamCsv(this.shows.listDefinition(), query, columns);
    return csvFile(EXPORT_NAMES.shows, this.clock.today(), rows);
  }

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
