// What other modules may use of this one; they import nothing else of it.
export { MetricsModule } from './metrics.module.js';
export { Metrics } from './metrics.service.js';
