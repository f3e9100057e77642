import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', 'ip:203.0.113.7'],
    ['::ffff:203.0.113.7', 'ip:203.0.113.7'],
    ['::1', 'ip:0:0:0:0::/64'],
    ['2001:db8:1:2:aaaa::1', 'ip:2001:db8:1:2::/64'],
    ['2001:db8:1:2:bbbb:cccc:dddd:eeee', 'ip:2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::', 'ip:2001:db8:1:2::/64'],
    ['2001:db8::1', 'ip:2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'ip:fe80:0:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  // Regression: each address of one IPv6 /64 was its own budget.
  it('counts every address of one /64 as one client', () => {
    expect(new Set(['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9'].map(addressKey)).size).toBe(
      1,
    );
  });
});
