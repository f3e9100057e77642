import { describe, expect, it } from 'vitest';
import { UsageError } from './command';
import { trustProxy } from './trust-proxy';

describe('trustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['127.0.0.1', '127.0.0.1'],
    ['127.0.0.1, 10.0.0.0/8', '127.0.0.1,10.0.0.0/8'],
    ['::1,fd00::/8', '::1,fd00::/8'],
    ['loopback,uniquelocal', 'loopback,uniquelocal'],
  ])('TRUST_PROXY=%s trusts %s', (raw, trusted) => {
    expect(trustProxy(raw === undefined ? {} : { TRUST_PROXY: raw })).toEqual(trusted);
  });

  // `true` would trust any client to name its own address: refused, not guessed at.
  it.each(['true', '*', 'nginx', '127.0.0.1;rm', '1'])('refuses TRUST_PROXY=%s', (raw) => {
    expect(() => trustProxy({ TRUST_PROXY: raw })).toThrow(UsageError);
    expect(() => trustProxy({ TRUST_PROXY: raw })).toThrow('TRUST_PROXY must list');
  });
});
