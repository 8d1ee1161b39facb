import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ShippingZonesController } from './shipping.controller.js';
import { ShippingService } from './shipping.service.js';
import {
  ShippingRateRecord,
  ShippingZoneCountry,
  ShippingZoneRecord,
} from './shipping-zone.entity.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const SHIPPING_ENTITIES = [ShippingZoneRecord, ShippingZoneCountry, ShippingRateRecord];

/** Shipping zones and rates: the admin's Shipping area, and the prices checkout charges. */
@Module({
  imports: [TypeOrmModule.forFeature(SHIPPING_ENTITIES)],
  controllers: [ShippingZonesController],
  providers: [ShippingService],
  exports: [ShippingService],
})
export class ShippingModule {}
