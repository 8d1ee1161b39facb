import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EXPORT_NAMES, type AdminShow } from '@artist/contracts';
import { IdParam } from '../../common/bulk.dto.js';
import { Clock } from '../../common/clock.js';
import { csvFile, toCsv, type CsvColumn } from '../../common/csv.js';
import { ApiListQuery, readListQuery } from '../../common/list-query.js';
import { ShowInputDto } from './dto/show-input.dto.js';
import { SHOW_FILTERS, ShowsService } from './shows.service.js';

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

@ApiTags('admin: shows')
@Controller('admin/shows')
export class ShowsController {
  constructor(
    private readonly shows: ShowsService,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiListQuery(SHOW_FILTERS)
  listAdmin(@Query() query: Record<string, unknown>): Promise<AdminShow[]> {
    const { status, search } = readListQuery(query, SHOW_FILTERS);
    return this.shows.listAdmin(status, search);
  }

  @Get('export')
  @ApiListQuery(SHOW_FILTERS)
  async export(@Query() query: Record<string, unknown>) {
    const { status, search } = readListQuery(query, SHOW_FILTERS);
    const rows = await this.shows.listAdmin(status, search);
    return csvFile(EXPORT_NAMES.shows, this.clock.today(), toCsv(columns, rows));
  }

  @Post()
  create(@Body() body: ShowInputDto): Promise<AdminShow> {
    return this.shows.create(body);
  }

  @Put(':id')
  update(@Param() { id }: IdParam, @Body() body: ShowInputDto): Promise<AdminShow> {
    return this.shows.update(id, body);
  }
}
