import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module.js';
import { Order } from '../orders/order.entity.js';
import { Show } from '../shows/show.entity.js';
import { SalesController } from './sales.controller.js';
import { SalesService } from './sales.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Order, Show]), CatalogModule],
  controllers: [SalesController],
  providers: [SalesService],
})
export class SalesModule {}
