// What other modules may use of this one; they import nothing else of it.
export { SearchModule } from './search.module.js';
