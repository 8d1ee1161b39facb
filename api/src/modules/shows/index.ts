// What other modules may use of this one; they import nothing else of it.
export { SHOWS_ENTITIES, ShowsModule } from './shows.module.js';
export { showsSite } from './show-calendar.js';
export { structuredDataScript } from './show-structured-data.js';
export { ShowsService } from './shows.service.js';
