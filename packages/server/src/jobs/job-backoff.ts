/**
 * When a failed job is tried again, and what its failure reads as in the queue: one line,
 * never a stack.
 */
import { type App, fillTemplate } from '@ninefold/spec';
import { isAppError } from '../core/app-error';
import { firstLine } from '../workers/first-line';

const FIRST_MS = 5_000;
const MOST_MS = 3_600_000;
/** Up to this share of the delay is added at random, so jobs that failed together spread out. */
const JITTER = 0.1;

/**
 * How long after its `attempts`-th failure a job waits: 5 s, doubled with each failure, at
 * most an hour, plus up to a tenth more at random.
 * @example jobBackoffMs(1, () => 0) // 5000
 * @example jobBackoffMs(3, () => 0) // 20000
 */
export function jobBackoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_MS * 2 ** Math.max(attempts - 1, 0), MOST_MS);
  return Math.round(base * (1 + JITTER * random()));
}

/**
 * A failure that trying again cannot mend: an AppError with a code of the app's catalogue
 * (a transition refused, a record gone), other than INTERNAL.
 * @example if (isFinalFailure(app, error)) settle('dead');
 */
export function isFinalFailure(app: App, error: unknown): boolean {
  return isAppError(error) && error.code !== 'INTERNAL' && Object.hasOwn(app.errors, error.code);
}

/**
 * A failure as the queue and the admin console show it: a catalogue error's code and message,
 * else the error's first line; at most 300 characters.
 * @example jobError(app, new AppError('NOT_FOUND')) // 'NOT_FOUND: Not found.'
 */
export function jobError(app: App, error: unknown): string {
  const shown =
    isAppError(error) && Object.hasOwn(app.errors, error.code)
      ? `${error.code}: ${fillTemplate(app.errors[error.code]!.message, error.params)}`
      : error;
  return firstLine(shown).trim() || 'the job failed';
}
