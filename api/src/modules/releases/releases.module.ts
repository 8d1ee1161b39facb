import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/index.js';
import { OrdersModule } from '../orders/index.js';
import { DownloadCodesController, RedeemController } from './download-codes.controller.js';
import { DownloadCode, DownloadCodeBatch } from './download-code.entity.js';
import { DownloadCodesService } from './download-codes.service.js';
import { DownloadLinkRecord, DownloadRecordRow } from './download.entity.js';
import { DownloadsController } from './downloads.controller.js';
import { DownloadsService } from './downloads.service.js';
import { LibraryService } from './library.service.js';
import { ReleasesPersonalData } from './releases.personal-data.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const RELEASES_ENTITIES = [
  DownloadLinkRecord,
  DownloadRecordRow,
  DownloadCodeBatch,
  DownloadCode,
];

/** What a digital release gives its buyers: download links, and download codes. */
@Module({
  imports: [TypeOrmModule.forFeature(RELEASES_ENTITIES), CatalogModule, OrdersModule],
  controllers: [DownloadsController, DownloadCodesController, RedeemController],
  providers: [DownloadsService, DownloadCodesService, LibraryService, ReleasesPersonalData],
  exports: [DownloadsService, DownloadCodesService, LibraryService],
})
export class ReleasesModule {}
