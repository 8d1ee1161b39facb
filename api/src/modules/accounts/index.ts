export { ACCOUNTS_ENTITIES, AccountsModule } from './accounts.module.js';
