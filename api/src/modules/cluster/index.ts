// What other modules may use of this one; they import nothing else of it.
export { ClusterModule } from './cluster.module.js';
export { InstanceState } from './instance-state.js';
export { JobLeases } from './job-leases.service.js';
