import type { ShippingZone, ShippingZoneInput } from '@artist/contracts';
import { api } from '../../app/api.js';

export const shippingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShippingZones: build.query<ShippingZone[], void>({
      query: () => '/admin/shipping-zones',
      providesTags: [{ type: 'ShippingZone', id: 'LIST' }],
    }),
    createShippingZone: build.mutation<ShippingZone, ShippingZoneInput>({
      query: (body) => ({ url: '/admin/shipping-zones', method: 'POST', body }),
      invalidatesTags: [{ type: 'ShippingZone', id: 'LIST' }],
    }),
    updateShippingZone: build.mutation<ShippingZone, { id: number; body: ShippingZoneInput }>({
      query: ({ id, body }) => ({ url: `/admin/shipping-zones/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'ShippingZone', id: 'LIST' }],
    }),
    deleteShippingZone: build.mutation<void, number>({
      query: (id) => ({ url: `/admin/shipping-zones/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'ShippingZone', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetShippingZonesQuery,
  useCreateShippingZoneMutation,
  useUpdateShippingZoneMutation,
  useDeleteShippingZoneMutation,
} = shippingApi;
