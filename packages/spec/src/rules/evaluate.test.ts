import { describe, expect, it } from 'vitest';
import { type EvaluateOptions, evaluateRule, type RuleEnv, UNDECIDED, type Verdict } from './evaluate';
import { addDays, caller, constant, input, lit, lookup, now } from './expr';
import {
  and,
  callerIs,
  can,
  changed,
  eq,
  hasRole,
  inState,
  isNull,
  lt,
  ne,
  not,
  oneOf,
  or,
  type RuleNode,
  related,
  signedIn,
} from './rule';
import { filterTruth } from './sql-semantics';

const app = {
  entities: {
    tickets: { states: { field: 'status' }, fields: { team: { type: 'ref', entity: 'teams' } } },
    teams: { fields: {} },
  },
  constants: { LIMIT: { value: 2 }, SLA: { value: { high: 4 } } },
};
const env: RuleEnv = {
  app,
  caller: { id: 'u1', role: 'agent', email: 'a@x.test' },
  now: new Date('2025-01-01T00:00:00.000Z'),
  input: { n: 3 },
  changed: new Set(['title']),
};
const rows = { teams: { t1: { id: 't1', open: true } } } as Record<
  string,
  Record<string, Record<string, unknown>>
>;
const lookupRows: EvaluateOptions['related'] = {
  row: (entity, id) => rows[entity]?.[id] ?? null,
  access: () => eq('open', true),
};

describe('evaluateRule: SQL three-valued logic', () => {
  const cases: [string, RuleNode, Record<string, unknown> | null, Verdict][] = [
    ['eq on equal values', eq('a', 1), { a: 1 }, true],
    ['eq with an empty field is unknown', eq('a', 1), { a: null }, null],
    ['ne with an empty field is unknown (issue #13)', ne('a', 1), { a: null }, null],
    ['not unknown is unknown (issue #13)', not(callerIs('reviewer')), { reviewer: null }, null],
    ['eq with a literal null asks for empty', eq('a', null), { a: null }, true],
    ['ne with a literal null asks for set', ne('a', null), { a: null }, false],
    ['a missing field is empty', isNull('a'), {}, true],
    ['and: false beats unknown', and(eq('a', 1), eq('b', 1)), { a: null, b: 2 }, false],
    ['and: unknown beats true', and(eq('a', 1), eq('b', 1)), { a: null, b: 1 }, null],
    ['or: true beats unknown', or(eq('a', 1), eq('b', 1)), { a: null, b: 1 }, true],
    ['or of nothing is false', or(), {}, false],
    ['in with an empty operand is unknown', oneOf('a', ['x']), { a: null }, null],
    ['in with a null value asks for empty too', oneOf('a', ['x', null]), { a: null }, true],
    ['in of nothing is false', oneOf('a', []), { a: null }, false],
    ['lt on strings in code-unit order', lt('a', 'b'), { a: 'B' }, true],
    ['lt across types is unknown', lt('a', 1), { a: 'x' }, null],
    ['a time from now', lt('due', addDays(now(), 1)), { due: '2025-01-01T12:00:00.000Z' }, true],
    ['a table constant', eq('n', lookup(constant('SLA'), lit('high'))), { n: 4 }, true],
    ['no own entry is null', isNull(lookup(constant('SLA'), lit('constructor'))), {}, true],
    ['an input', eq('n', input('n')), { n: 3 }, true],
    ['the caller', eq('owner', caller('id')), { owner: 'u1' }, true],
    ['a role', hasRole('agent'), null, true],
    ['signed in', signedIn(), null, true],
    ['a state', inState('open'), { status: 'open' }, true],
    ['an empty state is unknown', inState('open'), { status: null }, null],
    ['what the write changes', changed('title'), {}, true],
    ['a related record', related('team', eq('open', true)), { team: 't1' }, true],
    ['a related record that is missing is false', related('team', eq('open', true)), { team: 'gone' }, false],
    [
      'not of a missing related record is true',
      not(related('team', eq('open', true))),
      { team: 'gone' },
      true,
    ],
    ['can through a reference', can('team', 'read'), { team: 't1' }, true],
  ];
  it.each(cases)('%s', (_, rule, record, expected) => {
    expect(evaluateRule(rule, 'tickets', record, env, { related: lookupRows })).toBe(expected);
  });

  it('is undecided on a related record until rows are supplied', () => {
    expect(evaluateRule(related('team', eq('open', true)), 'tickets', { team: 't1' }, env)).toBe(UNDECIDED);
    expect(evaluateRule(and(eq('a', 2), related('team', eq('open', true))), 'tickets', { a: 1 }, env)).toBe(
      false,
    );
  });

  it("reads a signed-out caller's role as 'anonymous' and their id as empty", () => {
    const out = { ...env, caller: null };
    expect(evaluateRule(hasRole('anonymous'), 'tickets', null, out)).toBe(true);
    expect(evaluateRule(callerIs('owner'), 'tickets', { owner: null }, out)).toBe(null);
  });
});

describe('filterTruth: the list filters', () => {
  const cases: [string, Parameters<typeof filterTruth>, ReturnType<typeof filterTruth>][] = [
    ['ne excludes an empty field, as SQL <> does (issue #13)', ['ne', null, 'u1'], null],
    ['ne=null asks for set', ['ne', null, null], false],
    ['eq=null asks for empty', ['eq', undefined, null], true],
    ['contains folds ASCII case', ['contains', 'Printer ON fire', 'on FIRE'], true],
    ['contains folds no other case', ['contains', 'É', 'é'], false],
    ['contains on an empty field is unknown', ['contains', null, 'a'], null],
    ['in', ['in', 'high', ['high', 'urgent']], true],
    ['gte on numbers', ['gte', 2, 2], true],
  ];
  it.each(cases)('%s', (_, args, expected) => {
    expect(filterTruth(...args)).toBe(expected);
  });
});
