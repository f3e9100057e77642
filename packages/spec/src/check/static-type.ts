/**
 * What kind of value an expression gives, where the spec alone tells: a literal, a constant,
 * a field or an input of known type, the caller, the clock. Error params declared a number
 * or a string are compared with it.
 */
import type { Field, Fields } from '../fields/field';
import type { ExprNode, Literal } from '../rules/expr';
import { fieldOf } from './app-lookup';
import type { CheckContext } from './check-context';
import type { RuleScope } from './walk-rule';

export type ValueKind = 'number' | 'string' | 'boolean' | 'null' | 'list' | 'object';

/** A value's kind and what gives it, for messages: `constant 'REOPEN_WINDOW_DAYS'`. */
export interface StaticType {
  readonly kind: ValueKind;
  readonly what: string;
}

const KIND_WORDS: Record<ValueKind, string> = {
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  null: 'null',
  list: 'a list',
  object: 'an object',
};

/**
 * How a message names a kind of value.
 * @example kindWord('string') // 'text'
 */
export function kindWord(kind: ValueKind): string {
  return KIND_WORDS[kind];
}

/**
 * The kind of a literal value.
 * @example literalKind(7) // 'number'
 */
export function literalKind(value: Literal): ValueKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return typeof value as 'number' | 'string' | 'boolean' | 'object';
}

/**
 * The kind of the values a field holds: dates, references and enums travel as text.
 * @example fieldKind(f.integer()) // 'number'
 */
export function fieldKind(field: Field): ValueKind {
  switch (field.type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'list':
      return 'list';
    case 'object':
    case 'map':
      return 'object';
    // As records answer them: one FileRef (or null), or a list of them.
    case 'file':
      return 'object';
    case 'files':
      return 'list';
    default:
      return 'string';
  }
}

/**
 * The kind of value an expression gives in `scope`, or undefined where the spec cannot tell
 * (an unknown name is reported by the expression's own checks, not here).
 * @example staticType(ctx, constant('REOPEN_WINDOW_DAYS'), scope) // { kind: 'number', what: "constant 'REOPEN_WINDOW_DAYS'" }
 */
export function staticType(
  ctx: CheckContext,
  node: ExprNode,
  scope: RuleScope,
  inputs?: Fields,
): StaticType | undefined {
  switch (node.kind) {
    case 'literal':
      return { kind: literalKind(node.value), what: `the value ${show(node.value)}` };
    case 'const': {
      const c = ctx.app.constants[node.name];
      return c && { kind: literalKind(c.value), what: `constant '${node.name}'` };
    }
    case 'field': {
      const entity = scope.kind === 'record' ? ctx.app.entities[scope.entity] : undefined;
      const field = entity && fieldOf(entity, node.name);
      return field && { kind: fieldKind(field), what: `field '${node.name}' (${field.type})` };
    }
    case 'input': {
      const field = inputs?.[node.name];
      return field && { kind: fieldKind(field), what: `input '${node.name}' (${field.type})` };
    }
    case 'caller':
      return { kind: 'string', what: `caller('${node.prop}')` };
    case 'now':
      return { kind: 'string', what: 'now() (a timestamp)' };
    case 'addTime':
      return { kind: 'string', what: `add${node.unit === 'hours' ? 'Hours' : 'Days'}() (a timestamp)` };
    case 'lookup':
      return lookupType(ctx, node);
    case 'arith':
      return { kind: 'number', what: `${ARITH_NAMES[node.op]}()` };
    case 'aggregate': {
      const what = `${node.fn}Of('${node.entity}')`;
      if (node.fn === 'count' || node.fn === 'sum') return { kind: 'number', what };
      const field = node.field ? ctx.app.entities[node.entity]?.fields[node.field] : undefined;
      return field && { kind: fieldKind(field), what };
    }
    case 'clock':
      return node.part === 'weekday'
        ? { kind: 'number', what: 'weekdayOf() (1 Monday … 7 Sunday)' }
        : { kind: 'string', what: node.part === 'time' ? 'timeOfDay() (HH:MM)' : 'dateOf() (YYYY-MM-DD)' };
  }
}

const ARITH_NAMES = { add: 'add', sub: 'subtract', mul: 'multiply', div: 'divide' } as const;

// A lookup gives one of the table's values: known when they are all of one kind.
function lookupType(ctx: CheckContext, node: Extract<ExprNode, { kind: 'lookup' }>): StaticType | undefined {
  if (node.table.kind !== 'const') return undefined;
  const table = ctx.app.constants[node.table.name]?.value;
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return undefined;
  const kinds = new Set(Object.values(table).map(literalKind));
  const [kind] = kinds;
  return kinds.size === 1 && kind ? { kind, what: `a lookup in constant '${node.table.name}'` } : undefined;
}

function show(value: Literal): string {
  if (typeof value === 'string') return `'${value}'`;
  if (Array.isArray(value)) return '[…]';
  if (typeof value === 'object' && value !== null) return '{…}';
  return String(value);
}
