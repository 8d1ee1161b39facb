import {
  PaymentProvider,
  PaymentProviderError,
  PaymentsNotSetUpError,
  WebhookSignatureError,
  type ChargeUpdate,
  type CreatedSession,
  type PaymentEvent,
  type ProviderSession,
} from './payment-provider.js';

/**
 * No Stripe key, and the site is public (or in production) without PAYMENT_PROVIDER=test: the
 * test provider must not give orders away there, so checkout stays closed.
 */
export class UnavailablePaymentProvider extends PaymentProvider {
  readonly name = 'none';

  async createSession(): Promise<CreatedSession> {
    throw new PaymentsNotSetUpError('No payment provider is set up.');
  }

  async retrieveSession(id: string): Promise<ProviderSession> {
    throw new PaymentProviderError(`No payment provider is set up to look up ${id}.`);
  }

  async refund(): Promise<ChargeUpdate> {
    throw new PaymentsNotSetUpError('No payment provider is set up.');
  }

  async createSubscriptionSession(): Promise<CreatedSession> {
    throw new PaymentsNotSetUpError('No payment provider is set up.');
  }

  async cancelSubscription(id: string): Promise<void> {
    throw new PaymentProviderError(`No payment provider is set up to cancel ${id}.`);
  }

  async createPortalSession(): Promise<{ url: string }> {
    throw new PaymentsNotSetUpError('No payment provider is set up.');
  }

  verifyWebhook(): PaymentEvent {
    throw new WebhookSignatureError(
      'Stripe webhooks are not set up on this server (no STRIPE_WEBHOOK_SECRET).',
    );
  }
}
