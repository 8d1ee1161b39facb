import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module.js';
import { ShowsModule } from '../shows/shows.module.js';
import { Order } from './order.entity.js';
import { OrdersController } from './orders.controller.js';
import { OrderAudienceService } from './order-audience.service.js';
import { OrdersService } from './orders.service.js';
import { OrdersPersonalData } from './orders.personal-data.js';

@Module({
  imports: [TypeOrmModule.forFeature([Order]), CatalogModule, ShowsModule],
  controllers: [OrdersController],
  providers: [OrdersService, OrderAudienceService, OrdersPersonalData],
  exports: [OrdersService, OrderAudienceService],
})
export class OrdersModule {}
