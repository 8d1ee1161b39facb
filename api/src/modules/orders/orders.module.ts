import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/index.js';
import { ShowsModule } from '../shows/index.js';
import { OrderLine } from './order-line.entity.js';
import { Order } from './order.entity.js';
import { OrderListController, OrdersController } from './orders.controller.js';
import { OrderAudienceService } from './order-audience.service.js';
import { OrdersService } from './orders.service.js';
import { OrdersPersonalData } from './orders.personal-data.js';
import { OrderShipmentLineRecord, OrderShipmentRecord } from './shipment.entity.js';
import { ShipmentsController, ShipmentsService } from './shipments.js';
import { ShipmentsPersonalData } from './shipments.personal-data.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const ORDERS_ENTITIES = [Order, OrderLine, OrderShipmentRecord, OrderShipmentLineRecord];

@Module({
  imports: [TypeOrmModule.forFeature(ORDERS_ENTITIES), CatalogModule, ShowsModule],
  controllers: [OrderListController, OrdersController, ShipmentsController],
  providers: [
    OrdersService,
    OrderAudienceService,
    OrdersPersonalData,
    ShipmentsService,
    ShipmentsPersonalData,
  ],
  exports: [OrdersService, OrderAudienceService],
})
export class OrdersModule {}
