export { ORDERS_ENTITIES, OrdersModule } from './orders.module.js';
export { OrdersService } from './orders.service.js';
export { lineView, type PlacedOrder } from './order-lines.js';
