/**
 * An aggregate judged for a write counts the children as if the write were applied: the
 * stored row of the record written is left out and the record as written counted in (when it
 * points at the same parent and satisfies `where`); a delete leaves the record out. Judged by
 * the server's predicate on a real database, once per dialect.
 */
import { countOf, eq, lte, type RuleNode, sumOf } from '@ninefold/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordScope } from '../../src/core/records/record-scope';
import type { Rec } from '../../src/core/records/row-codec';
import { DIALECTS } from '../test-databases';
import { semanticsApp } from './semantics-app';
import { type ItemRow, NOW, PARENTS, putRows, type Stored, startSemantics, TIMES } from './semantics-rows';

const [A, B] = PARENTS;
const item = (parent: string, n: number, b: boolean): ItemRow =>
  ({
    t: null,
    n,
    x: null,
    b,
    d: null,
    e: null,
    reviewer: null,
    assignee: null,
    parent,
    status: 'open',
    createdAt: TIMES[0],
  }) as ItemRow;
const parent = { t: null, n: null, owner: null, up: null };

/** At most 5 in `n` over the flagged items of one parent. */
const atMostFive: RuleNode = lte(sumOf('items', 'parent', 'n', { of: 'parent', where: eq('b', true) }), 5);
const atMostOneFlagged: RuleNode = lte(countOf('items', 'parent', { of: 'parent', where: eq('b', true) }), 1);

describe.each(DIALECTS)('aggregates as if the write were applied, on %s', (dialect) => {
  let s: Awaited<ReturnType<typeof startSemantics>>;
  let stored: Stored;
  let scope: RecordScope;
  // i0 (A, 2, flagged), i1 (A, 3, flagged), i2 (A, 10, not flagged), i3 (B, 4, flagged)
  const at = (i: number) => stored.items[i] as Rec;
  beforeAll(async () => {
    s = await startSemantics(dialect);
    stored = await putRows(s.nf, {
      parents: [parent, parent, parent] as never,
      items: [item(A!, 2, true), item(A!, 3, true), item(A!, 10, false), item(B!, 4, true)],
    });
    scope = new RecordScope(semanticsApp, s.nf.db, null, NOW, true);
  }, 60_000);
  afterAll(async () => s?.close());

  const changed = new Set(['n']);
  it.each([
    ['no write: the stored rows (2 + 3)', atMostFive, () => at(0), undefined, true],
    // The regression this rule exists for: the stored 2 must not count beside the new 3.
    [
      'an update from 2 to 3 counts 3 + 3, not 2 + 3 + 3',
      atMostFive,
      () => ({ ...at(0), n: 3 }),
      changed,
      false,
    ],
    [
      'an update that unflags the item leaves it out (3)',
      atMostFive,
      () => ({ ...at(0), b: false, n: 99 }),
      changed,
      true,
    ],
    [
      'a new flagged item counts in (2 + 3 + 1)',
      atMostFive,
      () => ({ ...at(0), id: 'new', n: 1 }),
      changed,
      false,
    ],
    [
      'a new unflagged item does not',
      atMostFive,
      () => ({ ...at(0), id: 'new', n: 50, b: false }),
      changed,
      true,
    ],
    ['flagging the unflagged 10 counts it (15)', atMostFive, () => ({ ...at(2), b: true }), changed, false],
    [
      'moving the 3 to parent B counts it there (4 + 3)',
      atMostFive,
      () => ({ ...at(1), parent: B }),
      changed,
      false,
    ],
    [
      'moving the 3 to parent B leaves A with 2',
      atMostOneFlagged,
      () => ({ ...at(1), parent: B }),
      changed,
      false,
    ],
    [
      'a count over one flagged sibling and itself',
      atMostOneFlagged,
      () => ({ ...at(3), n: 1 }),
      changed,
      true,
    ],
  ] as const)('%s', async (_, rule, record, written, expected) => {
    const r = record();
    expect(await scope.holds(rule, 'items', r, written ? { changed: written } : undefined)).toBe(expected);
  });

  it('a delete leaves the deleted record out', async () => {
    const doomed = at(1);
    const write = { entity: 'items', id: String(doomed.id), record: null };
    expect(await scope.holds(atMostOneFlagged, 'items', doomed)).toBe(false);
    expect(await scope.holds(atMostOneFlagged, 'items', doomed, { write })).toBe(true);
  });
});
