import { describe, expect, it } from 'vitest';
import { jobOptionsFromEnv } from './job-options-env';

describe('jobOptionsFromEnv', () => {
  it.each([
    [{}, {}],
    [{ NINEFOLD_JOB_CONCURRENCY: '8' }, { concurrency: 8 }],
    [
      { NINEFOLD_JOB_POLL_MS: '250', NINEFOLD_JOB_LEASE_MS: '1500' },
      { pollMs: 250, leaseMs: 1500 },
    ],
    [{ NINEFOLD_JOB_CONCURRENCY: '' }, {}],
  ])('reads %j as %j', (env, options) => {
    expect(jobOptionsFromEnv(env)).toEqual(options);
  });

  it.each(['0', '-2', '1.5', 'four', '1e400'])('refuses %s, naming the variable', (text) => {
    expect(() => jobOptionsFromEnv({ NINEFOLD_JOB_CONCURRENCY: text })).toThrow(/NINEFOLD_JOB_CONCURRENCY/);
  });
});
