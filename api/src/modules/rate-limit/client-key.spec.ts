import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it('counts an IPv4 client by its full address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.8')).not.toBe(clientKey('203.0.113.7'));
  });

  it('counts an IPv4-mapped IPv6 client as its IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:abcd:ef01:2345:6789')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('::/64');
  });

  it('keeps anything else as it is, at most 64 characters', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('x'.repeat(100))).toBe('x'.repeat(64));
  });
});
