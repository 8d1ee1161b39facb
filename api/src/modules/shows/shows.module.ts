import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlacesModule } from '../places/index.js';
import { Show } from './show.entity.js';
import { ShowCalendarController } from './show-calendar.controller.js';
import { ShowListController, ShowsController } from './shows.controller.js';
import { ShowsService } from './shows.service.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const SHOWS_ENTITIES = [Show];

@Module({
  imports: [TypeOrmModule.forFeature(SHOWS_ENTITIES), PlacesModule],
  controllers: [ShowListController, ShowsController, ShowCalendarController],
  providers: [ShowsService],
  exports: [ShowsService],
})
export class ShowsModule {}
