import type {
  ListPage,
  ManualOrderInput,
  ManualOrderResult,
  Order,
  OrderListFilter,
  OrderUpdate,
} from '@artist/contracts';
import { api, listUrl, type ListArgs } from '../../app/api.js';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<ListPage<Order, OrderListFilter>, ListArgs>({
      query: (args) => listUrl('/admin/orders', args),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    updateOrder: build.mutation<unknown, { id: number; body: OrderUpdate }>({
      query: ({ id, body }) => ({ url: `/admin/orders/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    createManualOrder: build.mutation<ManualOrderResult, ManualOrderInput>({
      query: (body) => ({ url: '/admin/orders/manual', method: 'POST', body }),
      // A merch-table sale takes from the stock the Products tab shows, and adds to the sales.
      invalidatesTags: [
        { type: 'Order', id: 'LIST' },
        { type: 'Product', id: 'LIST' },
        { type: 'Sale', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetOrdersQuery, useUpdateOrderMutation, useCreateManualOrderMutation } =
  ordersApi;
