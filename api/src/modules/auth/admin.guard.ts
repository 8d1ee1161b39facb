import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { isAdmin } from './session.js';

export const LOGIN_REQUIRED_MESSAGE = 'Please log in to continue.';

const ADMIN_ONLY = 'artist:admin-only';

/**
 * Marks a controller or a route as the artist's: it needs an admin session, else 401. Every
 * route under /api/admin carries it except the session check, the login and the password reset
 * by email (a test walks the router to hold that true for each new route).
 */
export const AdminOnly = () =>
  applyDecorators(
    SetMetadata(ADMIN_ONLY, true),
    ApiUnauthorizedResponse({ description: 'No admin session: log in first' }),
  );

/** Registered once for the whole app; acts on the routes marked with AdminOnly. */
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
