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
import type {
  CheckoutMode,
  CheckoutResponse,
  DiscountCheck,
  CheckoutSessionStatus,
  ShippingCountries,
  ShippingQuote,
} from '@artist/contracts';
import { ShippingService } from '../shipping/index.js';
import { DiscountCheckDto } from './dto/discount-check.dto.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { CheckoutService } from './checkout.service.js';
import { PaymentProvider } from './payment-provider.js';
import { isCheckoutBrowser, setCheckoutCookie } from './checkout-cookie.js';
import { CreateCheckoutSessionDto, ShippingQuoteDto } from './dto/create-checkout-session.dto.js';
import { SessionStatusQueryDto } from './dto/session-status-query.dto.js';
import { siteUrlOf } from '../../common/origin-check.js';
import { ClientAddress, RateLimit } from '../rate-limit/index.js';

@Controller()
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shipping: ShippingService,
    private readonly provider: PaymentProvider,
  ) {}

  /** The rates of the country's zone for this cart, priced as checkout will charge them. */
  @Post('shipping/quote')
  @HttpCode(200)
  quote(@Body() body: ShippingQuoteDto): Promise<ShippingQuote> {
    return this.checkout.quote(body);
  }

  /** The cart with a discount code applied, or 422 saying why it does not apply. */
  @Post('discounts/check')
  @RateLimit('discount-check')
  @HttpCode(200)
  checkDiscount(@Body() body: DiscountCheckDto): Promise<DiscountCheck> {
    return this.checkout.checkDiscount(body);
  }

  /** Every country some zone ships to (the cart's choice of country) and the shop's sentence. */
  @Get('shipping/countries')
  @Header('Cache-Control', 'no-cache')
  async countries(): Promise<ShippingCountries> {
    const [countries, shipsTo] = await Promise.all([
      this.shipping.countries(),
      this.shipping.shipsTo(),
    ]);
    return { countries, shipsTo };
  }

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
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CheckoutResponse> {
    // Payment returns to the host the fan came from (their cart's cookie is there), when it is
    // one this site serves.
    const siteUrl = siteUrlOf(req, this.config);
    const { url, sessionId } = await this.checkout.createSession(body, client, siteUrl);
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
