/**
 * The first page's JavaScript budget: the entry chunk of the built UI and its static imports,
 * gzipped, stay within 150 kB, and the admin console's heavy parts (dagre, the data table)
 * are not among them. Sizes of a given build are deterministic: this is not a timing test.
 * The same measurement as `npx tsx packages/ui/scripts/bundle-size.ts`.
 */
import { describe, expect, it } from 'vitest';
import { BUDGET_KB, initialJs, kb, report } from '../scripts/initial-js';
import { DIST, ensureUiBuilt } from './support';

describe('the initial JavaScript of /login', () => {
  it(`is at most ${BUDGET_KB} kB gzipped, without the lazy-only packages`, { timeout: 240_000 }, async () => {
    await ensureUiBuilt();
    const m = initialJs(DIST);
    console.log(report(m));
    expect(m.lazyOnlyFound).toEqual([]);
    expect(Number(kb(m.gzipBytes))).toBeLessThanOrEqual(BUDGET_KB);
  });
});
