import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimitHit } from './rate-limit-hit.entity.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimiter } from './rate-limiter.service.js';

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const RATE_LIMIT_ENTITIES = [RateLimitHit];

/** Per-address limits: `RateLimiter` for any module, `@RateLimit(...)` on a route. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(RATE_LIMIT_ENTITIES)],
  providers: [RateLimiter, { provide: APP_GUARD, useClass: RateLimitGuard }],
  exports: [RateLimiter],
})
export class RateLimitModule {}
