import { createHmac, randomBytes } from 'node:crypto';

export const TEST_WEBHOOK_SECRET = 'whsec_test_standin_secret';
export const TEST_STRIPE_KEY = 'sk_test_standin';

/** A server's settings for Stripe in tests: the test key and secret, its API at `apiUrl`. */
export const stripeSettings = (apiUrl: string) => ({
  STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_API_URL: apiUrl,
});

/** `Stripe-Signature` as Stripe builds it: HMAC-SHA256 of `${t}.${payload}` with the secret. */
export function stripeSignature(
  payload: string,
  secret = TEST_WEBHOOK_SECRET,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** A webhook event's JSON as Stripe delivers it. */
export function stripeEvent(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}
