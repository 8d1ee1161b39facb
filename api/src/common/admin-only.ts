import { applyDecorators, Controller, SetMetadata } from '@nestjs/common';
import { ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';

/** The route metadata that `AdminOnly` sets and the auth module's `AdminGuard` reads. */
export const ADMIN_ONLY = 'artist:admin-only';

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

/**
 * A controller of the artist's routes, at `path` (under /api/admin) and `AdminOnly`, its routes
 * under `tag` in the API's documentation.
 */
export const AdminController = (path: string, tag: string) =>
  applyDecorators(ApiTags(tag), AdminOnly(), Controller(path));
