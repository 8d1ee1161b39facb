import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { CheckoutMode, CheckoutResponse, CheckoutSessionStatus } from '@artist/contracts';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { CheckoutService } from './checkout.service.js';
import { PaymentProvider } from './payment-provider.js';
import { isCheckoutBrowser, setCheckoutCookie } from './checkout-cookie.js';
import { CreateCheckoutSessionDto } from './dto/create-checkout-session.dto.js';
import { SessionStatusQueryDto } from './dto/session-status-query.dto.js';
import { ClientAddress } from '../rate-limit/client-key.js';
import { RateLimit } from '../rate-limit/rate-limit.guard.js';

@Controller()
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provider: PaymentProvider,
  ) {}

  /** Whether checkout takes orders without charging a card (the test provider). */
  @Get('checkout/mode')
  @Header('Cache-Control', 'no-cache')
  mode(): CheckoutMode {
    return { testMode: this.provider.name === 'test' };
  }

  /**
   * Answers `{ url }`, the hosted checkout page to send the buyer to, and marks this browser as
   * the one that checked out (see checkout-cookie.ts).
   */
  @Post('create-checkout-session')
  @RateLimit('checkout')
  @HttpCode(200)
  async create(
    @Body() body: CreateCheckoutSessionDto,
    @ClientAddress() client: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CheckoutResponse> {
    const { url, sessionId } = await this.checkout.createSession(body, client);
    setCheckoutCookie(res, this.config, sessionId);
    return { url };
  }

  /** Called on the return to `/?checkout=success&session_id=…`. */
  @Get('checkout/session-status')
  @RateLimit('session-status')
  @Header('Cache-Control', 'no-store')
  status(
    @Query() query: SessionStatusQueryDto,
    @Req() req: Request,
  ): Promise<CheckoutSessionStatus> {
    const own = isCheckoutBrowser(this.config.sessionSecret, query.session_id, req.get('cookie'));
    return this.checkout.sessionStatus(query.session_id, own);
  }
}
