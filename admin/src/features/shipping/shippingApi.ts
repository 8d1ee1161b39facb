import type { ShippingZone, ShippingZoneInput } from '@artist/contracts';
import { injectListEndpoints } from '../../app/api.js';

export const shippingApi = injectListEndpoints(
  '/admin/shipping-zones',
  'ShippingZone',
  (zones, build) => ({
    // Every zone at once: the list is short and has no table state.
    getShippingZones: build.query<ShippingZone[], void>({
      query: () => '/admin/shipping-zones',
      providesTags: [zones.tag],
    }),
    createShippingZone: zones.create<ShippingZone, ShippingZoneInput>(),
    updateShippingZone: zones.update<ShippingZone, ShippingZoneInput>(),
    deleteShippingZone: zones.remove<void, number>(),
  }),
);

export const {
  useGetShippingZonesQuery,
  useCreateShippingZoneMutation,
  useUpdateShippingZoneMutation,
  useDeleteShippingZoneMutation,
} = shippingApi;
