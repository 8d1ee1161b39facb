import { CheckoutReceipt } from '../checkout/CheckoutReceipt.js';
import { useCheckoutReturn } from '../checkout/useCheckoutReturn.js';
import { ContactSection } from '../contact/ContactSection.js';
import { Footer } from '../footer/Footer.js';
import { GallerySection } from '../gallery/GallerySection.js';
import { MembershipSection } from '../membership/MembershipSection.js';
import { MerchSection } from '../merch/MerchSection.js';
import { ShowsSection } from '../shows/ShowsSection.js';
import { EmailSignupSection } from '../signup/EmailSignupSection.js';

/**
 * The sections further down the home page, one chunk loaded when the first of them is about to
 * mount (`HomePage`): their code, and what only they use (the shows' calendar, the shop's cards,
 * the forms), is not part of what the page evaluates at start-up.
 */
export const LATER_SECTIONS = [
  ['shows', ShowsSection],
  ['gallery', GallerySection],
  ['merch', MerchSection],
  ['membership', MembershipSection],
  ['email-signup', EmailSignupSection],
  ['contact', ContactSection],
] as const;

/** The checkout return and its receipt, mounted with the whole page. */
export function CheckoutReturn() {
  useCheckoutReturn();
  return <CheckoutReceipt />;
}

export { Footer };
