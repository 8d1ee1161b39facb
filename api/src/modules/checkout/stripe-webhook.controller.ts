import {
  BadRequestException,
  Controller,
  Headers,
  HttpCode,
  Optional,
  Post,
  Req,
  type RawBodyRequest,
} from '@nestjs/common';
import type { Request } from 'express';
import { BillingEvents } from '../../common/billing-events.js';
import { Metrics } from '../metrics/index.js';
import { CheckoutRemindersService } from './checkout-reminders.service.js';
import { FulfilmentService } from './fulfilment.service.js';
import { PaymentProvider, WebhookSignatureError, type PaymentEvent } from './payment-provider.js';

/** Event types that mean a checkout session has been paid. */
export const FULFILLING_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/** Event types that close a checkout session without an order. */
export const CLOSING_EVENTS = new Map<string, 'failed' | 'expired'>([
  ['checkout.session.async_payment_failed', 'failed'],
  ['checkout.session.expired', 'expired'],
]);

/**
 * Stripe's deliveries, trusted only by their signature (this path is exempt from the origin
 * check). A database failure surfaces as a 500, so Stripe delivers again later.
 */
@Controller('webhooks')
export class StripeWebhookController {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly fulfilment: FulfilmentService,
    private readonly metrics: Metrics,
    private readonly reminders: CheckoutRemindersService,
    /** The memberships module's, when the app has it. */
    @Optional() private readonly billing?: BillingEvents,
  ) {}

  @Post('stripe')
  @HttpCode(200)
  async receive(
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    if (!req.rawBody) {
      this.metrics.webhook('refused');
      throw new BadRequestException('The webhook body must be JSON.');
    }
    const event = this.verify(req.rawBody, signature);
    try {
      await this.handle(event);
    } catch (error) {
      this.metrics.webhook('failed');
      throw error;
    }
    this.metrics.webhook('processed');
    return { received: true };
  }

  private async handle(event: PaymentEvent): Promise<void> {
    // Memberships (Stripe Billing): applied once per event id, in any order, by their module.
    if (event.billing) {
      if (this.billing) await this.billing.handle(event.billing);
      return;
    }
    // A completed session whose payment is still pending is unpaid: fulfilment skips it and
    // async_payment_succeeded brings it back once the money is in.
    if (FULFILLING_EVENTS.has(event.type) && event.session) {
      await this.fulfilment.fulfilPaidSession(event.session);
    } else if (CLOSING_EVENTS.has(event.type) && event.session) {
      await this.fulfilment.closeSession(event.session.id, CLOSING_EVENTS.get(event.type)!);
      if (event.type === 'checkout.session.expired') await this.reminders.expired(event.session);
    } else if (event.charge) {
      await this.fulfilment.recordChargeEvent(event.type, event.charge);
    }
  }

  private verify(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    try {
      return this.provider.verifyWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        this.metrics.webhook('refused');
        throw new BadRequestException(`Webhook refused: ${error.message}`);
      }
      throw error;
    }
  }
}
