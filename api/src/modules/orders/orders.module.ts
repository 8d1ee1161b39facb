import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module.js';
import { ShowsModule } from '../shows/shows.module.js';
import { OrderLine } from './order-line.entity.js';
import { Order } from './order.entity.js';
import { OrderListController, OrdersController } from './orders.controller.js';
import { OrderAudienceService } from './order-audience.service.js';
import { OrdersService } from './orders.service.js';
import { OrdersPersonalData } from './orders.personal-data.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const ORDERS_ENTITIES = [Order, OrderLine];

@Module({
  imports: [TypeOrmModule.forFeature(ORDERS_ENTITIES), CatalogModule, ShowsModule],
  controllers: [OrderListController, OrdersController],
  providers: [OrdersService, OrderAudienceService, OrdersPersonalData],
  exports: [OrdersService, OrderAudienceService],
})
export class OrdersModule {}
