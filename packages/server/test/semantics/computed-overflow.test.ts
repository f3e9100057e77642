/**
 * Arithmetic and sums that no double holds are null — in SQL (a list) as in the evaluator
 * (GET, a write's rules), on both dialects. Once a list showed the record SQLite computed as
 * Infinity while GET hid it, and PostgreSQL answered the list with "value out of range".
 */
import {
  add,
  divide,
  field,
  gt,
  isNull,
  lit,
  lte,
  multiply,
  type RuleNode,
  SQL_SEMANTICS,
  subtract,
  sumOf,
} from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordScope } from '../../src/core/records/record-scope';
import type { Rec } from '../../src/core/records/row-codec';
import { DIALECTS } from '../test-databases';
import type { RuleCase } from './rule-arbitrary';
import { runRuleCases } from './rule-differential';
import { semanticsApp } from './semantics-app';
import { type ItemRow, NOW, PARENTS, putRows, type Stored, startSemantics, TIMES } from './semantics-rows';

const [A, B, C] = PARENTS;
const item = (parent: string, x: number | null, n: number | null = null): ItemRow =>
  ({
    t: null,
    n,
    x,
    b: null,
    d: null,
    e: null,
    reviewer: null,
    assignee: null,
    parent,
    status: 'open',
    createdAt: TIMES[0],
  }) as ItemRow;
const parent = { t: null, n: null, owner: null, up: null };

const RULES: readonly RuleNode[] = [
  // The report's rule: 1e200² overflows, so nothing is greater than 0 — and no error.
  gt(multiply('x', field('x')), 0),
  isNull(multiply('x', field('x'))),
  isNull(add('x', field('x'))),
  isNull(subtract('x', lit(-1.7e308))),
  isNull(divide('x', lit(1e-200))),
  // The largest double itself is no overflow: 1.7e308 × 1 stays.
  lte(multiply('x', 1), 1.7e308),
  // Underflow is 0, never PostgreSQL's "value out of range: underflow".
  isNull(multiply(divide(lit(1), field('x')), divide(lit(1), field('x')))),
  gt(multiply(divide(lit(1), field('x')), divide(lit(1), field('x'))), 0),
  // A sum of children past the largest double is null; one that cancels is not.
  isNull(sumOf('items', 'parent', 'x', { of: 'parent' })),
  gt(sumOf('items', 'parent', 'x', { of: 'parent' }), 0),
];

describe.each(DIALECTS)('computed numbers beyond a double, on %s', (dialect) => {
  let s: Awaited<ReturnType<typeof startSemantics>>;
  let stored: Stored;
  beforeAll(async () => {
    s = await startSemantics(dialect);
    stored = await putRows(s.nf, {
      parents: [parent, parent, parent] as never,
      // A: 1.7e308 twice (the sum overflows); B: 1e200 and -1e200 (it cancels to 0); C: small.
      items: [
        item(A!, 1.7e308),
        item(A!, 1.7e308),
        item(B!, 1e200),
        item(B!, -1e200),
        item(C!, 2, 3),
        item(C!, null, 1),
      ],
    });
  }, 60_000);
  afterAll(async () => s?.close());

  it('SQL (a list) and the evaluator (GET, writes) agree, and SQL never fails', async () => {
    const cases: RuleCase[] = RULES.map((rule) => ({ rule, caller: null, input: {} }) as RuleCase);
    await expect(runRuleCases(s.nf, stored, cases, SQL_SEMANTICS, true)).resolves.toBeUndefined();
  });

  it('answers as IEEE doubles do, beyond the largest one null', async () => {
    const scope = new RecordScope(semanticsApp, s.nf.db, null, NOW, true);
    const holds = (rule: RuleNode, i: number) => scope.holds(rule, 'items', stored.items[i] as Rec);
    expect(await holds(isNull(multiply('x', field('x'))), 2)).toBe(true);
    expect(await holds(isNull(multiply('x', field('x'))), 4)).toBe(false);
    expect(await holds(isNull(sumOf('items', 'parent', 'x', { of: 'parent' })), 0)).toBe(true);
    expect(await holds(isNull(sumOf('items', 'parent', 'x', { of: 'parent' })), 2)).toBe(false);
  });

  it('a write judged with a sum already past any double keeps it null', async () => {
    const scope = new RecordScope(semanticsApp, s.nf.db, null, NOW, true);
    const overflowed = isNull(sumOf('items', 'parent', 'x', { of: 'parent' }));
    // A's stored children sum past any double; a child moved there with 1 must not restart it at 1.
    const onA = { ...(stored.items[5] as Rec), parent: A!, x: 1 };
    expect(await scope.holds(overflowed, 'items', onA, { changed: new Set(['parent']) })).toBe(true);
    const onC = { ...(stored.items[5] as Rec), x: 1 };
    expect(await scope.holds(overflowed, 'items', onC, { changed: new Set(['x']) })).toBe(false);
  });
});
