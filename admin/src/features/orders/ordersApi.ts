import type { ManualOrderInput, Order, OrderUpdate } from '@artist/contracts';
import { api } from '../../app/api.js';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<Order[], void>({
      query: () => '/admin/orders',
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    updateOrder: build.mutation<unknown, { id: number; body: OrderUpdate }>({
      query: ({ id, body }) => ({ url: `/admin/orders/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    createManualOrder: build.mutation<unknown, ManualOrderInput>({
      query: (body) => ({ url: '/admin/orders/manual', method: 'POST', body }),
      invalidatesTags: [{ type: 'Order', id: 'LIST' }],
    }),
  }),
});

export const { useGetOrdersQuery, useUpdateOrderMutation, useCreateManualOrderMutation } =
  ordersApi;
