// What other modules may use of this one; they import nothing else of it.
export { CONTENT_ENTITIES, ContentModule } from './content.module.js';
export { ContentService } from './content.service.js';
