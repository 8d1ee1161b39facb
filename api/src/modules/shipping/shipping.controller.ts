import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { ShippingZone } from '@artist/contracts';
import { IdParam } from '../../lists/bulk.dto.js';
import { AdminController } from '../../common/admin-only.js';
import { ShippingZoneInputDto } from './dto/shipping-zone-input.dto.js';
import { ShippingService } from './shipping.service.js';

@AdminController('admin/shipping-zones', 'admin: shipping')
export class ShippingZonesController {
  constructor(private readonly shipping: ShippingService) {}

  @Get()
  list(): Promise<ShippingZone[]> {
    return this.shipping.list();
  }

  @Post()
  create(@Body() body: ShippingZoneInputDto): Promise<ShippingZone> {
    return this.shipping.create(body);
  }

  @Put(':id')
  update(@Param() { id }: IdParam, @Body() body: ShippingZoneInputDto): Promise<ShippingZone> {
    return this.shipping.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param() { id }: IdParam): Promise<void> {
    return this.shipping.remove(id);
  }
}
