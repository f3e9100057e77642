/**
 * A clock a test moves: the server's `now` (rules' `now()`, timestamps, session expiry,
 * quota and rate windows) reads it, so a test can step over a deadline instead of waiting.
 */

/**
 * A span of time: milliseconds, or named parts that are added up.
 * @example t.clock.advance({ days: 1, hours: 2 });
 */
export type Duration =
  | number
  | {
      readonly days?: number;
      readonly hours?: number;
      readonly minutes?: number;
      readonly seconds?: number;
      readonly ms?: number;
    };

/**
 * A clock to read and move. Frozen once set; running with real time otherwise.
 * @example t.clock.set('2030-01-01T00:00:00Z'); t.clock.advance({ hours: 2 }); t.clock.now();
 */
export interface TestClock {
  /** The current time as the server sees it. */
  now(): Date;
  /**
   * Pins the clock at a moment; it stays there until set, advanced or resumed.
   * @example t.clock.set('2030-01-01T09:00:00Z');
   */
  set(moment: Date | string | number): Date;
  /**
   * Moves the clock forward (or back, with a negative span); returns the new time.
   * @example t.clock.advance({ days: 8 }); // past a seven-day window
   */
  advance(by: Duration): Date;
  /** Lets the clock run with real time again, from where it stands. */
  resume(): void;
  /** True while the clock is pinned. */
  readonly frozen: boolean;
}

const UNIT_MS = { days: 86_400_000, hours: 3_600_000, minutes: 60_000, seconds: 1_000, ms: 1 } as const;

/**
 * Milliseconds in a span.
 * @example durationMs({ hours: 2, minutes: 30 }) // 9000000
 */
export function durationMs(by: Duration): number {
  if (typeof by === 'number') return by;
  let total = 0;
  for (const [unit, size] of Object.entries(UNIT_MS)) total += (by[unit as keyof typeof UNIT_MS] ?? 0) * size;
  return total;
}

function toMs(moment: Date | string | number): number {
  const ms = moment instanceof Date ? moment.getTime() : new Date(moment).getTime();
  if (Number.isNaN(ms)) throw new TypeError(`Not a moment: ${String(moment)}`);
  return ms;
}

/**
 * A clock that runs with real time until set; `start` pins it from the beginning.
 * `createTestApp` makes one for each app (`t.clock`); make your own to share one.
 * @example
 * const clock = testClock('2030-01-01T00:00:00Z');
 * clock.advance({ hours: 2 });
 * clock.now().toISOString(); // '2030-01-01T02:00:00.000Z'
 */
export function testClock(start?: Date | string | number): TestClock {
  // Running: real time plus an offset. Frozen: one fixed moment.
  let offset = 0;
  let pinned: number | null = start === undefined ? null : toMs(start);
  const current = () => pinned ?? Date.now() + offset;
  return {
    now: () => new Date(current()),
    set(moment) {
      pinned = toMs(moment);
      return new Date(pinned);
    },
    advance(by) {
      const ms = durationMs(by);
      if (pinned === null) offset += ms;
      else pinned += ms;
      return new Date(current());
    },
    resume() {
      if (pinned === null) return;
      offset = pinned - Date.now();
      pinned = null;
    },
    get frozen() {
      return pinned !== null;
    },
  };
}
