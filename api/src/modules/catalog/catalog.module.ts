import { Module } from '@nestjs/common';
import { GalleryModule } from '../gallery/gallery.module.js';
import { CatalogController } from './catalog.controller.js';
import { CatalogService } from './catalog.service.js';
import { InventoryService } from './inventory.service.js';
import { ProductsController } from './products.controller.js';

@Module({
  imports: [GalleryModule],
  controllers: [CatalogController, ProductsController],
  providers: [CatalogService, InventoryService],
  exports: [CatalogService, InventoryService],
})
export class CatalogModule {}
