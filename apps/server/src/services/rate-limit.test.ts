import { describe, expect, it } from 'vitest';
import { rateLimitNetwork } from './rate-limit';

describe('rateLimitNetwork', () => {
  it('keys an IPv6 address by its /64, whatever its spelling', () => {
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::7%eth0',
    ]) {
      expect(rateLimitNetwork(address), address).toBe('2001:db8:1:2::/64');
    }
    expect(rateLimitNetwork('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(rateLimitNetwork('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps an IPv4 address whole, also when it comes mapped in IPv6', () => {
    expect(rateLimitNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitNetwork('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });
});
