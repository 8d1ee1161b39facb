// What other modules may use of this one; they import nothing else of it.
export { NOTIFY_ENTITIES, NotifyModule } from './notify.module.js';
export { NotifyService } from './notify.service.js';
