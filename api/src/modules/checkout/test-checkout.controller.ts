import {
  Body,
  Controller,
  Get,
  Header,
  NotFoundException,
  Param,
  Post,
  Redirect,
  Req,
} from '@nestjs/common';
import { BadRequestException, Inject } from '@nestjs/common';
import type { Request } from 'express';
import { siteUrlOf } from '../../common/origin-check.js';
import { countryName, ShippingService } from '../shipping/index.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { CheckoutService, SESSION_NOT_FOUND_MESSAGE } from './checkout.service.js';
import { TestPaymentDto } from './dto/test-payment.dto.js';
import { FulfilmentService } from './fulfilment.service.js';
import { PaymentProvider } from './payment-provider.js';
import { renderTestCheckoutPage } from './test-checkout.page.js';
import { testCheckoutPath, TestPaymentProvider } from './test-payment-provider.js';
import { isDigitalOnly } from './digital-lines.js';

interface RedirectTo {
  url: string;
  statusCode: number;
}

/** The test provider's hosted checkout page; absent (404) when Stripe is configured. */
@Controller('checkout/test')
export class TestCheckoutController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provider: PaymentProvider,
    private readonly checkout: CheckoutService,
    private readonly fulfilment: FulfilmentService,
    private readonly shipping: ShippingService,
  ) {}

  /** The countries a session may ship to: those of the zone it was priced for. */
  private async countriesOf(country: string | null): Promise<string[]> {
    const zone = country ? await this.shipping.zoneOf(country) : null;
    return zone?.countries ?? (country ? [country] : []);
  }

  @Get(':sessionId')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async page(@Param('sessionId') sessionId: string): Promise<string> {
    this.testProvider();
    const record = await this.checkout.findOwn(sessionId);
    const path = testCheckoutPath(record.sessionId);
    return renderTestCheckoutPage({
      payAction: `${path}/pay`,
      cancelAction: `${path}/cancel`,
      lines: record.soldLines(),
      countries: await this.countriesOf(record.country),
      country: record.country,
      shippingRateName: record.shippingRateName,
      shipping: record.shipping,
      discountCode: record.discountCode,
      discountAmount: record.discountAmount,
      total: record.total,
      paid: record.status === 'completed',
      downloadsOnly: isDigitalOnly(record.soldLines()),
    });
  }

  /** Pay runs the same fulfilment as Stripe's webhook, then returns like Stripe does. */
  @Post(':sessionId/pay')
  @Redirect()
  async pay(
    @Param('sessionId') sessionId: string,
    @Body() form: TestPaymentDto,
    @Req() req: Request,
  ): Promise<RedirectTo> {
    const provider = this.testProvider();
    const record = await this.checkout.findOwn(sessionId);
    const downloadsOnly = isDigitalOnly(record.soldLines());
    if (form.downloadsOnly && !downloadsOnly) {
      throw new BadRequestException('This order ships: enter the address to ship it to.');
    }
    const countries = await this.countriesOf(record.country);
    if (!downloadsOnly && !countries.includes(form.country)) {
      throw new BadRequestException(
        `This order ships only to ${countries.map(countryName).join(', ')}; ` +
          'go back to the cart to choose another country.',
      );
    }
    const amounts = {
      total: record.total,
      shipping: record.shipping,
      shippingRateName: record.shippingRateName,
      discount: record.discountAmount,
    };
    // Its holds went back to stock when it closed: an order then would sell what others hold.
    await this.fulfilment.fulfilPaidSession(
      provider.paidSession(record.sessionId, amounts, {
        name: form.name,
        email: form.email,
        address: downloadsOnly
          ? null
          : {
              line1: form.line1,
              line2: form.line2 || null,
              city: form.city,
              state: form.state || null,
              postal_code: form.postal_code,
              country: form.country,
            },
      }),
      { refuseClosed: true },
    );
    return {
      // Back to the site the page was on, where the checkout began (see siteUrlOf).
      url: `${siteUrlOf(req, this.config)}/?checkout=success&session_id=${record.sessionId}`,
      statusCode: 303,
    };
  }

  @Post(':sessionId/cancel')
  @Redirect()
  async cancel(@Param('sessionId') sessionId: string, @Req() req: Request): Promise<RedirectTo> {
    this.testProvider();
    const record = await this.checkout.findOwn(sessionId);
    // Unlike Stripe's page, which keeps the session open until it expires, a cancel here gives
    // up the session at once, so what it held is back in stock.
    await this.fulfilment.closeSession(record.sessionId, 'expired');
    return { url: `${siteUrlOf(req, this.config)}/?checkout=canceled`, statusCode: 303 };
  }

  private testProvider(): TestPaymentProvider {
    if (!(this.provider instanceof TestPaymentProvider)) {
      throw new NotFoundException(SESSION_NOT_FOUND_MESSAGE);
    }
    return this.provider;
  }
}
