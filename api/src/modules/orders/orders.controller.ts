import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EXPORT_NAMES, ORDER_LIST_FILTERS, type Order } from '@artist/contracts';
import { IdParam } from '../../common/bulk.dto.js';
import { Clock } from '../../common/clock.js';
import { csvFile, toCsv, type CsvColumn } from '../../common/csv.js';
import { ApiListQuery, readListQuery } from '../../common/list-query.js';
import { ManualOrderDto } from './dto/manual-order.dto.js';
import { UpdateOrderDto } from './dto/update-order.dto.js';
import { dollars, formatShippingAddress, summariseLineItems } from './order-format.js';
import { OrdersService } from './orders.service.js';

const columns: CsvColumn<Order>[] = [
  { header: 'id', value: (o) => o.id },
  { header: 'createdAt', value: (o) => o.createdAt },
  { header: 'customerName', value: (o) => o.customerName },
  { header: 'email', value: (o) => o.email },
  { header: 'products', value: (o) => summariseLineItems(o.lineItems) },
  { header: 'total', value: (o) => dollars(o.total) },
  { header: 'salesChannel', value: (o) => o.salesChannel },
  { header: 'showLocation', value: (o) => o.showLocation },
  { header: 'paymentMethod', value: (o) => o.paymentMethod },
  { header: 'paymentStatus', value: (o) => o.paymentStatus },
  { header: 'refunded', value: (o) => dollars(o.refundedAmount) },
  { header: 'test', value: (o) => (o.testMode ? 'Test' : '') },
  { header: 'fulfillmentStatus', value: (o) => o.fulfillmentStatus },
  { header: 'trackingNumber', value: (o) => o.trackingNumber },
  { header: 'fulfilledAt', value: (o) => o.fulfilledAt },
  { header: 'shippingAddress', value: (o) => formatShippingAddress(o.shippingAddress) },
  { header: 'notes', value: (o) => o.notes },
  { header: 'paymentSessionId', value: (o) => o.stripeSessionId },
];

@ApiTags('admin: orders')
@Controller('admin/orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiListQuery(ORDER_LIST_FILTERS)
  list(@Query() query: Record<string, unknown>): Promise<Order[]> {
    const { status, search } = readListQuery(query, ORDER_LIST_FILTERS);
    return this.orders.list(status, search);
  }

  @Get('export')
  @ApiListQuery(ORDER_LIST_FILTERS)
  async export(@Query() query: Record<string, unknown>) {
    const { status, search } = readListQuery(query, ORDER_LIST_FILTERS);
    const rows = await this.orders.list(status, search);
    return csvFile(EXPORT_NAMES.orders, this.clock.today(), toCsv(columns, rows));
  }

  @Post('manual')
  createManual(@Body() body: ManualOrderDto): Promise<Order> {
    return this.orders.createManual(body);
  }

  @Put(':id')
  update(@Param() { id }: IdParam, @Body() body: UpdateOrderDto): Promise<Order> {
    return this.orders.update(id, body);
  }
}
