// What other modules may use of this one; they import nothing else of it.
export { ORDERS_ENTITIES, OrdersModule } from './orders.module.js';
export { OrderAudienceService } from './order-audience.service.js';
export {
  addressColumns,
  lineItemName,
  type LineRefund,
  lineView,
  type NewOrderLine,
  type PlacedOrder,
  refundOfLines,
  type StoredOrder,
  type StoredOrderLine,
} from './order-lines.js';
export { ORDERS_SEARCH, OrdersService, toView } from './orders.service.js';
export { type Carrier, carrierOf } from './carriers.js';
