import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type {
  LoginResponse,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@artist/contracts';
import { ClientAddress, RateLimit } from '../rate-limit/index.js';
import { AccountService } from './account.service.js';
import { AdminOnly } from '../../common/admin-only.js';
import {
  PasswordResetConfirmDto,
  PasswordResetRequestDto,
  TwoFactorCodeDto,
  TwoFactorSetupDto,
} from './dto/account.dto.js';
import { destroySession, SESSION_COOKIE } from './session.js';

export const RESET_REQUESTED_MESSAGE =
  'If an email address is set up for the admin, a link to reset the password is on its way. It works once, for 30 minutes.';

@ApiTags('admin: session')
@Controller('admin')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  /** "Forgot password?": 202 whatever happens, so the answer tells nothing; limited per address. */
  @Post('password-reset')
  @HttpCode(202)
  @RateLimit('password-reset')
  async requestReset(@Body() _body: PasswordResetRequestDto): Promise<LoginResponse> {
    await this.account.requestPasswordReset();
    return { success: true, message: RESET_REQUESTED_MESSAGE };
  }

  /**
   * The reset link's page: a new password, and every session (this browser's too) ends. Limited
   * per address, as anyone may post it.
   */
  @Post('password-reset/confirm')
  @HttpCode(200)
  @RateLimit('password-reset-confirm')
  @ApiResponse({ status: 429, description: 'More than 10 a minute from this address' })
  async confirmReset(
    @Body() body: PasswordResetConfirmDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginResponse> {
    await this.account.confirmPasswordReset(body.token, body.password);
    await destroySession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return {
      success: true,
      message: 'Your password is changed, and every session was logged out. Log in with it now.',
    };
  }

  @Get('2fa')
  @AdminOnly()
  status(): Promise<TwoFactorStatus> {
    return this.account.twoFactorStatus();
  }

  @Post('2fa/setup')
  @AdminOnly()
  @HttpCode(200)
  @ApiResponse({
    status: 403,
    description:
      'Two-step login is on and no right current code or password came with it, or the cross-site check refused it',
  })
  @ApiResponse({ status: 429, description: 'Too many wrong codes from this address' })
  setUp(
    @Body() body: TwoFactorSetupDto,
    @ClientAddress() address: string,
  ): Promise<TwoFactorSetup> {
    return this.account.setUpTwoFactor(body, address);
  }

  @Post('2fa/enable')
  @AdminOnly()
  @HttpCode(200)
  enable(@Body() body: TwoFactorCodeDto): Promise<TwoFactorEnabled> {
    return this.account.enableTwoFactor(body.code);
  }

  @Post('2fa/disable')
  @AdminOnly()
  @HttpCode(200)
  @ApiResponse({ status: 429, description: 'Too many wrong codes from this address' })
  disable(
    @Body() body: TwoFactorCodeDto,
    @ClientAddress() address: string,
  ): Promise<TwoFactorStatus> {
    return this.account.disableTwoFactor(body.code, address);
  }
}
