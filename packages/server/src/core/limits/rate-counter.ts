/**
 * A rate limit's counter: events per key in a sliding window. Taking an event and checking
 * the limit are one step, so requests sent at once — to one process or to several — cannot
 * all pass it. In memory where one process owns the database; in the database where several
 * share it (db/postgres/shared-rate-counter.ts), so the limit holds as declared whatever the
 * number of processes.
 */
import { SlidingWindow, type ThrottleRule, type WindowUsage } from './sliding-window';

/** A value now, or a promise of it: the in-memory counter answers without a promise. */
export type Maybe<T> = T | Promise<T>;

export interface RateCounter {
  readonly rule: ThrottleRule;
  /**
   * Counts one event against every key, unless one of them is at its limit: then nothing
   * is counted and the answer is the seconds to wait. 0 means counted.
   */
  take(keys: readonly string[], now: number): Maybe<number>;
  /** Takes back an event `take` counted at `now` (an attempt that turned out not to count). */
  give(keys: readonly string[], now: number): Maybe<void>;
  /** What the window holds at `now`. */
  usage(now: number): Maybe<WindowUsage>;
  /** Stops any background work (pruning). */
  close(): void;
}

/**
 * The counter of a single process.
 * @example const c = memoryCounter({ max: 10, windowSeconds: 60 }); if (c.take(['ip:1'], Date.now()) > 0) …
 */
export function memoryCounter(rule: ThrottleRule): RateCounter {
  const window = new SlidingWindow(rule);
  return {
    rule,
    take: (keys, now) => {
      const wait = window.retryAfter(keys, now);
      if (wait === 0) window.hit(keys, now);
      return wait;
    },
    give: (keys, now) => window.release(keys, now),
    usage: (now) => window.usage(now),
    close: () => {},
  };
}
