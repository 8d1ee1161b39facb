import { preOrderNote } from '@artist/contracts';
import { htmlDocument } from '../../common/html-page.js';
import { escapeHtml } from '../../common/strings.js';
import { dollars } from '../../common/order-format.js';
import { countryName } from '../shipping/index.js';
import type { SoldLine } from './checkout-session.entity.js';

/** Sample buyer the form is filled with, so a test purchase is two clicks. */
const SAMPLE = {
  name: 'Test Buyer',
  email: 'buyer@example.com',
  line1: '123 Main St',
  line2: 'Apt 4',
  city: 'Nashville',
  state: 'TN',
  postal_code: '37203',
  country: 'US',
};

export interface TestCheckoutView {
  payAction: string;
  cancelAction: string;
  lines: SoldLine[];
  /** The countries of the session's zone; the one the cart was priced for is chosen. */
  countries: string[];
  country: string | null;
  shippingRateName: string | null;
  shipping: number;
  discountCode: string | null;
  discountAmount: number;
  total: number;
  paid: boolean;
  /** Downloads only: the page asks for no address. */
  downloadsOnly?: boolean;
}

/**
 * The test provider's checkout page: plain forms posting to this site (`form-action 'self'`),
 * inline styles only.
 */
export function renderTestCheckoutPage(view: TestCheckoutView): string {
  const rows = view.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}${line.preOrderUntil ? `<br><small>${escapeHtml(preOrderNote(line.preOrderUntil))}</small>` : ''}</td><td class="n">${line.quantity}</td>` +
        `<td class="n">$${dollars(line.unitPrice)}</td>` +
        `<td class="n">$${dollars(line.unitPrice * line.quantity)}</td></tr>`,
    )
    .join('\n');
  const field = (name: keyof typeof SAMPLE, label: string, extra = '') =>
    `<label>${label}<input name="${name}" value="${escapeHtml(SAMPLE[name])}"${extra}></label>`;
  const chosen = view.country ?? SAMPLE.country;
  const countries = view.countries
    .map(
      (code) =>
        `<option value="${escapeHtml(code)}"${code === chosen ? ' selected' : ''}>` +
        `${escapeHtml(countryName(code))}</option>`,
    )
    .join('');
  const address = `${field('line1', 'Address line 1', ' required maxlength="200"')}
  ${field('line2', 'Address line 2 (optional)', ' maxlength="200"')}
  ${field('city', 'City', ' required maxlength="100"')}
  ${field('state', 'State / province', ' maxlength="100"')}
  ${field('postal_code', 'Postal code', ' required maxlength="20"')}
  <label>Country<select name="country">${countries}</select></label>`;
  const form = view.paid
    ? '<p class="paid">This session has been paid.</p>'
    : `<form method="post" action="${escapeHtml(view.payAction)}">
  ${field('name', 'Full name', ' required maxlength="200" autocomplete="name"')}
  ${field('email', 'Email', ' type="email" required maxlength="320" autocomplete="email"')}
  ${view.downloadsOnly ? '<input type="hidden" name="downloadsOnly" value="1">' : address}
  <button type="submit" class="pay">Pay $${dollars(view.total)} (test)</button>
</form>
<form method="post" action="${escapeHtml(view.cancelAction)}">
  <button type="submit" class="cancel">Cancel</button>
</form>`;
  return htmlDocument(
    'Test checkout — no real payment',
    `  body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; color: #1f1f1f; }
  .banner { background: #fff4d6; border: 2px dashed #a06000; padding: .75rem 1rem; border-radius: 6px; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  td, th { padding: .35rem .25rem; border-bottom: 1px solid #ddd; text-align: left; }
  .n { text-align: right; }
  label { display: block; margin: .5rem 0; }
  input, select { display: block; width: 100%; padding: .4rem; font: inherit; box-sizing: border-box; }
  button { font: inherit; padding: .6rem 1.2rem; margin-top: .75rem; border-radius: 6px; border: 1px solid #444; cursor: pointer; }
  .pay { background: #0b5d1e; color: #fff; border-color: #0b5d1e; }
  .cancel { background: #fff; }`,
    `<h1>Test checkout — no real payment</h1>
<p class="banner">This is the site's built-in test payment provider. No card is asked for and nothing is charged; paying here creates a real order in the admin dashboard.</p>
<table>
<thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Price</th><th class="n">Amount</th></tr></thead>
<tbody>
${rows}
${view.discountCode ? `<tr><td>Discount (${escapeHtml(view.discountCode)})</td><td></td><td></td><td class="n">−$${dollars(view.discountAmount)}</td></tr>\n` : ''}<tr><td>Shipping${view.shippingRateName ? ` (${escapeHtml(view.shippingRateName)})` : ''}</td><td></td><td></td><td class="n">$${dollars(view.shipping)}</td></tr>
<tr><th>Total</th><td></td><td></td><th class="n">$${dollars(view.total)}</th></tr>
</tbody>
</table>
${form}`,
  );
}
