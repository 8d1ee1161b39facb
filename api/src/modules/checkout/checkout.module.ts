import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { CatalogModule } from '../catalog/index.js';
import { OrdersModule, OrdersService } from '../orders/index.js';
import { ShippingModule } from '../shipping/index.js';
import { DiscountsModule } from '../discounts/index.js';
import { ReleasesModule } from '../releases/index.js';
import { CheckoutCleanupService } from './checkout-cleanup.service.js';
import { CheckoutRemindersService } from './checkout-reminders.service.js';
import { ChargeEvent } from './charge-event.entity.js';
import { CheckoutReminder } from './checkout-reminder.entity.js';
import { CheckoutSession } from './checkout-session.entity.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';
import { FreeOrderDigest } from './free-order-digest.service.js';
import { FulfilmentService } from './fulfilment.service.js';
import { PaymentProvider } from './payment-provider.js';
import { ProviderSessionCache } from './provider-session-cache.js';
import { RefundController } from './refund.controller.js';
import { RefundService } from './refund.service.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { TestCheckoutController } from './test-checkout.controller.js';
import { TestSubscriptionsController } from './test-subscriptions.controller.js';
import { TestPaymentProvider } from './test-payment-provider.js';
import { UnavailablePaymentProvider } from './unavailable-payment-provider.js';
import { CheckoutPersonalData } from './checkout.personal-data.js';

/**
 * Stripe when a key is set; the built-in test provider where loadConfig allows it (a loopback
 * PUBLIC_URL outside production, or PAYMENT_PROVIDER=test); otherwise none, and checkout is 503.
 * Stripe's SDK (over 200 modules) is loaded only when it is the provider.
 */
async function paymentProvider(config: AppConfig, orders: OrdersService): Promise<PaymentProvider> {
  if (config.payments === 'stripe' && config.stripe) {
    const { StripePaymentProvider } = await import('./stripe-payment-provider.js');
    return new StripePaymentProvider(config.stripe);
  }
  if (config.payments === 'test') return new TestPaymentProvider(orders);
  new Logger('Payments').warn(
    'Payments are not set up: no STRIPE_SECRET_KEY, and PUBLIC_URL is not a loopback address ' +
      '(or NODE_ENV is production). Checkout answers 503 until STRIPE_SECRET_KEY is set ' +
      '(or PAYMENT_PROVIDER=test, which takes orders without payment).',
  );
  return new UnavailablePaymentProvider();
}

/** The tables this module owns: registered here, and listed for data sources outside the app. */
export const CHECKOUT_ENTITIES = [CheckoutSession, CheckoutReminder, ChargeEvent];

@Module({
  imports: [
    TypeOrmModule.forFeature(CHECKOUT_ENTITIES),
    OrdersModule,
    CatalogModule,
    ShippingModule,
    DiscountsModule,
    ReleasesModule,
  ],
  controllers: [
    CheckoutController,
    StripeWebhookController,
    TestCheckoutController,
    TestSubscriptionsController,
    RefundController,
  ],
  providers: [
    CheckoutService,
    CheckoutCleanupService,
    CheckoutRemindersService,
    FulfilmentService,
    FreeOrderDigest,
    ProviderSessionCache,
    RefundService,
    CheckoutPersonalData,
    {
      provide: PaymentProvider,
      useFactory: paymentProvider,
      inject: [APP_CONFIG, OrdersService],
    },
  ],
  // Memberships take their Stripe Checkout sessions, cancellations and portal through it.
  exports: [PaymentProvider],
})
export class CheckoutModule {}
