import { useGetCheckoutModeQuery } from './checkoutApi.js';

/** Test mode's text, in place of the payment line while checkout takes no card. */
export const TEST_MODE_NOTE = 'Test mode: no card is charged';

/**
 * How checkout takes payment: "Secure checkout powered by Stripe", or in test mode (the test
 * provider, which charges no card) "Test mode: no card is charged". Nothing until the server has
 * said which, so neither is ever shown wrongly.
 */
export function CheckoutNote({ className }: { className?: string }) {
  const { data } = useGetCheckoutModeQuery();
  if (!data) return null;
  return data.testMode ? (
    <p className={className}>
      <strong>{TEST_MODE_NOTE}</strong>
    </p>
  ) : (
    <p className={className}>
      Secure checkout powered by <strong>Stripe</strong>
    </p>
  );
}
