// What other modules may use of this one; they import nothing else of it.
export { OverviewModule } from './overview.module.js';
