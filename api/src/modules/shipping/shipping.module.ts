import { Module } from '@nestjs/common';
import { ShippingZonesController } from './shipping.controller.js';
import { ShippingService } from './shipping.service.js';

/** Shipping zones and rates: the admin's Shipping area, and the prices checkout charges. */
@Module({
  controllers: [ShippingZonesController],
  providers: [ShippingService],
  exports: [ShippingService],
})
export class ShippingModule {}
