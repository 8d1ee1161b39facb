import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module.js';
import { NotifyMe } from './notify-me.entity.js';
import { NotifyController } from './notify.controller.js';
import { NotifyPersonalData } from './notify.personal-data.js';
import { NotifyService } from './notify.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([NotifyMe]), CatalogModule],
  controllers: [NotifyController],
  providers: [NotifyService, NotifyPersonalData],
  exports: [NotifyService],
})
export class NotifyModule {}
