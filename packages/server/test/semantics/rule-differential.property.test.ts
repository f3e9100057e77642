/**
 * One semantics, proven: random rules (every kind and combinator, NULL-heavy operands,
 * missing references) over random rows, compiled to SQL on each dialect and answered by the
 * database, against the spec's one evaluator — the same three-valued answer for every rule
 * and row, and the server's predicate admitting exactly the rows SQL admits. Then the same
 * run against a copy of the evaluator with one operator broken must find a counterexample.
 * FC_SEED replays a failure; RULE_RUNS changes the number of row sets (50 rules each).
 */
import { type CompareOp, type Semantics, SQL_SEMANTICS } from '@ninefold/spec';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../test-databases';
import { caseArb } from './rule-arbitrary';
import { Mismatch, runRuleCases } from './rule-differential';
import { putRows, rowSetArb, startSemantics } from './semantics-rows';

const RUNS = Number(process.env.RULE_RUNS ?? 210);
const RULES_PER_SET = 50;
const SEED = Number(process.env.FC_SEED ?? 20_250_615);

/** The mutants: each a plausible slip, each must be caught. */
const MUTANTS: readonly { name: string; semantics: Semantics }[] = [
  {
    // JavaScript's `!==`: the drift that let realtime show unassigned tickets to `assignee[ne]=me`.
    name: 'ne treats NULL as different',
    semantics: {
      ...SQL_SEMANTICS,
      compare: (op: CompareOp, a: unknown, b: unknown) =>
        op === 'ne' && (a === null) !== (b === null) ? true : SQL_SEMANTICS.compare(op, a, b),
    },
  },
  {
    // SQL's bare `a in (…, NULL)`, which never holds for an empty `a`.
    name: 'in ignores a null among the values',
    semantics: {
      ...SQL_SEMANTICS,
      oneOf: (a: unknown, values: readonly unknown[]) =>
        SQL_SEMANTICS.oneOf(
          a,
          values.filter((v) => v !== null),
        ),
    },
  },
  {
    // JavaScript's `!x` on an unknown: the drift that let GET show what the list hid.
    name: 'lt answers false instead of unknown on NULL',
    semantics: {
      ...SQL_SEMANTICS,
      compare: (op: CompareOp, a: unknown, b: unknown) =>
        op === 'lt' && (a === null || b === null) ? false : SQL_SEMANTICS.compare(op, a, b),
    },
  },
];

describe.each(DIALECTS)('rule differential on %s', (dialect) => {
  let s: Awaited<ReturnType<typeof startSemantics>>;
  beforeAll(async () => {
    s = await startSemantics(dialect);
  }, 60_000);
  afterAll(async () => s?.close());

  const property = (
    semantics: Semantics,
    withServer: boolean,
    count: { cases: number },
    tally?: Map<string, number>,
  ) =>
    fc.asyncProperty(
      rowSetArb,
      fc.array(caseArb, { minLength: RULES_PER_SET, maxLength: RULES_PER_SET }),
      async (set, cases) => {
        const stored = await putRows(s.nf, set);
        await runRuleCases(s.nf, stored, cases, semantics, withServer, tally);
        count.cases += cases.length;
      },
    );

  it(`SQL and the evaluator agree on ${RUNS * RULES_PER_SET} random rules`, async () => {
    const count = { cases: 0 };
    const tally = new Map<string, number>();
    const details = await fc.check(property(SQL_SEMANTICS, true, count, tally), {
      seed: SEED,
      numRuns: RUNS,
    });
    if (details.failed)
      throw new Error(`${fc.defaultReportMessage(details)}\n${String(details.errorInstance)}`);
    console.info(
      `[rule differential on ${dialect}] ${count.cases} rules × row sets of 12–30 rows: 0 mismatches;`,
      'answers by rule and row:',
      Object.fromEntries(tally),
    );
    // Not vacuous: rows were admitted, refused, and left unknown, each in good number.
    for (const answer of ['true', 'false', 'null']) expect(tally.get(answer) ?? 0).toBeGreaterThan(RUNS * 50);
    expect(count.cases).toBe(RUNS * RULES_PER_SET);
    if (process.env.RULE_RUNS === undefined) expect(count.cases).toBeGreaterThanOrEqual(10_000);
  }, 300_000);

  it.each(MUTANTS)(
    'catches a copy of the evaluator where $name',
    async ({ semantics }) => {
      const details = await fc.check(property(semantics, false, { cases: 0 }), {
        seed: SEED,
        numRuns: RUNS,
        endOnFailure: true,
      });
      expect(details.failed).toBe(true);
      expect(details.errorInstance).toBeInstanceOf(Mismatch);
      console.info(`[mutant on ${dialect}] caught:\n${String((details.errorInstance as Error).message)}`);
    },
    120_000,
  );
});
