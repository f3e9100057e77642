/**
 * Random rules over the semantics app: every rule kind and combinator, every comparison on
 * every field type, against literals (null among them), constants the compiler folds (the
 * caller, constants — one of them null —, inputs, now and times from it, table lookups) and
 * other fields; `related`/`can` through references that may be empty or point at nothing.
 */
import type {
  AggregateFn,
  ArithOp,
  CompareOp,
  EntityOperation,
  ExprNode,
  Literal,
  RuleNode,
} from '@ninefold/spec';
import fc from 'fast-check';
import type { Caller } from '../../src/core/rules/rule-context';
import { POOL, TIMES, USERS } from './semantics-rows';

type Type = keyof typeof POOL;
type Scope = 'items' | 'parents';

const FIELDS: Record<Scope, Readonly<Record<string, Type>>> = {
  items: {
    t: 'text',
    n: 'integer',
    x: 'number',
    b: 'boolean',
    d: 'datetime',
    e: 'enum',
    reviewer: 'user',
    assignee: 'user',
    parent: 'parent',
    status: 'state',
    version: 'integer',
    createdAt: 'datetime',
  },
  parents: { t: 'text', n: 'integer', owner: 'user', up: 'parent' },
};
const VIA: Record<Scope, string> = { items: 'parent', parents: 'up' };

const lit = (value: Literal): ExprNode => ({ kind: 'literal', value });
const constant = (name: string): ExprNode => ({ kind: 'const', name });
const input = (name: string): ExprNode => ({ kind: 'input', name });
const now: ExprNode = { kind: 'now' };

/** Values that read no field, by the type they stand for (the compiler evaluates these). */
const CONSTANTS: Record<Type, readonly ExprNode[]> = {
  text: [
    { kind: 'caller', prop: 'role' },
    { kind: 'caller', prop: 'email' },
  ],
  integer: [
    constant('LIMIT'),
    constant('EMPTY'),
    constant('NOT_DECLARED'),
    input('num'),
    { kind: 'lookup', table: constant('WEIGHTS'), key: lit('high') },
    { kind: 'lookup', table: constant('WEIGHTS'), key: lit('constructor') },
  ],
  number: [
    constant('LIMIT'),
    input('num'),
    { kind: 'lookup', table: constant('WEIGHTS'), key: lit('urgent') },
  ],
  boolean: [input('flag')],
  datetime: [
    now,
    input('when'),
    { kind: 'addTime', base: now, amount: lit(-200), unit: 'days' },
    { kind: 'addTime', base: now, amount: constant('LIMIT'), unit: 'hours' },
    { kind: 'addTime', base: input('when'), amount: lit(1), unit: 'days' },
  ],
  enum: [{ kind: 'caller', prop: 'role' }],
  user: [{ kind: 'caller', prop: 'id' }, input('who')],
  parent: [input('who')],
  state: [{ kind: 'caller', prop: 'role' }],
};

const OPS: readonly CompareOp[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'];
const fieldsOf = (scope: Scope) => Object.entries(FIELDS[scope]) as [string, Type][];

function operandArb(scope: Scope, type: Type): fc.Arbitrary<ExprNode> {
  const same = fieldsOf(scope)
    .filter(([, t]) => t === type)
    .map(([name]): ExprNode => ({ kind: 'field', name }));
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(POOL[type] as readonly Literal[])).map(lit), weight: 4 },
    { arbitrary: fc.constant(lit(null)), weight: 1 },
    { arbitrary: fc.constantFrom(...CONSTANTS[type]), weight: 2 },
    { arbitrary: fc.constantFrom(...same), weight: 1 },
  );
}

function leafArb(scope: Scope): fc.Arbitrary<RuleNode> {
  const typed = fc.constantFrom(...fieldsOf(scope));
  const compare = typed.chain(([name, type]) =>
    fc
      .tuple(fc.constantFrom(...OPS), operandArb(scope, type), fc.boolean(), fc.boolean())
      .map(([op, other, flip, constLeft]): RuleNode => {
        const left: ExprNode = constLeft
          ? (CONSTANTS[type][0] ?? { kind: 'field', name })
          : { kind: 'field', name };
        return flip
          ? { kind: 'compare', op, left: other, right: left }
          : { kind: 'compare', op, left, right: other };
      }),
  );
  const oneOf = typed.chain(([name, type]) =>
    fc
      .tuple(
        fc.subarray([...(POOL[type] as readonly Literal[]), null]),
        fc.oneof(fc.constant<ExprNode>({ kind: 'field', name }), fc.constantFrom(...CONSTANTS[type])),
      )
      .map(([values, left]): RuleNode => ({ kind: 'in', left, values })),
  );
  const roles = fc
    .subarray(['author', 'editor', 'boss', 'anonymous'])
    .map((values): RuleNode => ({ kind: 'in', left: { kind: 'caller', prop: 'role' }, values }));
  const isNull = typed.chain(([name, type]) =>
    fc
      .oneof(fc.constant<ExprNode>({ kind: 'field', name }), fc.constantFrom(...CONSTANTS[type]))
      .map((operand): RuleNode => ({ kind: 'isNull', operand })),
  );
  return fc.oneof(
    fc.constantFrom<RuleNode>({ kind: 'allow' }, { kind: 'deny' }, { kind: 'signedIn' }),
    { arbitrary: compare, weight: 6 },
    { arbitrary: oneOf, weight: 2 },
    roles,
    isNull,
    fc.subarray([...POOL.state]).map((states): RuleNode => ({ kind: 'inState', states })),
    typed.map(([field]): RuleNode => ({ kind: 'changed', field })),
    fc
      .constantFrom<EntityOperation>('read', 'update', 'delete')
      .map((op): RuleNode => ({ kind: 'can', via: VIA[scope], op })),
  );
}

/**
 * Arithmetic over the scope's numeric fields: null operands, zero divisors, negative and
 * fractional numbers, huge ones whose products and sums overflow (null on both sides), nested
 * once; every op is one IEEE double operation on both sides.
 */
function arithArb(scope: Scope): fc.Arbitrary<ExprNode> {
  const numeric = fieldsOf(scope).filter(([, t]) => t === 'integer' || t === 'number');
  const leaf = fc.oneof(
    fc.constantFrom(...numeric.map(([name]): ExprNode => ({ kind: 'field', name }))),
    fc.constantFrom(0, -1, 0.5, 2, -2.5, 3, null, 1e200, -1e200, 1.7e308).map(lit),
    fc.constantFrom(constant('LIMIT'), constant('EMPTY'), input('num')),
  );
  const op = fc.constantFrom<ArithOp>('add', 'sub', 'mul', 'div');
  const once = fc
    .tuple(op, leaf, leaf)
    .map(([o, left, right]): ExprNode => ({ kind: 'arith', op: o, left, right }));
  return fc
    .tuple(op, fc.oneof(once, leaf), fc.oneof(once, leaf))
    .map(([o, left, right]): ExprNode => ({ kind: 'arith', op: o, left, right }));
}

/**
 * Aggregates of the items pointing at a parent: from a parent (`of: id`), or an item's
 * siblings (`of: parent`), under a plain condition on the child. Sums only over integers:
 * a sum of fractions in another order may differ in its last bit, on any database.
 */
function aggregateArb(scope: Scope): fc.Arbitrary<ExprNode> {
  const of: ExprNode = { kind: 'field', name: scope === 'items' ? 'parent' : 'id' };
  const spec = fc.constantFrom<[AggregateFn, string | undefined]>(
    ['count', undefined],
    ['sum', 'n'],
    ['sum', 'version'],
    ['min', 'n'],
    ['max', 'x'],
    ['min', 'x'],
    ['max', 'n'],
  );
  return fc.tuple(spec, fc.option(leafArb('items'), { nil: undefined })).map(
    ([[fn, field], where]): ExprNode => ({
      kind: 'aggregate',
      fn,
      entity: 'items',
      via: 'parent',
      ...(field ? { field } : {}),
      ...(where ? { where } : {}),
      of,
    }),
  );
}

/** A number computed from fields (arithmetic, an aggregate, or both) compared with a value. */
function computedArb(scope: Scope): fc.Arbitrary<RuleNode> {
  const computed = fc.oneof(
    arithArb(scope),
    aggregateArb(scope),
    fc
      .tuple(aggregateArb(scope), arithArb(scope), fc.constantFrom<ArithOp>('add', 'sub', 'div'))
      .map(([a, b, op]): ExprNode => ({ kind: 'arith', op, left: a, right: b })),
  );
  const other = fc.oneof(
    fc.constantFrom(-2, -1, 0, 0.5, 1, 2, 3, 6, null).map(lit),
    operandArb(scope, 'integer'),
    arithArb(scope),
  );
  return fc
    .tuple(fc.constantFrom(...OPS), computed, other, fc.boolean())
    .map(
      ([op, left, right, flip]): RuleNode =>
        flip ? { kind: 'compare', op, left: right, right: left } : { kind: 'compare', op, left, right },
    );
}

const MEMO = new Map<string, fc.Arbitrary<RuleNode>>();

/**
 * Rules over the scope's fields, nested up to `depth` combinators deep.
 * @example fc.sample(ruleArb('items', 3), 5)
 */
export function ruleArb(scope: Scope, depth: number): fc.Arbitrary<RuleNode> {
  const key = `${scope}:${depth}`;
  const known = MEMO.get(key);
  if (known) return known;
  const leaf = leafArb(scope);
  const arb =
    depth <= 0
      ? leaf
      : fc.oneof(
          { arbitrary: leaf, weight: 4 },
          { arbitrary: computedArb(scope), weight: 2 },
          {
            arbitrary: fc
              .array(ruleArb(scope, depth - 1), { maxLength: 3 })
              .map((rules): RuleNode => ({ kind: 'and', rules })),
            weight: 2,
          },
          {
            arbitrary: fc
              .array(ruleArb(scope, depth - 1), { maxLength: 3 })
              .map((rules): RuleNode => ({ kind: 'or', rules })),
            weight: 2,
          },
          {
            arbitrary: ruleArb(scope, depth - 1).map((rule): RuleNode => ({ kind: 'not', rule })),
            weight: 3,
          },
          {
            arbitrary: ruleArb('parents', depth - 1).map(
              (rule): RuleNode => ({ kind: 'related', via: VIA[scope], rule }),
            ),
            weight: 1,
          },
        );
  MEMO.set(key, arb);
  return arb;
}

/** Who asks: signed out, or one of three users of each role. */
export const callerArb: fc.Arbitrary<Caller | null> = fc.constantFrom(
  null,
  { id: USERS[0], role: 'author', email: 'a@test.example' },
  { id: USERS[1], role: 'editor', email: 'e@test.example' },
  { id: USERS[2], role: 'boss', email: 'b@test.example' },
);

/** A transition's input, each value sometimes missing. */
export const inputArb = fc.record({
  who: fc.constantFrom(USERS[0], null),
  num: fc.constantFrom(1, null),
  when: fc.constantFrom(TIMES[1], null),
  flag: fc.constantFrom(true, null),
});

/** One rule with the caller and input it is judged for. */
export const caseArb = fc.record({ rule: ruleArb('items', 3), caller: callerArb, input: inputArb });
export type RuleCase = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;
