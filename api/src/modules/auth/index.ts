// What other modules may use of this one; they import nothing else of it.
export { AUTH_ENTITIES, AuthModule } from './auth.module.js';
export { AuthService, NoAdminAccountError, resetAdminPassword } from './auth.service.js';
export { SESSION_COOKIE, SESSION_IDLE_MS } from './session.js';
