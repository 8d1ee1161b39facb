import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { clientKey } from './client-key.js';
import { RateLimiter, tryAgainIn } from './rate-limiter.service.js';

/** The public forms and checkout creation, each limited per client address. */
export type LimitedAction = 'contact' | 'email-signup' | 'notify-me' | 'checkout';

const RATE_LIMIT = Symbol('rateLimit');

/**
 * Limits the route per client address (the `rateLimits` settings): over the limit it answers
 * 429 'Too many requests. Please try again in N minutes.' with `Retry-After`, before the body is
 * read or validated.
 */
export const RateLimit = (action: LimitedAction) => SetMetadata(RATE_LIMIT, action);

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const action = this.reflector.get<LimitedAction | undefined>(RATE_LIMIT, context.getHandler());
    if (!action) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const limit =
      action === 'checkout' ? this.config.rateLimits.checkout : this.config.rateLimits.forms;
    const waitSeconds = await this.limiter.take(
      action,
      clientKey(req.ip ?? req.socket.remoteAddress),
      limit,
    );
    if (waitSeconds === 0) return true;
    http.getResponse<Response>().set('Retry-After', String(waitSeconds));
    throw new HttpException(
      `Too many requests. ${tryAgainIn(waitSeconds)}`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
