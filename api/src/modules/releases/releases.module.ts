import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { DownloadCodesController, RedeemController } from './download-codes.controller.js';
import { DownloadCodesService } from './download-codes.service.js';
import { DownloadsController } from './downloads.controller.js';
import { DownloadsService } from './downloads.service.js';
import { ReleasesPersonalData } from './releases.personal-data.js';

/** What a digital release gives its buyers: download links, and download codes. */
@Module({
  imports: [CatalogModule, OrdersModule],
  controllers: [DownloadsController, DownloadCodesController, RedeemController],
  providers: [DownloadsService, DownloadCodesService, ReleasesPersonalData],
  exports: [DownloadsService, DownloadCodesService],
})
export class ReleasesModule {}
