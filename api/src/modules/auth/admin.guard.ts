import {
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ADMIN_ONLY } from '../../common/admin-only.js';
import { isAdmin } from './session.js';

export const LOGIN_REQUIRED_MESSAGE = 'Please log in to continue.';

/** Registered once for the whole app; acts on the routes marked with AdminOnly (common/). */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const adminOnly = this.reflector.getAllAndOverride<boolean | undefined>(ADMIN_ONLY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!adminOnly) return true;
    if (isAdmin(context.switchToHttp().getRequest<Request>())) return true;
    throw new UnauthorizedException(LOGIN_REQUIRED_MESSAGE);
  }
}
