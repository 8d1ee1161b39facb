import type { CheckoutItem } from './catalog.js';

/** The Discounts list's filters and sorts (the shared list query). */
export const DISCOUNT_LIST_FILTERS = ['active', 'inactive'] as const;
export type DiscountListFilter = (typeof DISCOUNT_LIST_FILTERS)[number];
export const DISCOUNT_SORTS = ['code', 'uses', 'endsAt', 'createdAt'] as const;
export type DiscountSort = (typeof DISCOUNT_SORTS)[number];

export const DISCOUNT_CODE_MIN = 3;
export const DISCOUNT_CODE_MAX = 30;

/**
 * A discount code as the admin sees it. Either `percentOff` (1–100) or `amountOffCents`; `uses`
 * counts paid orders. Times are ISO strings or null.
 */
export interface DiscountCode {
  id: number;
  /** Upper case; buyers may type it in any case. */
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  minSubtotalCents: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  oncePerEmail: boolean;
  /** Only these products are discounted; null for the whole cart. */
  productIds: string[] | null;
  active: boolean;
  uses: number;
}

/** Body of `POST /api/admin/discounts` and `PUT /api/admin/discounts/:id`. */
export type DiscountCodeInput = Omit<DiscountCode, 'id' | 'uses'>;

/** Body of `POST /api/discounts/check`. */
export interface DiscountCheckRequest {
  code: string;
  items: CheckoutItem[];
  country: string;
  /** The rate chosen in the cart; the zone's first when left out. */
  shippingRateId?: number;
  /** Needed for a code that may be used once per email. */
  email?: string;
}

/** Answer of `POST /api/discounts/check`: the cart with the code applied. Cents. */
export interface DiscountCheck {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

/** The 422 of a code that may be used once per email when no email came with it. */
export const DISCOUNT_EMAIL_NEEDED_MESSAGE = 'Enter your email address to use this code.';
