import { pipeline } from 'node:stream/promises';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type {
  Account,
  AccountLibraryItem,
  AccountPasskey,
  AccountNotifyRequest,
  AccountOrder,
  FanExport,
} from '@artist/contracts';
import { Clock } from '../../common/clock.js';
import { siteUrlOf } from '../../common/origin-check.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { attachmentHeaders } from '../releases/index.js';
import { AccountService } from './account.service.js';
import { AccountSessions } from './account-sessions.service.js';
import { AccountEraseDto, AccountPreferencesDto } from './dto/account.dto.js';
import { CurrentFan, FanSessionGuard } from './fan-session.guard.js';
import {
  clearCeremonyCookie,
  clearFanCookie,
  cookieOf,
  PASSKEY_CEREMONY_COOKIE,
  setCeremonyCookie,
  type SignedInFan,
} from './fan-session.js';
import { PasskeysService } from './passkeys.service.js';

/** The signed-in fan's own account: every route answers 401 without a fan session. */
@ApiTags('account')
@ApiUnauthorizedResponse({ description: 'No fan session: sign in first' })
@UseGuards(FanSessionGuard)
@Controller('account')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly sessions: AccountSessions,
    private readonly passkeys: PasskeysService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  get(@CurrentFan() fan: SignedInFan): Promise<Account> {
    return this.account.get(fan);
  }

  /** Her orders by her verified address (guest orders included), newest first. */
  @Get('orders')
  orders(@CurrentFan() fan: SignedInFan): Promise<AccountOrder[]> {
    return this.account.ordersOf(fan);
  }

  /**
   * A Stripe billing portal session where she changes her membership's card or cancels it,
   * back to `/account`; 404 with a sentence without a membership.
   */
  @Post('membership/portal')
  @HttpCode(200)
  @ApiResponse({ status: 404, description: 'No membership to manage' })
  async membershipPortal(
    @CurrentFan() fan: SignedInFan,
    @Req() req: Request,
  ): Promise<{ url: string }> {
    // Back to the site she is on, where her session's cookie is.
    return { url: await this.account.membershipPortal(fan, siteUrlOf(req, this.config)) };
  }

  /** Every release she paid for or redeemed a code for, with the formats it has. */
  @Get('library')
  library(@CurrentFan() fan: SignedInFan): Promise<AccountLibraryItem[]> {
    return this.account.libraryOf(fan);
  }

  /** Streams a format's ZIP (single byte ranges: 206); 20 downloads a day per release. */
  @Get('library/:productId/:format')
  @ApiResponse({ status: 404, description: 'Not a release of her library, or no such format' })
  @ApiResponse({ status: 429, description: 'Over 20 downloads of the release today' })
  async download(
    @CurrentFan() fan: SignedInFan,
    @Param('productId') productId: string,
    @Param('format') format: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const opened = await this.account.openLibrary(fan, productId, format, req.get('range'));
    res.setHeader('Accept-Ranges', 'bytes');
    if (opened.state === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${opened.size}`);
      res.status(416).end();
      return;
    }
    if (opened.state !== 'ok') return;
    const { file, range } = opened;
    attachmentHeaders(res, opened.title, opened.format);
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
      res.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      res.status(200);
      res.setHeader('Content-Length', String(file.size));
    }
    try {
      await pipeline(file.body, res);
    } catch {
      res.destroy();
    }
  }

  /** Starts adding a passkey: the options for `navigator.credentials.create`. */
  @Post('passkeys/registration-options')
  @HttpCode(200)
  async passkeyOptions(
    @CurrentFan() fan: SignedInFan,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const { options, ceremony } = await this.passkeys.registrationOptions(fan);
    setCeremonyCookie(res, ceremony, this.sessions.secureCookies);
    return options;
  }

  /** The authenticator's answer to those options: the passkey is hers from now on. */
  @Post('passkeys')
  @ApiResponse({ status: 400, description: 'The answer did not verify, or the ceremony ran out' })
  async addPasskey(
    @CurrentFan() fan: SignedInFan,
    @Body() body: RegistrationResponseJSON,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountPasskey> {
    clearCeremonyCookie(res, this.sessions.secureCookies);
    return this.passkeys.register(fan, cookieOf(req, PASSKEY_CEREMONY_COOKIE), body);
  }

  @Delete('passkeys/:id')
  @HttpCode(204)
  @ApiResponse({ status: 404, description: 'She has no passkey with this id' })
  removePasskey(@CurrentFan() fan: SignedInFan, @Param('id') id: string): Promise<void> {
    return this.passkeys.remove(fan, id);
  }

  /** Which campaigns she gets, and her place for shows near her. */
  @Put('preferences')
  preferences(
    @CurrentFan() fan: SignedInFan,
    @Body() body: AccountPreferencesDto,
  ): Promise<Account> {
    return this.account.setPreferences(fan, body);
  }

  /** Her back-in-stock requests still waiting. */
  @Get('notify-me')
  notifyRequests(@CurrentFan() fan: SignedInFan): Promise<AccountNotifyRequest[]> {
    return this.account.notifyRequests(fan);
  }

  /** Cancels one of them: it gets no alert. */
  @Delete('notify-me/:id')
  @HttpCode(204)
  @ApiResponse({ status: 404, description: 'No waiting request of hers has this id' })
  cancelNotify(
    @CurrentFan() fan: SignedInFan,
    @Param('id', ParseIntPipe) id: number,
  ): Promise<void> {
    return this.account.cancelNotify(fan, id);
  }

  /** Everything held about her, as the admin's fan export gives it, as a JSON download. */
  @Get('export')
  async export(
    @CurrentFan() fan: SignedInFan,
    @Res({ passthrough: true }) res: Response,
  ): Promise<FanExport> {
    const data = await this.account.export(fan);
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="my-data-${this.clock.today()}.json"`,
    );
    return data;
  }

  /**
   * Erases her as the admin's erase does, ends her sessions and passkeys, and emails a last
   * confirmation. `confirm` must be her address.
   */
  @Delete()
  @HttpCode(202)
  @ApiResponse({ status: 400, description: '`confirm` is not her address' })
  async erase(
    @CurrentFan() fan: SignedInFan,
    @Body() body: AccountEraseDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ erased: true }> {
    await this.account.erase(fan, body.confirm);
    clearFanCookie(res, this.sessions.secureCookies);
    return { erased: true };
  }
}
