// What other modules may use of this one; they import nothing else of it.
export { RATE_LIMIT_ENTITIES, RateLimitModule } from './rate-limit.module.js';
export { ClientAddress, clientKey } from './client-key.js';
export { PublicFormRoute, RateLimit } from './rate-limit.guard.js';
export { type Limit, minutesOf, RateLimiter, tryAgainIn } from './rate-limiter.service.js';
