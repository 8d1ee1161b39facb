import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import {
  ACCOUNT_SIGN_IN_SENT_MESSAGE,
  type AccountSignInAnswer,
  type AccountVerifyAnswer,
} from '@artist/contracts';
import { RateLimit } from '../rate-limit/index.js';
import { AccountSessions } from './account-sessions.service.js';
import { AccountSignInDto, AccountVerifyDto } from './dto/sign-in.dto.js';
import {
  clearCeremonyCookie,
  clearFanCookie,
  cookieOf,
  FAN_SESSION_COOKIE,
  FAN_SESSION_MS,
  PASSKEY_CEREMONY_COOKIE,
  setCeremonyCookie,
  setFanCookie,
} from './fan-session.js';
import { PasskeysService } from './passkeys.service.js';
import { SignInService } from './sign-in.service.js';

/** Signing in to a fan's account and out of it: the routes that need no fan session. */
@ApiTags('account')
@Controller('account')
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    private readonly sessions: AccountSessions,
    private readonly passkeys: PasskeysService,
  ) {}

  /** Emails a code and a link; the same answer whether or not the address is anyone's. */
  @Post('sign-in')
  @HttpCode(202)
  @RateLimit('account-sign-in')
  @ApiResponse({ status: 429, description: 'Over 10 requests an hour from this address' })
  async request(@Body() body: AccountSignInDto): Promise<AccountSignInAnswer> {
    await this.signIn.request(body.email);
    return { message: ACCOUNT_SIGN_IN_SENT_MESSAGE };
  }

  /** The code (with its address) or the link's token: a fan session cookie. */
  @Post('verify')
  @HttpCode(200)
  @ApiResponse({ status: 400, description: 'Wrong, used, expired or replaced; or 5 wrong codes' })
  async verify(
    @Body() body: AccountVerifyDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountVerifyAnswer> {
    const { email, sessionToken } = await this.signIn.verify(body);
    setFanCookie(res, sessionToken, FAN_SESSION_MS, this.sessions.secureCookies);
    return { email };
  }

  /** Starts a sign-in with a passkey: the options for `navigator.credentials.get`. */
  @Post('passkey-sign-in/options')
  @HttpCode(200)
  async passkeyOptions(
    @Res({ passthrough: true }) res: Response,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { options, ceremony } = await this.passkeys.signInOptions();
    setCeremonyCookie(res, ceremony, this.sessions.secureCookies);
    return options;
  }

  /** A passkey's answer to those options: a fan session cookie, as `verify` gives. */
  @Post('passkey-sign-in')
  @HttpCode(200)
  @ApiResponse({ status: 400, description: 'The answer did not verify, or the ceremony ran out' })
  async passkeySignIn(
    @Body() body: AuthenticationResponseJSON,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountVerifyAnswer> {
    clearCeremonyCookie(res, this.sessions.secureCookies);
    const { email, sessionToken } = await this.passkeys.signInWith(
      cookieOf(req, PASSKEY_CEREMONY_COOKIE),
      body,
    );
    setFanCookie(res, sessionToken, FAN_SESSION_MS, this.sessions.secureCookies);
    return { email };
  }

  /** Ends the fan session of this browser (nothing to end answers the same). */
  @Post('sign-out')
  @HttpCode(204)
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const token = cookieOf(req, FAN_SESSION_COOKIE);
    if (token) await this.sessions.end(token);
    clearFanCookie(res, this.sessions.secureCookies);
  }
}
