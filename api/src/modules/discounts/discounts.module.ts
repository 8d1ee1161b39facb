import { Module } from '@nestjs/common';
import { DiscountsController } from './discounts.controller.js';
import { DiscountsService } from './discounts.service.js';

/** Discount codes: the admin's Discounts area, and the uses checkout holds and counts. */
@Module({
  controllers: [DiscountsController],
  providers: [DiscountsService],
  exports: [DiscountsService],
})
export class DiscountsModule {}
