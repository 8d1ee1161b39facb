import {
  createParamDecorator,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { Response } from 'express';
import { ACCOUNT_SIGN_IN_REQUIRED_MESSAGE } from '@artist/contracts';
import { AccountSessions } from './account-sessions.service.js';
import {
  cookieOf,
  FAN_SESSION_COOKIE,
  setFanCookie,
  type FanRequest,
  type SignedInFan,
} from './fan-session.js';

/**
 * The account's routes that need a signed-in fan: 401 without a live fan session (an admin's
 * cookie is no fan session). Each use renews the session and its cookie for another
 * ACCOUNT_SESSION_DAYS.
 */
@Injectable()
export class FanSessionGuard implements CanActivate {
  constructor(private readonly sessions: AccountSessions) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FanRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const token = cookieOf(req, FAN_SESSION_COOKIE);
    const found = token ? await this.sessions.use(token) : null;
    if (!found || !token) throw new UnauthorizedException(ACCOUNT_SIGN_IN_REQUIRED_MESSAGE);
    setFanCookie(res, token, found.maxAgeMs, this.sessions.secureCookies);
    req.fan = found.fan;
    return true;
  }
}

/** The signed-in fan, in a route behind `FanSessionGuard`. */
export const CurrentFan = createParamDecorator(
  (_: unknown, context: ExecutionContext): SignedInFan => {
    const fan = context.switchToHttp().getRequest<FanRequest>().fan;
    if (!fan) throw new UnauthorizedException(ACCOUNT_SIGN_IN_REQUIRED_MESSAGE);
    return fan;
  },
);
