import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DiscountListController, DiscountsController } from './discounts.controller.js';
import { DiscountsPersonalData } from './discounts.personal-data.js';
import { DiscountsService } from './discounts.service.js';
import { DiscountCodeRecord, DiscountHold } from './discount.entity.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const DISCOUNTS_ENTITIES = [DiscountCodeRecord, DiscountHold];

/** Discount codes: the admin's Discounts area, and the uses checkout holds and counts. */
@Module({
  imports: [TypeOrmModule.forFeature(DISCOUNTS_ENTITIES)],
  controllers: [DiscountListController, DiscountsController],
  providers: [DiscountsService, DiscountsPersonalData],
  exports: [DiscountsService],
})
export class DiscountsModule {}
