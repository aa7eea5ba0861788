import { describe, expect, it } from 'vitest';
import { clientKey, isLoopback } from './client-address';

describe('clientKey', () => {
  it('keeps an IPv4 address, also when IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = clientKey('2001:db8:0:7::1');
    expect(key).toBe('2001:db8:0:7::/64');
    expect(clientKey('2001:0DB8:0000:0007:ffff:1:2:3')).toBe(key);
    expect(clientKey('2001:db8:0:7:abcd::')).toBe(key);
    expect(clientKey('2001:db8:0:8::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('cuts anything else short', () => {
    expect(clientKey('x'.repeat(5000))).toHaveLength(64);
  });
});

describe('isLoopback', () => {
  it('knows this machine in every spelling, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::ffff:127.0.0.1', '::1']) expect(isLoopback(a)).toBe(true);
    for (const a of ['10.0.0.1', '203.0.113.7', '::ffff:10.0.0.1', '2001:db8::1', '1127.0.0.1', 'localhost'])
      expect(isLoopback(a)).toBe(false);
  });
});
