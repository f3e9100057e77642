/**
 * The job worker's options from the environment, as `ninefold start` reads them:
 * `NINEFOLD_JOB_CONCURRENCY`, `NINEFOLD_JOB_POLL_MS`, `NINEFOLD_JOB_LEASE_MS`.
 */
import type { JobWorkerOptions } from './job-worker';

const NAMES = {
  concurrency: 'NINEFOLD_JOB_CONCURRENCY',
  pollMs: 'NINEFOLD_JOB_POLL_MS',
  leaseMs: 'NINEFOLD_JOB_LEASE_MS',
} as const;

// A lease shorter than a second is shorter than many a job's run: each would be taken over
// while it runs, spending its attempts on runs that cannot settle.
const LEAST: { readonly [K in keyof typeof NAMES]: number } = { concurrency: 1, pollMs: 1, leaseMs: 1_000 };

/**
 * The options set in `env`; a value that is not a positive whole number (for the lease, at
 * least 1000 ms) throws, naming it.
 * @example jobOptionsFromEnv({ NINEFOLD_JOB_CONCURRENCY: '8' }) // { concurrency: 8 }
 */
export function jobOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): JobWorkerOptions {
  const options: { -readonly [K in keyof typeof NAMES]?: number } = {};
  for (const [option, name] of Object.entries(NAMES) as [keyof typeof NAMES, string][]) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < 1)
      throw new Error(`${name} must be a positive whole number, not '${text.slice(0, 40)}'`);
    if (value < LEAST[option]) throw new Error(`${name} must be at least ${LEAST[option]}, not ${value}`);
    options[option] = value;
  }
  return options;
}
