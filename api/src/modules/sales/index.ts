// What other modules may use of this one; they import nothing else of it.
export { SALES_ENTITIES, SalesModule } from './sales.module.js';
export { SalesDays } from './sales-days.js';
