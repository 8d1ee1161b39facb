// What other modules may use of this one; they import nothing else of it.
export { HealthModule } from './health.module.js';
