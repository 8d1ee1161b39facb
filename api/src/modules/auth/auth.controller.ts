import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import passport from 'passport';
import {
  TWO_FACTOR_CODE_REQUIRED_MESSAGE,
  TWO_FACTOR_CODE_WRONG_MESSAGE,
  type LoginResponse,
  type SessionStatus,
} from '@artist/contracts';
import { TooManyRequestsException } from '../../common/too-many-requests.js';
import { LoginDto } from './dto/login.dto.js';
import { tryAgainIn } from '../rate-limit/index.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { destroySession, isAdmin, regenerate, saveSession, SESSION_COOKIE } from './session.js';
import type { User } from './user.entity.js';
import { AdminOnly } from '../../common/admin-only.js';
import { AccountService } from './account.service.js';

export const WRONG_PASSWORD_MESSAGE = 'Incorrect password.';

@ApiTags('admin: session')
@Controller('admin')
export class AuthController {
  constructor(
    private readonly throttle: LoginThrottleService,
    private readonly account: AccountService,
  ) {}

  @Get('session')
  session(@Req() req: Request): SessionStatus {
    return { authenticated: isAdmin(req) };
  }

  /**
   * The body is validated first, then the attempt is reserved with the throttle (which refuses
   * it once 10 are counted), then passport checks the password, then (with two-step login on)
   * the code; a wrong code leaves the attempt counted like a wrong password. On success the count
   * is cleared and the session gets a new id so one planted before login is worthless.
   */
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    const ip = req.ip ?? req.socket.remoteAddress;
    const waitSeconds = await this.throttle.reserve(ip);
    if (waitSeconds > 0) {
      throw new TooManyRequestsException(
        `Too many failed login attempts. ${tryAgainIn(waitSeconds)}`,
        waitSeconds,
      );
    }
    // A wrong password (or an error) leaves the reserved attempt counted.
    const user = await authenticateLocal(req, res);
    if (!user) throw new UnauthorizedException(WRONG_PASSWORD_MESSAGE);
    if (user.totpSecret) {
      if (!body.code?.trim()) throw new UnauthorizedException(TWO_FACTOR_CODE_REQUIRED_MESSAGE);
      if (!(await this.account.acceptCode(user, body.code))) {
        throw new UnauthorizedException(TWO_FACTOR_CODE_WRONG_MESSAGE);
      }
    }
    await this.throttle.clear(ip);
    await regenerate(req);
    req.session.adminId = user.id;
    req.session.loginAt = Date.now();
    await saveSession(req);
    return { success: true, message: 'Logged in.' };
  }

  @Post('logout')
  @AdminOnly()
  @HttpCode(200)
  async logout(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    await destroySession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true, message: 'Logged out.' };
  }
}

function authenticateLocal(req: Request, res: Response): Promise<User | false> {
  return new Promise((resolve, reject) => {
    const handler = passport.authenticate(
      'local',
      { session: false },
      (error: unknown, user: User | false) => (error ? reject(error) : resolve(user)),
    ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
    handler(req, res, reject);
  });
}
