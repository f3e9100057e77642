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

/**
 * The options set in `env`; a value that is not a positive whole number throws, naming it.
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
    options[option] = value;
  }
  return options;
}
