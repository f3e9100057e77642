/**
 * Events counted per key in a sliding window: failed sign-ins per email and per address,
 * writes per user. Past the limit a caller waits until the oldest event leaves the window
 * (RATE_LIMITED with Retry-After): slowed for a minute, never locked out for good.
 */

export interface ThrottleRule {
  readonly max: number;
  readonly windowSeconds: number;
}

export interface WindowUsage {
  readonly keys: number;
  readonly limited: number;
  readonly events: number;
}

export class SlidingWindow {
  readonly #failures = new Map<string, number[]>();

  constructor(readonly rule: ThrottleRule) {}

  #recent(key: string, now: number): number[] {
    const since = now - this.rule.windowSeconds * 1000;
    const list = (this.#failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, list);
    return list;
  }

  /**
   * Seconds to wait before another attempt for any of `keys`, or 0.
   * @example limiter.retryAfter(['email:a@b.c', 'ip:127.0.0.1'], Date.now())
   */
  retryAfter(keys: readonly string[], now: number): number {
    let wait = 0;
    for (const key of keys) {
      const list = this.#recent(key, now);
      if (list.length >= this.rule.max) {
        wait = Math.max(wait, Math.ceil((list[0]! + this.rule.windowSeconds * 1000 - now) / 1000));
      }
    }
    return wait;
  }

  /** Records an event against every key. */
  hit(keys: readonly string[], now: number): void {
    for (const key of keys) this.#failures.set(key, [...this.#recent(key, now), now]);
    if (this.#failures.size > 100_000) this.#prune(now);
  }

  /**
   * Takes back one event recorded at `now`: an attempt counted up front that turned out
   * not to count (a sign-in that succeeded).
   * @example limiter.hit(keys, t); if (await ok()) limiter.release(keys, t);
   */
  release(keys: readonly string[], now: number): void {
    for (const key of keys) {
      const list = this.#failures.get(key);
      const i = list ? list.lastIndexOf(now) : -1;
      if (i >= 0) list!.splice(i, 1);
    }
  }

  /**
   * What this window holds now: keys with an event inside it, those of them at the limit
   * (their next attempt waits), and the events counted.
   * @example limiter.usage(Date.now()) // { keys: 3, limited: 1, events: 14 }
   */
  usage(now: number): WindowUsage {
    let limited = 0;
    let events = 0;
    for (const key of [...this.#failures.keys()]) {
      const n = this.#recent(key, now).length;
      events += n;
      if (n >= this.rule.max) limited += 1;
    }
    return { keys: this.#failures.size, limited, events };
  }

  // Bounded memory without a reset an attacker could trigger: expired keys go first, then
  // the least recently started ones.
  #prune(now: number): void {
    for (const key of [...this.#failures.keys()]) this.#recent(key, now);
    const excess = this.#failures.size - 90_000;
    if (excess <= 0) return;
    let i = 0;
    for (const key of this.#failures.keys()) {
      if (i++ >= excess) break;
      this.#failures.delete(key);
    }
  }
}
