import {
  Controller,
  Get,
  Header,
  Inject,
  NotFoundException,
  Optional,
  Param,
  Post,
  Redirect,
  Req,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { Request } from 'express';
import { BillingEvents } from '../../common/billing-events.js';
import { Clock } from '../../common/clock.js';
import { siteUrlOf } from '../../common/origin-check.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { PaymentProvider } from './payment-provider.js';
import { TestPaymentProvider } from './test-payment-provider.js';
import {
  cancelAtPeriodEndEvent,
  paidSubscriptionEvents,
  renderTestPortalPage,
  renderTestSubscriptionPage,
  testSubscriptionOf,
  testSubscriptionOfCustomer,
  type TestSubscriptionSession,
} from './test-subscriptions.js';

const NOT_FOUND = 'This test checkout is not valid: start again from the site.';

interface RedirectTo {
  url: string;
  statusCode: number;
}

/**
 * The test provider's membership checkout and billing portal; absent (404) when Stripe is
 * configured. Paying hands the events Stripe would send to `BillingEvents`, as the webhook does.
 */
@Controller('checkout')
export class TestSubscriptionsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    /** The memberships module's, when the app has it. */
    @Optional() private readonly billing?: BillingEvents,
  ) {}

  @Get('test-membership/:token')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  page(@Param('token') token: string): string {
    return renderTestSubscriptionPage(token, this.sessionOf(token));
  }

  /** Pay: checkout completed, the subscription made, its first invoice paid; then back. */
  @Post('test-membership/:token/pay')
  @Redirect()
  async pay(@Param('token') token: string, @Req() req: Request): Promise<RedirectTo> {
    const session = this.sessionOf(token);
    const billing = this.billingEvents();
    const now = Math.floor(this.clock.now().getTime() / 1000);
    for (const event of paidSubscriptionEvents(token, now)) await billing.handle(event);
    return { url: this.onSite(req, session.successUrl), statusCode: 303 };
  }

  @Post('test-membership/:token/cancel')
  @Redirect()
  cancel(@Param('token') token: string, @Req() req: Request): RedirectTo {
    return { url: this.onSite(req, this.sessionOf(token).cancelUrl), statusCode: 303 };
  }

  @Get('test-portal/:customerId')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  portal(@Param('customerId') customerId: string, @Req() req: Request): string {
    this.subscriptionOf(customerId);
    return renderTestPortalPage(customerId, `${siteUrlOf(req, this.config)}/account`);
  }

  /** Cancels at the end of the period, as Stripe's portal does, then back to her account. */
  @Post('test-portal/:customerId/cancel')
  @Redirect()
  async cancelAtPeriodEnd(
    @Param('customerId') customerId: string,
    @Req() req: Request,
  ): Promise<RedirectTo> {
    const subscriptionId = this.subscriptionOf(customerId);
    const now = Math.floor(this.clock.now().getTime() / 1000);
    await this.billingEvents().handle(cancelAtPeriodEndEvent(subscriptionId, now));
    return { url: `${siteUrlOf(req, this.config)}/account`, statusCode: 303 };
  }

  private sessionOf(token: string): TestSubscriptionSession {
    this.testProvider();
    const session = testSubscriptionOf(token);
    if (!session) throw new NotFoundException(NOT_FOUND);
    return session;
  }

  private subscriptionOf(customerId: string): string {
    this.testProvider();
    const subscriptionId = testSubscriptionOfCustomer(customerId);
    if (!subscriptionId) throw new NotFoundException('There is no such test membership.');
    return subscriptionId;
  }

  /** A return address on this site: the session's path, on the site the page is on. */
  private onSite(req: Request, url: string): string {
    const { pathname, search, hash } = new URL(url, this.config.publicUrl);
    return `${siteUrlOf(req, this.config)}${pathname}${search}${hash}`;
  }

  private billingEvents(): BillingEvents {
    if (!this.billing) throw new ServiceUnavailableException('Memberships are not set up.');
    return this.billing;
  }

  private testProvider(): void {
    if (!(this.provider instanceof TestPaymentProvider)) throw new NotFoundException(NOT_FOUND);
  }
}
