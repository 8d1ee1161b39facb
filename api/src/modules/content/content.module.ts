import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentAdminController } from './content-admin.controller.js';
import { ContentController } from './content.controller.js';
import { ContentService } from './content.service.js';
import { SiteContentRecord } from './site-content.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([SiteContentRecord])],
  controllers: [ContentController, ContentAdminController],
  providers: [ContentService],
  exports: [ContentService],
})
export class ContentModule {}
