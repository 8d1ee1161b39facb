import { carrierOf } from './carriers.js';

describe('carrierOf', () => {
  it.each([
    ['1Z999AA10123456784', 'UPS', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['1z 999 aa1 0123456784', 'UPS', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    [
      '9400 1000 0000 0000 0000 00',
      'USPS',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    ],
    ['EA123456789US', 'USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=EA123456789US'],
    ['123456789012', 'FedEx', 'https://www.fedex.com/fedextrack/?trknbr=123456789012'],
    [
      '1234567890',
      'DHL',
      'https://www.dhl.com/global-en/home/tracking.html?tracking-id=1234567890',
    ],
    [
      'AB123456789GB',
      'Royal Mail',
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    ],
    [
      '1234567890123456',
      'Canada Post',
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=1234567890123456',
    ],
  ])('recognises %s as %s', (number, name, url) => {
    expect(carrierOf(number)).toEqual({ name, url });
  });

  it.each(['', 'ABC', 'hand delivered', '12345', 'XX<script>'])('gives no link for %p', (n) => {
    expect(carrierOf(n)).toBeNull();
  });
});
