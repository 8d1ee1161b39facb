import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DiscountsController } from './discounts.controller.js';
import { DiscountsService } from './discounts.service.js';
import { DiscountCodeRecord, DiscountHold } from './discount.entity.js';

/** Discount codes: the admin's Discounts area, and the uses checkout holds and counts. */
@Module({
  imports: [TypeOrmModule.forFeature([DiscountCodeRecord, DiscountHold])],
  controllers: [DiscountsController],
  providers: [DiscountsService],
  exports: [DiscountsService],
})
export class DiscountsModule {}
