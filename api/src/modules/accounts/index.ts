// What other modules may use of this one; they import nothing else of it.
export { ACCOUNTS_ENTITIES, AccountsModule } from './accounts.module.js';
