import { describe, expect, it } from 'vitest';
import { clientOf } from './client-key.js';

describe('clientOf', () => {
  it('keeps an IPv4 address, also when it comes IPv4-mapped', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one client', () => {
    expect(clientOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8:1:2:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8:1:3::1')).not.toBe(clientOf('2001:db8:1:2::1'));
  });

  it('passes anything else through', () => {
    expect(clientOf('unknown')).toBe('unknown');
  });
});
