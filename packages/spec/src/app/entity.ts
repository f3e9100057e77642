/**
 * `entity()`: one entity of the app — its fields, its state machine, who may do what, and
 * its cross-field rules — checked at compile time against its own field names.
 */

import type { Fields, StateField, SystemField } from '../fields/field';
import type { Expr, Literal } from '../rules/expr';
import { isExpr, lit } from '../rules/expr';
import { allow, type EntityOperation, isRule, type Rule, type RuleNode } from '../rules/rule';
import { type TimerInput, type TimerNode, timerNode } from './automation';

/** A role's permission: `true`, a rule, or a rule with the fields it covers. */
export type Grant<N extends string> = boolean | Rule<N> | GrantObject<N>;
export interface GrantObject<N extends string> {
  /** The records the grant covers (default: all). */
  readonly where?: Rule<N>;
  /** The fields the grant covers: readable fields for `read`, writable ones for writes (default: all). */
  readonly fields?: readonly N[];
}
/** Per role (or `anonymous`): one grant or several, any of which may apply. */
export type Grants<N extends string> = {
  readonly [role: string]: Grant<N> | readonly (Rule<N> | GrantObject<N>)[];
};
export type AccessInput<N extends string> = { readonly [Op in EntityOperation]?: Grants<N> };

export interface StateInput {
  readonly label?: string;
  readonly description?: string;
  /** No transition leaves a final state. */
  readonly final?: boolean;
}

/** A condition a transition needs, with the error it answers when unmet. */
export interface PreconditionInput<N extends string> {
  readonly check: Rule<N>;
  readonly error: string;
  /** Values for the error message's `{placeholders}`. */
  readonly params?: { readonly [name: string]: Expr<N> | Literal };
}

export interface TransitionInput<S extends string, N extends string> {
  readonly label?: string;
  readonly description?: string;
  readonly from: S | readonly S[];
  readonly to: S;
  /** Per role, who may run it (admins included only if listed). */
  readonly who: { readonly [role: string]: boolean | Rule<N> };
  /** Input fields the caller sends with the transition. */
  readonly input?: Fields;
  /** Fields assigned when it runs, e.g. `{ resolvedAt: now(), resolution: input('resolution') }`. */
  readonly set?: { readonly [field in N]?: Expr<N> | Literal };
  readonly requires?: readonly PreconditionInput<N>[];
  /**
   * A timed transition: it also fires by itself, as the system, this long after `since` (or
   * after the record entered a `from` state), unless the record left those states first. It
   * is planned again when `since`, an amount's field or a constant it reads changes.
   * @example after: { days: constant('REOPEN_WINDOW_DAYS'), since: 'resolvedAt' }
   */
  readonly after?: TimerInput<N>;
}

export interface ValidationInput<N extends string> {
  /** A short name for the rule, shown in the admin console. */
  readonly name?: string;
  /**
   * Which writes it applies to (default create and update). On `delete` the rule is judged
   * on the record about to be deleted: a failing check refuses the delete with `error`.
   */
  readonly on?: readonly ValidationOp[];
  /** Only checked when this holds. */
  readonly when?: Rule<N>;
  readonly check: Rule<N>;
  readonly error: string;
  /** The field the failure is reported on. */
  readonly field?: N;
  readonly params?: { readonly [name: string]: Expr<N> | Literal };
}

/** The writes a validation rule can judge. */
export type ValidationOp = 'create' | 'update' | 'delete';

/**
 * No two records share the values of `fields` among those where `where` holds: a partial
 * unique index on both dialects, so it holds under racing writes.
 */
export interface UniqueInput<N extends string> {
  /** A short name, used in the index's name and the admin console. */
  readonly name?: string;
  readonly fields: readonly N[];
  /** Only records where this holds are kept apart (fields and literals only: it becomes the index's WHERE). */
  readonly where?: Rule<N>;
  /** The error code a clashing write answers (default VALIDATION_FAILED, reported on the last field). */
  readonly error?: string;
}

export interface MachineInput<SF extends string, St extends string, Tr, N extends string> {
  /** The field that holds the state; created by the machine, writable only by transitions. */
  readonly field: SF;
  readonly initial: NoInfer<St>;
  readonly states: { readonly [K in St]: StateInput };
  readonly transitions: Tr & { readonly [name: string]: TransitionInput<NoInfer<St>, N> };
}

export interface EntityInput<F extends Fields, SF extends string, St extends string, Tr, N extends string> {
  readonly label?: string;
  readonly description?: string;
  /**
   * What names a record in lists, links and headings: a field (`'subject'`), a path through a
   * reference (`'book.title'`), or a template of fields and paths (`'{book.title} for {borrower.name}'`).
   */
  readonly title?: NoInfer<keyof F & string> | `${string}.${string}` | `${string}{${string}}${string}`;
  readonly fields: F;
  readonly states?: MachineInput<SF, St, Tr, N>;
  readonly access?: AccessInput<N>;
  readonly validate?: readonly ValidationInput<N>[];
  /** Extra indexes, each a list of columns. */
  readonly indexes?: readonly (readonly N[])[];
  /**
   * The fields lists may be sorted by, besides `createdAt` and the title field: each one
   * costs the indexes that serve it (alone, and after each equality key of the entity), so
   * name only the orders the product shows. Required scalar fields only.
   */
  readonly sortable?: readonly N[];
  /** Conditional and multi-field uniqueness. */
  readonly unique?: readonly UniqueInput<N>[];
  /**
   * The text fields full-text search covers (`?search=`), in order of weight: served by FTS5
   * on SQLite and a GIN-indexed `tsvector` on PostgreSQL, ranked, under the read rules.
   */
  readonly search?: readonly N[];
}

// Normalized nodes: what every consumer (checker, server, meta) reads.

export interface GrantNode {
  readonly where: RuleNode;
  readonly fields?: readonly string[];
}
export type AccessNode = {
  readonly [Op in EntityOperation]: { readonly [role: string]: readonly GrantNode[] };
};

export interface PreconditionNode {
  readonly check: RuleNode;
  readonly error: string;
  readonly params: { readonly [name: string]: Expr };
}
export interface TransitionNode {
  readonly name: string;
  readonly label: string;
  readonly description?: string;
  readonly from: readonly string[];
  readonly to: string;
  readonly who: { readonly [role: string]: RuleNode };
  readonly input: Fields;
  readonly set: { readonly [field: string]: Expr };
  readonly requires: readonly PreconditionNode[];
  readonly after?: TimerNode;
}
export interface MachineNode {
  readonly field: string;
  readonly initial: string;
  readonly states: {
    readonly [name: string]: {
      readonly label: string;
      readonly final: boolean;
      readonly description?: string;
    };
  };
  readonly transitions: { readonly [name: string]: TransitionNode };
}
export interface UniqueNode {
  readonly name: string;
  readonly fields: readonly string[];
  readonly where?: RuleNode;
  readonly error: string;
}
export interface ValidationNode {
  readonly name: string;
  readonly on: readonly ValidationOp[];
  readonly when?: RuleNode;
  readonly check: RuleNode;
  readonly error: string;
  readonly field?: string;
  readonly params: { readonly [name: string]: Expr };
}

/** A normalized entity, as the checker, the server and `/api/meta` see it. */
export interface EntityNode {
  readonly kind: 'entity';
  readonly label?: string;
  readonly description?: string;
  readonly title?: string;
  readonly fields: Fields;
  readonly states?: MachineNode;
  readonly access: AccessNode;
  readonly validate: readonly ValidationNode[];
  readonly indexes: readonly (readonly string[])[];
  /** The declared extra sorts (see `listCapabilities` for every sort a list accepts). */
  readonly sortable?: readonly string[];
  readonly unique: readonly UniqueNode[];
  /** The fields full-text search covers; absent when the entity declares none. */
  readonly search?: readonly string[];
}

declare const entityTypes: unique symbol;
/** An entity with its inferred types: fields (state field included) and transition inputs. */
export interface EntityDef<F extends Fields = Fields, TI extends { readonly [t: string]: Fields } = any>
  extends EntityNode {
  readonly fields: F;
  readonly [entityTypes]?: { transitions: TI };
}
export type TransitionInputsOf<E> = E extends { readonly [entityTypes]?: { transitions: infer TI } }
  ? TI
  : never;

type InputsOf<Tr> = { [K in keyof Tr]: Tr[K] extends { input: infer I extends Fields } ? I : {} };
type WithState<F extends Fields, SF extends string, St extends string> = [SF] extends [never]
  ? F
  : F & { readonly [K in SF]: StateField<St> & { readonly readOnly: true } };

function toGrants(value: unknown): GrantNode[] {
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item): GrantNode[] => {
    if (item === false) return [];
    if (item === true) return [{ where: allow() }];
    if (isRule(item)) return [{ where: item }];
    const g = item as GrantObject<string>;
    return [{ where: g.where ?? allow(), ...(g.fields ? { fields: [...g.fields] } : {}) }];
  });
}

function normalizeAccess(access: AccessInput<string> | undefined): AccessNode {
  const op = (grants: Grants<string> | undefined) =>
    Object.fromEntries(Object.entries(grants ?? {}).map(([role, g]) => [role, toGrants(g)]));
  return {
    read: op(access?.read),
    create: op(access?.create),
    update: op(access?.update),
    delete: op(access?.delete),
  };
}

function toExprMap(params: { readonly [k: string]: unknown } | undefined): { [k: string]: Expr } {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([k, v]) => [k, isExpr(v) ? (v as Expr) : lit(v as Literal)]),
  );
}

function humanize(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

function normalizeMachine(m: MachineInput<string, string, unknown, string>): MachineNode {
  const states = Object.fromEntries(
    Object.entries(m.states as Record<string, StateInput>).map(([name, s]) => [
      name,
      {
        label: s.label ?? humanize(name),
        final: s.final ?? false,
        ...(s.description ? { description: s.description } : {}),
      },
    ]),
  );
  const transitions = Object.fromEntries(
    Object.entries(m.transitions as Record<string, TransitionInput<string, string>>).map(([name, t]) => [
      name,
      {
        name,
        label: t.label ?? humanize(name),
        ...(t.description ? { description: t.description } : {}),
        from: typeof t.from === 'string' ? [t.from] : [...t.from],
        to: t.to,
        who: Object.fromEntries(
          Object.entries(t.who).flatMap(([role, rule]) =>
            rule === false ? [] : [[role, rule === true ? allow() : rule] as const],
          ),
        ),
        input: t.input ?? {},
        set: toExprMap(t.set),
        requires: (t.requires ?? []).map((p) => ({
          check: p.check,
          error: p.error,
          params: toExprMap(p.params),
        })),
        ...(t.after ? { after: timerNode(t.after) } : {}),
      } satisfies TransitionNode,
    ]),
  );
  return { field: m.field, initial: m.initial, states, transitions };
}

/**
 * Declares an entity. Rules, field lists and indexes may only name the entity's own fields
 * (plus its state field and `id`, `createdAt`, `updatedAt`, `version`): anything else is a
 * type error.
 * @example
 * const teams = entity({
 *   title: 'name',
 *   fields: { name: f.text({ min: 2, max: 60, unique: true }) },
 *   access: { read: { agent: true }, create: { admin: true } },
 * });
 */
export function entity<
  const F extends Fields,
  const SF extends string = never,
  const St extends string = never,
  const Tr = {},
>(
  def: EntityInput<F, SF, St, Tr, NoInfer<(keyof F & string) | SF | SystemField>>,
): EntityDef<WithState<F, SF, St>, InputsOf<Tr>> {
  const fields: Fields = def.states
    ? {
        ...def.fields,
        [def.states.field]: Object.freeze({
          kind: 'field',
          type: 'state',
          values: Object.keys(def.states.states),
          default: def.states.initial,
          readOnly: true,
          index: true,
        }) as StateField,
      }
    : def.fields;
  const node: EntityNode = {
    kind: 'entity',
    ...(def.label ? { label: def.label } : {}),
    ...(def.description ? { description: def.description } : {}),
    ...(def.title ? { title: def.title } : {}),
    fields,
    ...(def.states
      ? { states: normalizeMachine(def.states as MachineInput<string, string, unknown, string>) }
      : {}),
    access: normalizeAccess(def.access),
    validate: (def.validate ?? []).map((v, i) => ({
      name: v.name ?? `rule${i + 1}`,
      on: v.on ? [...v.on] : ['create', 'update'],
      ...(v.when ? { when: v.when } : {}),
      check: v.check,
      error: v.error,
      ...(v.field ? { field: v.field } : {}),
      params: toExprMap(v.params),
    })),
    indexes: (def.indexes ?? []).map((cols) => [...cols]),
    ...(def.sortable ? { sortable: [...def.sortable] } : {}),
    unique: (def.unique ?? []).map((u, i) => ({
      name: u.name ?? `unique${i + 1}`,
      fields: [...u.fields],
      ...(u.where ? { where: u.where } : {}),
      error: u.error ?? 'VALIDATION_FAILED',
    })),
    ...(def.search ? { search: [...def.search] } : {}),
  };
  return deepFreeze(node) as EntityDef<WithState<F, SF, St>, InputsOf<Tr>>;
}

/** Freezes a plain-data tree, so a spec cannot change under the server. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  } else if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value))
      if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) deepFreeze(v);
  }
  return value;
}

export { humanize };
