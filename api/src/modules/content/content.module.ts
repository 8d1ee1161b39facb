import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentAdminController } from './content-admin.controller.js';
import { ContentController } from './content.controller.js';
import { ContentService } from './content.service.js';
import { SiteContentRecord } from './site-content.entity.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const CONTENT_ENTITIES = [SiteContentRecord];

@Module({
  imports: [TypeOrmModule.forFeature(CONTENT_ENTITIES)],
  controllers: [ContentController, ContentAdminController],
  providers: [ContentService],
  exports: [ContentService],
})
export class ContentModule {}
