import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { DownloadCodesController, RedeemController } from './download-codes.controller.js';
import { DownloadCode, DownloadCodeBatch } from './download-code.entity.js';
import { DownloadCodesService } from './download-codes.service.js';
import { DownloadLinkRecord, DownloadRecordRow } from './download.entity.js';
import { DownloadsController } from './downloads.controller.js';
import { DownloadsService } from './downloads.service.js';
import { ReleasesPersonalData } from './releases.personal-data.js';

/** What a digital release gives its buyers: download links, and download codes. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      DownloadLinkRecord,
      DownloadRecordRow,
      DownloadCodeBatch,
      DownloadCode,
    ]),
    CatalogModule,
    OrdersModule,
  ],
  controllers: [DownloadsController, DownloadCodesController, RedeemController],
  providers: [DownloadsService, DownloadCodesService, ReleasesPersonalData],
  exports: [DownloadsService, DownloadCodesService],
})
export class ReleasesModule {}
