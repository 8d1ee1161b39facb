import { Body, HttpCode, Param, Post } from '@nestjs/common';
import type { Order } from '@artist/contracts';
import { IdParam } from '../../lists/bulk.dto.js';
import { AdminController } from '../../common/admin-only.js';
import { RefundOrderDto } from './dto/refund-order.dto.js';
import { RefundService } from './refund.service.js';

@AdminController('admin/orders', 'admin: orders')
export class RefundController {
  constructor(private readonly refunds: RefundService) {}

  /** Refunds through the payment provider; answers the order as it stands after. */
  @Post(':id/refund')
  @HttpCode(200)
  refund(@Param() { id }: IdParam, @Body() body: RefundOrderDto): Promise<Order> {
    return this.refunds.refund(id, body);
  }
}
