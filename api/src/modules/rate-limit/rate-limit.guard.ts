import {
  applyDecorators,
  Inject,
  Injectable,
  Post,
  SetMetadata,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { TooManyRequestsException } from '../../common/too-many-requests.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { clientOf } from './client-key.js';
import { RateLimiter, tryAgainIn, type Limit } from './rate-limiter.service.js';

/** The site's public forms, each posted to its own name; they share the `forms` limit. */
export type PublicForm = 'contact' | 'email-signup' | 'notify-me';

/**
 * The public forms, checkout creation, the checkout's status check (which asks the payment
 * provider), the admin's "Forgot password?" and its link's new password, each limited per client
 * address.
 */
export type LimitedAction =
  | PublicForm
  | 'checkout'
  | 'membership-checkout'
  | 'membership-card'
  | 'session-status'
  | 'password-reset'
  | 'password-reset-confirm'
  | 'discount-check'
  | 'remote-failure'
  | 'account-sign-in';

/** Reset links one address may ask for: each sends an email to the artist. */
export const PASSWORD_RESET_LIMIT: Limit = { max: 5, windowMs: 60 * 60_000 };

/** New passwords one address may send with a reset link: a live link's costs a password hash. */
export const PASSWORD_RESET_CONFIRM_LIMIT: Limit = { max: 10, windowMs: 60_000 };

/** Load failures of a remote one address may report: a page view reports at most one per remote. */
export const REMOTE_FAILURE_LIMIT: Limit = { max: 20, windowMs: 10 * 60_000 };

/** Sign-in codes one address may ask for (`POST /api/account/sign-in`): each sends an email. */
export const ACCOUNT_SIGN_IN_LIMIT: Limit = { max: 10, windowMs: 60 * 60_000 };

const RATE_LIMIT = Symbol('rateLimit');

/**
 * Limits the route per client address (the `rateLimits` settings): over the limit it answers
 * 429 'Too many requests. Please try again in N minutes.' with `Retry-After`, before the body is
 * read or validated.
 */
export const RateLimit = (action: LimitedAction) => SetMetadata(RATE_LIMIT, action);

/** The route a public form posts to, `POST <form>`, limited per client address as `<form>`. */
export const PublicFormRoute = (form: PublicForm) => applyDecorators(Post(form), RateLimit(form));

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
    const req = context.switchToHttp().getRequest<Request>();
    const waitSeconds = await this.limiter.take(action, clientOf(req), this.limitOf(action));
    if (waitSeconds === 0) return true;
    throw new TooManyRequestsException(
      `Too many requests. ${tryAgainIn(waitSeconds)}`,
      waitSeconds,
    );
  }

  private limitOf(action: LimitedAction): Limit {
    const limits = this.config.rateLimits;
    if (action === 'checkout' || action === 'membership-checkout') return limits.checkout;
    if (action === 'session-status' || action === 'membership-card') return limits.sessionStatus;
    if (action === 'password-reset') return PASSWORD_RESET_LIMIT;
    if (action === 'password-reset-confirm') return PASSWORD_RESET_CONFIRM_LIMIT;
    if (action === 'discount-check') return limits.discountCheck;
    if (action === 'remote-failure') return REMOTE_FAILURE_LIMIT;
    if (action === 'account-sign-in') return ACCOUNT_SIGN_IN_LIMIT;
    return limits.forms;
  }
}
