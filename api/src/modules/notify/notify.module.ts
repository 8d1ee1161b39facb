import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/index.js';
import { NotifyMe } from './notify-me.entity.js';
import {
  NotifyController,
  NotifyLinksController,
  NotifyListController,
} from './notify.controller.js';
import { NotifyPersonalData } from './notify.personal-data.js';
import { NotifyService } from './notify.service.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const NOTIFY_ENTITIES = [NotifyMe];

@Module({
  imports: [TypeOrmModule.forFeature(NOTIFY_ENTITIES), CatalogModule],
  controllers: [NotifyListController, NotifyController, NotifyLinksController],
  providers: [NotifyService, NotifyPersonalData],
  exports: [NotifyService],
})
export class NotifyModule {}
