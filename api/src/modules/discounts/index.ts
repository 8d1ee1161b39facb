// What other modules may use of this one; they import nothing else of it.
export { DISCOUNTS_ENTITIES, DiscountsModule } from './discounts.module.js';
export { type AppliedDiscount, DiscountsService } from './discounts.service.js';
