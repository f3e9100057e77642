/**
 * A small seeded random source, so a seeded database is the same data every time it is
 * rebuilt (its cache key is the schema, not the random draws).
 */

/** Random numbers from a 32-bit seed (mulberry32): fast, and good enough for fake data. */
export class Prng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One key of a table of weights, drawn in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let r = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      r -= w;
      if (r < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }
}

/**
 * A UUIDv7 for a given millisecond, the shape Ninefold gives its ids (time first, so a
 * seeded table is in the same key order as one filled by the server).
 * @example uuid7At(Date.parse('2025-01-01'), () => rng.next())
 */
export function uuid7At(ms: number, random: () => number): string {
  const time = ms.toString(16).padStart(12, '0');
  let rest = '';
  for (let i = 0; i < 5; i++)
    rest += Math.floor(random() * 0x10000)
      .toString(16)
      .padStart(4, '0');
  const variant = (0x8 | (Number.parseInt(rest[7]!, 16) & 0x3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${rest.slice(0, 3)}-${variant}${rest.slice(4, 7)}-${rest.slice(8, 20)}`;
}
