import { Body, Param, Post, Put } from '@nestjs/common';
import {
  EXPORT_NAMES,
  ORDER_LIST_FILTERS,
  ORDER_SORTS,
  type ManualOrderResult,
  type Order,
} from '@artist/contracts';
import { AdminListController } from '../../lists/admin-list.controller.js';
import { IdParam } from '../../lists/bulk.dto.js';
import { csvColumns, type CsvColumn } from '../../lists/csv.js';
import { ManualOrderDto } from './dto/manual-order.dto.js';
import { UpdateOrderDto } from './dto/update-order.dto.js';
import {
  dollars,
  formatShippingAddress,
  lineItemsSubtotal,
  summariseLineItems,
} from '../../common/order-format.js';
import { exportedLinesAfter, type ExportedLine } from './line-export.js';
import { OrdersService } from './orders.service.js';
import { AdminController } from '../../common/admin-only.js';

const part = (o: Order, key: keyof NonNullable<Order['shippingAddress']>) =>
  o.shippingAddress?.[key] ?? '';

/** Address parts, subtotal and shipping have columns of their own, for label and book tools. */
const columns: CsvColumn<Order>[] = [
  ...csvColumns<Order>('id', 'createdAt', 'customerName', 'email'),
  { header: 'products', value: (o) => summariseLineItems(o.lineItems) },
  { header: 'subtotal', value: (o) => dollars(lineItemsSubtotal(o.lineItems)) },
  {
    header: 'shipping',
    value: (o) =>
      dollars(o.shippingAmount ?? o.total - lineItemsSubtotal(o.lineItems) + o.discountAmount),
  },
  { header: 'total', value: (o) => dollars(o.total) },
  { header: 'shippingRate', value: (o) => o.shippingRateName },
  { header: 'discountCode', value: (o) => o.discountCode },
  { header: 'discount', value: (o) => dollars(o.discountAmount) },
  ...csvColumns<Order>('salesChannel', 'showLocation', 'showId', 'paymentMethod', 'paymentStatus'),
  { header: 'refunded', value: (o) => dollars(o.refundedAmount) },
  { header: 'test', value: (o) => (o.testMode ? 'Test' : '') },
  ...csvColumns<Order>('fulfillmentStatus', 'trackingNumber', 'fulfilledAt'),
  {
    header: 'shippingAddress',
    value: (o) =>
      !o.shippingAddress && o.salesChannel === 'in-person'
        ? 'In person'
        : formatShippingAddress(o.shippingAddress),
  },
  { header: 'shipToName', value: (o) => o.shippingAddress?.name || o.customerName },
  { header: 'addressLine1', value: (o) => part(o, 'line1') },
  { header: 'addressLine2', value: (o) => part(o, 'line2') },
  { header: 'city', value: (o) => part(o, 'city') },
  { header: 'state', value: (o) => part(o, 'state') },
  { header: 'postalCode', value: (o) => part(o, 'postalCode') },
  { header: 'country', value: (o) => part(o, 'country') },
  { header: 'notes', value: (o) => o.notes },
  { header: 'paymentSessionId', value: (o) => o.stripeSessionId },
  { header: 'preOrderShipsFrom', value: (o) => o.preOrderUntil },
  { header: 'tax', value: (o) => dollars(o.taxAmount) },
];

/** One row per order line (`?lines=true`): the order's number, date and buyer, then the line. */
const lineColumns: CsvColumn<ExportedLine>[] = [
  { header: 'orderId', value: ({ order }) => order.id },
  { header: 'createdAt', value: ({ order }) => order.createdAt },
  { header: 'customerName', value: ({ order }) => order.customerName },
  { header: 'email', value: ({ order }) => order.email },
  { header: 'lineId', value: ({ line }) => line.id },
  { header: 'productId', value: ({ line }) => line.productId },
  { header: 'productName', value: ({ line }) => line.productName },
  { header: 'size', value: ({ line }) => line.size },
  { header: 'kind', value: ({ line }) => line.kind },
  { header: 'quantity', value: ({ line }) => line.quantity },
  { header: 'unitPrice', value: ({ line }) => dollars(line.unitPriceCents) },
  { header: 'discount', value: ({ line }) => dollars(line.discountCents) },
  { header: 'tax', value: ({ line }) => dollars(line.taxCents) },
  { header: 'refundedQuantity', value: ({ line }) => line.refundedQuantity },
];

export class OrderListController extends AdminListController({
  path: 'admin/orders',
  tag: 'admin: orders',
  source: OrdersService,
  filters: ORDER_LIST_FILTERS,
  sorts: ORDER_SORTS,
  columns,
  exportName: EXPORT_NAMES.orders,
  partsExport: {
    param: 'lines',
    description: "'true': one row per order line instead of one per order",
    columns: lineColumns,
    page: exportedLinesAfter,
  },
}) {}

@AdminController('admin/orders', 'admin: orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post('manual')
  createManual(@Body() body: ManualOrderDto): Promise<ManualOrderResult> {
    return this.orders.createManual(body);
  }

  @Put(':id')
  update(@Param() { id }: IdParam, @Body() body: UpdateOrderDto): Promise<Order> {
    return this.orders.update(id, body);
  }
}
