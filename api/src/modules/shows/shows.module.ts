import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlacesModule } from '../places/places.module.js';
import { Show } from './show.entity.js';
import { ShowCalendarController } from './show-calendar.controller.js';
import { ShowsController } from './shows.controller.js';
import { ShowsService } from './shows.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Show]), PlacesModule],
  controllers: [ShowsController, ShowCalendarController],
  providers: [ShowsService],
  exports: [ShowsService],
})
export class ShowsModule {}
