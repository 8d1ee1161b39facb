// What other modules may use of this one; they import nothing else of it.
export { SalesModule } from './sales.module.js';
