import { Controller, Get, Header, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { showsCalendar, showsSite, type CalendarSite } from './show-calendar.js';
import { ShowsService } from './shows.service.js';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/**
 * Calendar apps poll a subscription every few hours; five minutes (the storefront's own freshness
 * for the public list) keeps a shared cache from serving an edit late by more than that.
 */
const CALENDAR_CACHE = 'public, max-age=300';

/** The published upcoming shows as iCalendar files: the whole feed, or one show. */
@ApiTags('shows')
@Controller()
export class ShowCalendarController {
  private readonly site: CalendarSite;

  constructor(
    private readonly shows: ShowsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.site = showsSite(config);
  }

  @Get('shows.ics')
  @ApiOperation({ summary: 'The published upcoming shows as an iCalendar feed (subscribe)' })
  @ApiProduces(CALENDAR_TYPE)
  @Header('Content-Type', CALENDAR_TYPE)
  @Header('Cache-Control', CALENDAR_CACHE)
  async feed(): Promise<string> {
    return showsCalendar(await this.shows.listPublic(), this.site);
  }

  @Get('shows/:file')
  @ApiOperation({ summary: 'One published upcoming show as an iCalendar file (add to calendar)' })
  @ApiParam({ name: 'file', example: '12.ics', description: "The show's id followed by .ics" })
  @ApiProduces(CALENDAR_TYPE)
  @ApiResponse({ status: 404, description: 'No published upcoming show has that id' })
  async one(@Param('file') file: string, @Res({ passthrough: true }) res: Response) {
    const id = /^([1-9]\d{0,9})\.ics$/.exec(file)?.[1];
    const show = id === undefined ? undefined : await this.shows.findPublic(Number(id));
    if (!show) throw new NotFoundException('Show not found.');
    res.set({
      'Content-Type': CALENDAR_TYPE,
      'Cache-Control': CALENDAR_CACHE,
      'Content-Disposition': `attachment; filename="show-${show.id}.ics"`,
    });
    return showsCalendar([show], this.site);
  }
}
