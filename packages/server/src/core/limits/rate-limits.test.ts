/**
 * Which window stands for which built-in limit: each built-in unless the app declares a rate
 * of its scope; the account lists' window only when declared under its own name, so a
 * declared `account` rate changes the writes' window and never the reads'.
 */
import { defineApp, entity, f, type RateInput } from '@ninefold/spec';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_READS, RateLimits } from './rate-limits';

const appWith = (rates: Record<string, RateInput>) =>
  defineApp({
    about: { name: 'Rates', summary: 'Rate windows.', audience: 'Tests.' },
    roles: { member: { signUp: true }, boss: { admin: true } },
    entities: {
      notes: entity({ fields: { text: f.text() }, access: { read: { member: true } } }),
    },
    limits: { rates },
  });

const windows = (rates: RateLimits) =>
  [rates.account, rates.accountReads].map((w) => [w.name, w.rule.max, w.rule.windowSeconds, w.declared]);

describe('the account windows', () => {
  it.each([
    {
      declared: {},
      expected: [
        ['accountFlows', 30, 600, false],
        [ACCOUNT_READS, 120, 60, false],
      ],
    },
    {
      declared: { accountWrites: { scope: 'account', max: 10, window: '1m' } },
      expected: [
        ['accountWrites', 10, 60, true],
        [ACCOUNT_READS, 120, 60, false],
      ],
    },
    {
      declared: { [ACCOUNT_READS]: { scope: 'account', max: 600, window: '1m' } },
      expected: [
        ['accountFlows', 30, 600, false],
        [ACCOUNT_READS, 600, 60, true],
      ],
    },
    {
      declared: {
        [ACCOUNT_READS]: { scope: 'account', max: 600, window: '1m' },
        accountWrites: { scope: 'account', max: 10, window: '1m' },
      },
      expected: [
        ['accountWrites', 10, 60, true],
        [ACCOUNT_READS, 600, 60, true],
      ],
    },
  ] as const)('declared $declared', async ({ declared, expected }) => {
    const rates = new RateLimits(appWith(declared as Record<string, RateInput>));
    try {
      expect(windows(rates)).toEqual(expected);
      // Every window shows in the usage, the reads' once.
      const names = (await rates.usage(Date.now())).map((u) => u.name);
      expect(names.filter((n) => n === ACCOUNT_READS)).toHaveLength(1);
    } finally {
      rates.close();
    }
  });
});
