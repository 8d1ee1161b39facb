// What other modules may use of this one; they import nothing else of it.
export { FANS_ENTITIES, FansModule } from './fans.module.js';
export { FANS_SEARCH, FansService } from './fans.service.js';
