import type {
  ManualOrderInput,
  ManualOrderResult,
  Order,
  OrderListFilter,
  OrderUpdate,
} from '@artist/contracts';
import { injectListEndpoints, listTag } from '../../app/api.js';

export const ordersApi = injectListEndpoints('/admin/orders', 'Order', (orders, build) => ({
  getOrders: orders.list<Order, OrderListFilter>(),
  updateOrder: orders.update<unknown, OrderUpdate>(),
  createManualOrder: build.mutation<ManualOrderResult, ManualOrderInput>({
    query: (body) => ({ url: '/admin/orders/manual', method: 'POST', body }),
    // A merch-table sale takes from the stock the Products tab shows, and adds to the sales.
    invalidatesTags: [orders.tag, listTag('Product'), listTag('Sale')],
  }),
}));

export const { useGetOrdersQuery, useUpdateOrderMutation, useCreateManualOrderMutation } =
  ordersApi;
