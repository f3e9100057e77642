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
    [{ NINEFOLD_JOB_LEASE_MS: '1000' }, { leaseMs: 1000 }],
  ])('reads %j as %j', (env, options) => {
    expect(jobOptionsFromEnv(env)).toEqual(options);
  });

  it.each(['0', '-2', '1.5', 'four', '1e400'])('refuses %s, naming the variable', (text) => {
    expect(() => jobOptionsFromEnv({ NINEFOLD_JOB_CONCURRENCY: text })).toThrow(/NINEFOLD_JOB_CONCURRENCY/);
  });

  // A lease shorter than a job's run has it taken over while it runs, until it is dead.
  it.each(['999', '300', '1'])('refuses a lease of %s ms', (text) => {
    expect(() => jobOptionsFromEnv({ NINEFOLD_JOB_LEASE_MS: text })).toThrow(
      `NINEFOLD_JOB_LEASE_MS must be at least 1000, not ${text}`,
    );
  });
});
