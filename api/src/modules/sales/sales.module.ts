import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/index.js';
import { ShowsModule } from '../shows/index.js';
import { SaleDay } from './sale-day.entity.js';
import { SalesController } from './sales.controller.js';
import { SalesDays } from './sales-days.js';
import { SalesService } from './sales.service.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const SALES_ENTITIES = [SaleDay];

@Module({
  imports: [TypeOrmModule.forFeature(SALES_ENTITIES), CatalogModule, ShowsModule],
  controllers: [SalesController],
  providers: [SalesService, SalesDays],
  exports: [SalesDays],
})
export class SalesModule {}
