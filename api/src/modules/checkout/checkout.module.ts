import { Module } from '@nestjs/common';
import { getRepositoryToken, TypeOrmModule } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/env.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { Order } from '../orders/order.entity.js';
import { CheckoutSession } from './checkout-session.entity.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';
import { FulfilmentService } from './fulfilment.service.js';
import { PaymentProvider } from './payment-provider.js';
import { StripePaymentProvider } from './stripe-payment-provider.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { TestCheckoutController } from './test-checkout.controller.js';
import { TestPaymentProvider } from './test-payment-provider.js';

/** Stripe when a key is set; otherwise, outside production, the built-in test provider. */
function paymentProvider(config: AppConfig, orders: Repository<Order>): PaymentProvider {
  if (config.stripe) return new StripePaymentProvider(config.stripe);
  // loadConfig already refuses this; kept so no other way of building the config can slip by.
  if (config.production) throw new Error('STRIPE_SECRET_KEY is required in production');
  return new TestPaymentProvider(config.publicUrl, orders);
}

@Module({
  imports: [TypeOrmModule.forFeature([CheckoutSession, Order]), CatalogModule],
  controllers: [CheckoutController, StripeWebhookController, TestCheckoutController],
  providers: [
    CheckoutService,
    FulfilmentService,
    {
      provide: PaymentProvider,
      useFactory: paymentProvider,
      inject: [APP_CONFIG, getRepositoryToken(Order)],
    },
  ],
})
export class CheckoutModule {}
