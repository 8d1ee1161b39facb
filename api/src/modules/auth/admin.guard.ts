import {
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import { isAdmin } from './session.js';

/** The admin routes anyone may call: the session check and the login itself. */
export const PUBLIC_ADMIN_ROUTES = new Set(['/api/admin/session', '/api/admin/login']);

export const LOGIN_REQUIRED_MESSAGE = 'Please log in to continue.';

/**
 * Registered once for the whole app: every route under /api/admin needs an admin session, so a
 * new admin route cannot forget it. The matched route's template is checked (not the raw URL),
 * which Express matches case-insensitively and which may carry encoded characters.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const template = String((req.route as { path?: unknown } | undefined)?.path ?? req.path);
    const path = template.toLowerCase().replace(/\/+$/, '');
    if (path !== '/api/admin' && !path.startsWith('/api/admin/')) return true;
    if (PUBLIC_ADMIN_ROUTES.has(path)) return true;
    if (isAdmin(req)) return true;
    throw new UnauthorizedException(LOGIN_REQUIRED_MESSAGE);
  }
}
