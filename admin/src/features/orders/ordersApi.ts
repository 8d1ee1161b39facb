import type {
  ManualOrderInput,
  ManualOrderResult,
  Order,
  OrderListFilter,
  OrderShipment,
  OrderUpdate,
  ShipmentRequest,
  ShipmentResult,
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
  /** Part of the order (or its rest) ships with its own tracking number and email. */
  shipOrder: build.mutation<ShipmentResult, { id: number; body: ShipmentRequest }>({
    query: ({ id, body }) => ({ url: `/admin/orders/${id}/shipments`, method: 'POST', body }),
    invalidatesTags: [orders.tag, { type: 'Shipment', id: 'LIST' }],
  }),
  getShipments: build.query<OrderShipment[], number>({
    query: (id) => `/admin/orders/${id}/shipments`,
    providesTags: [{ type: 'Shipment', id: 'LIST' }],
  }),
}));

export const {
  useGetOrdersQuery,
  useUpdateOrderMutation,
  useCreateManualOrderMutation,
  useShipOrderMutation,
  useGetShipmentsQuery,
} = ordersApi;
