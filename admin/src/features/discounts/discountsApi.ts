import type {
  DiscountCode,
  DiscountCodeInput,
  DiscountListFilter,
  ListPage,
} from '@artist/contracts';
import { api, listUrl, type ListArgs } from '../../app/api.js';

export const discountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDiscounts: build.query<ListPage<DiscountCode, DiscountListFilter>, ListArgs>({
      query: (args) => listUrl('/admin/discounts', args),
      providesTags: [{ type: 'Discount', id: 'LIST' }],
    }),
    createDiscount: build.mutation<DiscountCode, DiscountCodeInput>({
      query: (body) => ({ url: '/admin/discounts', method: 'POST', body }),
      invalidatesTags: [{ type: 'Discount', id: 'LIST' }],
    }),
    updateDiscount: build.mutation<DiscountCode, { id: number; body: DiscountCodeInput }>({
      query: ({ id, body }) => ({ url: `/admin/discounts/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Discount', id: 'LIST' }],
    }),
  }),
});

export const { useGetDiscountsQuery, useCreateDiscountMutation, useUpdateDiscountMutation } =
  discountsApi;
