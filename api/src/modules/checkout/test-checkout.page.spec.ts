import { escapeHtml } from '../../common/strings.js';
import { renderTestCheckoutPage } from './test-checkout.page.js';

describe('the test checkout page', () => {
  it('escapes HTML in every piece of text it shows', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const html = renderTestCheckoutPage({
      payAction: '/api/checkout/test/cs_1/pay',
      cancelAction: '/api/checkout/test/cs_1/cancel',
      lines: [
        {
          productId: 'x',
          size: null,
          name: '<img src=x onerror=alert(1)>',
          unitPrice: 100,
          quantity: 1,
        },
      ],
      countries: ['US'],
      country: 'US',
      shippingRateName: '<b>Express</b>',
      shipping: 500,
      discountCode: null,
      discountAmount: 0,
      total: 600,
      paid: false,
    });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;b&gt;Express&lt;/b&gt;');
    expect(html).not.toMatch(/<script/i);
  });
});
