import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GalleryModule } from '../gallery/index.js';
import { CatalogController } from './catalog.controller.js';
import { CatalogService } from './catalog.service.js';
import { InventoryService } from './inventory.service.js';
import { ProductImagesService } from './product-images.js';
import {
  PreviewUploadInterceptor,
  TrackPreviewsAdminController,
  TrackPreviewsController,
  TrackPreviewsService,
} from './track-previews.js';
import { ProductRecord, ProductVariantRecord, StockReservation } from './product.entity.js';
import { ReleaseFileRecord } from './release-file.entity.js';
import { ProductListController, ProductsController } from './products.controller.js';
import { ReleaseFilesController, ReleasesController } from './release-files.controller.js';
import { ReleaseFilesService, ReleaseUploadInterceptor } from './release-files.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const CATALOG_ENTITIES = [
  ProductRecord,
  ProductVariantRecord,
  StockReservation,
  ReleaseFileRecord,
];

@Module({
  imports: [TypeOrmModule.forFeature(CATALOG_ENTITIES), GalleryModule],
  controllers: [
    CatalogController,
    ProductListController,
    ProductsController,
    ReleaseFilesController,
    ReleasesController,
    TrackPreviewsAdminController,
    TrackPreviewsController,
  ],
  providers: [
    CatalogService,
    InventoryService,
    ProductImagesService,
    TrackPreviewsService,
    PreviewUploadInterceptor,
    ReleaseFilesService,
    ReleaseUploadInterceptor,
  ],
  exports: [CatalogService, InventoryService, ReleaseFilesService],
})
export class CatalogModule {}
