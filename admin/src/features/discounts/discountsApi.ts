import type { DiscountCode, DiscountCodeInput, DiscountListFilter } from '@artist/contracts';
import { injectListEndpoints } from '../../app/api.js';

export const discountsApi = injectListEndpoints('/admin/discounts', 'Discount', (discounts) => ({
  getDiscounts: discounts.list<DiscountCode, DiscountListFilter>(),
  createDiscount: discounts.create<DiscountCode, DiscountCodeInput>(),
  updateDiscount: discounts.update<DiscountCode, DiscountCodeInput>(),
}));

export const { useGetDiscountsQuery, useCreateDiscountMutation, useUpdateDiscountMutation } =
  discountsApi;
