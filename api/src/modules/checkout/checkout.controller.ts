import { Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import type { CheckoutResponse, CheckoutSessionStatus } from '@artist/contracts';
import { CheckoutService } from './checkout.service.js';
import { CreateCheckoutSessionDto } from './dto/create-checkout-session.dto.js';
import { SessionStatusQueryDto } from './dto/session-status-query.dto.js';
import { ClientAddress } from '../rate-limit/client-key.js';
import { RateLimit } from '../rate-limit/rate-limit.guard.js';

@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  /** Answers `{ url }`, the hosted checkout page to send the buyer to. */
  @Post('create-checkout-session')
  @RateLimit('checkout')
  @HttpCode(200)
  create(
    @Body() body: CreateCheckoutSessionDto,
    @ClientAddress() client: string,
  ): Promise<CheckoutResponse> {
    return this.checkout.createSession(body, client);
  }

  /** Called on the return to `/?checkout=success&session_id=…`. */
  @Get('checkout/session-status')
  @RateLimit('session-status')
  @Header('Cache-Control', 'no-store')
  status(@Query() query: SessionStatusQueryDto): Promise<CheckoutSessionStatus> {
    return this.checkout.sessionStatus(query.session_id);
  }
}
