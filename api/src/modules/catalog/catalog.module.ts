import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller.js';
import { CatalogService } from './catalog.service.js';
import { InventoryService } from './inventory.service.js';
import { ProductsController } from './products.controller.js';

@Module({
  controllers: [CatalogController, ProductsController],
  providers: [CatalogService, InventoryService],
  exports: [CatalogService, InventoryService],
})
export class CatalogModule {}
