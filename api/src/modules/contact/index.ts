// What other modules may use of this one; they import nothing else of it.
export { CONTACT_ENTITIES, ContactModule } from './contact.module.js';
export { ContactService } from './contact.service.js';
