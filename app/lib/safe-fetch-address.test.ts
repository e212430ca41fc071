import { describe, expect, it } from 'vitest';
import { canonicalAddress, isAllowedAddress } from './safe-fetch.server';

// IPv6 forms that embed an IPv4 address are judged by that address: the deprecated
// IPv4-compatible ::/96 (ipaddr.js calls it unicast) included.
describe('addresses that embed IPv4', () => {
  it('are refused when the embedded address is not public', () => {
    for (const address of [
      '::127.0.0.1',
      '[::127.0.0.1]',
      '::7f00:1',
      '::10.0.0.1',
      '::169.254.169.254',
      '::192.168.0.1',
      '::100.64.0.1',
      '::ffff:127.0.0.1',
      '::ffff:0:10.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b:1::10.0.0.1',
    ]) {
      expect(isAllowedAddress(address), address).toBe(false);
    }
  });

  it('::/96 is read as its IPv4 address, so the allowlist and the checks agree', () => {
    expect(canonicalAddress('::127.0.0.1')).toBe('127.0.0.1');
    expect(isAllowedAddress('::127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isAllowedAddress('::8.8.8.8')).toBe(true);
    expect(isAllowedAddress('::ffff:8.8.8.8')).toBe(true);
    // The unspecified address and IPv6 loopback keep their own meaning, and stay refused.
    expect(isAllowedAddress('::')).toBe(false);
    expect(isAllowedAddress('::1')).toBe(false);
    expect(isAllowedAddress('2606:4700::1111')).toBe(true);
  });
});
