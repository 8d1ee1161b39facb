// What other modules may use of this one; they import nothing else of it.
export { PRESALES_ENTITIES, PresalesModule } from './presales.module.js';
export { PresalesService } from './presales.service.js';
