// What other modules may use of this one; they import nothing else of it.
export { MEMBERSHIPS_ENTITIES, MembershipsModule } from './memberships.module.js';
export { MembershipsService } from './memberships.service.js';
