import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { ShowsModule } from '../shows/shows.module.js';
import { SalesController } from './sales.controller.js';
import { SalesService } from './sales.service.js';

@Module({
  imports: [CatalogModule, OrdersModule, ShowsModule],
  controllers: [SalesController],
  providers: [SalesService],
})
export class SalesModule {}
