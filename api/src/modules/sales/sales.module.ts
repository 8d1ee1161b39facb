import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { OrdersModule } from '../orders/index.js';
import { ShowsModule } from '../shows/index.js';
import { SalesController } from './sales.controller.js';
import { SalesService } from './sales.service.js';

@Module({
  imports: [CatalogModule, OrdersModule, ShowsModule],
  controllers: [SalesController],
  providers: [SalesService],
})
export class SalesModule {}
