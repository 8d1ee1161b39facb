// What other modules may use of this one; they import nothing else of it.
export { CHECKOUT_ENTITIES, CheckoutModule } from './checkout.module.js';
export {
  PaymentProvider,
  PaymentProviderError,
  PaymentsNotSetUpError,
} from './payment-provider.js';
