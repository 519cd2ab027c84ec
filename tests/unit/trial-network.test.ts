import { describe, expect, it } from 'vitest';
import { trialNetwork } from '../../src/domain/trial-network';

describe('the network a trial counts against (decision 0101)', () => {
  it('is an IPv4 address\'s /24', () => {
    expect(trialNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(trialNetwork('203.0.113.0')).toBe(trialNetwork('203.0.113.255'));
    expect(trialNetwork('203.0.114.1')).not.toBe(trialNetwork('203.0.113.1'));
  });

  it('is an IPv6 address\'s /48, however the address is written', () => {
    expect(trialNetwork('2001:db8:aaaa:1::1')).toBe('2001:db8:aaaa::/48');
    expect(trialNetwork('2001:0DB8:AAAA:ffff:1:2:3:4')).toBe('2001:db8:aaaa::/48');
    expect(trialNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(trialNetwork('::1')).toBe('0:0:0::/48');
  });

  it('is the IPv4 /24 of an IPv4-mapped IPv6 address, dotted or in hex', () => {
    expect(trialNetwork('::ffff:192.0.2.1')).toBe('192.0.2.0/24');
    expect(trialNetwork('::ffff:c000:0201')).toBe('192.0.2.0/24');
    expect(trialNetwork('0:0:0:0:0:ffff:192.0.2.9')).toBe('192.0.2.0/24');
  });

  it('is the text itself for what is no address', () => {
    expect(trialNetwork('unknown')).toBe('unknown');
  });
});
