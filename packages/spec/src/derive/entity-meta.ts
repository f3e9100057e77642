/**
 * One entity in the client-facing form of the spec: its fields, its state machine with
 * who may run each transition, and its cross-field rules — each rule with its words.
 */
import type { App } from '../app/define-app';
import { type EntityNode, humanize, type ValidationOp } from '../app/entity';
import type { Fields } from '../fields/field';
import type { RuleNode } from '../rules/rule';
import { fieldsMeta } from './file-field-meta';
import type { FilterOperator } from './filter-operators';
import { listCapabilities } from './list-capabilities';
import { ruleToText } from './rule-text';
import { type TimerMeta, timerMeta } from './timer-meta';

/** A rule with its words. */
export interface RuleMeta {
  readonly rule: RuleNode;
  readonly text: string;
}

export interface TransitionMeta {
  readonly label: string;
  readonly description?: string;
  readonly from: readonly string[];
  readonly to: string;
  readonly who: { readonly [role: string]: RuleMeta };
  readonly input: Fields;
  /** Preconditions, each with the code it answers when unmet. */
  readonly requires: readonly (RuleMeta & { readonly error: string })[];
  /** A timed transition: it also fires by itself, as the system, this long after. */
  readonly after?: TimerMeta;
}

/**
 * What the entity's lists take, from `listCapabilities`: a client offers exactly these sorts
 * and filters, and the server refuses any other with MALFORMED_REQUEST.
 */
export interface ListMeta {
  /** Sortable fields, each both ways (`f` and `-f`). */
  readonly sorts: readonly string[];
  /** Per filterable field, its operators. */
  readonly filters: { readonly [field: string]: readonly FilterOperator[] };
  /** How many records one page of a `contains` filter examines (a page may come back short). */
  readonly containsWindow: number;
  /** The fields `?search=` looks in (none: the list takes no search). */
  readonly search: readonly string[];
  /** Whether the search is full-text and ranked, not a bounded `contains` of the title. */
  readonly fullText: boolean;
}

export interface EntityMeta {
  readonly label: string;
  readonly description?: string;
  readonly title?: string;
  readonly fields: Fields;
  readonly states?: {
    readonly field: string;
    readonly initial: string;
    readonly states: {
      readonly [name: string]: {
        readonly label: string;
        readonly final: boolean;
        readonly description?: string;
      };
    };
    readonly transitions: { readonly [name: string]: TransitionMeta };
  };
  readonly validate: readonly {
    readonly name: string;
    readonly on: readonly ValidationOp[];
    readonly when?: RuleMeta;
    readonly check: RuleMeta;
    readonly error: string;
    readonly field?: string;
  }[];
  /** Always there in `/api/meta` (optional only so hand-built metas in tests stay valid). */
  readonly list?: ListMeta;
}

/**
 * The list part of an entity's meta.
 * @example listMeta(app.entities.tickets!).sorts.includes('dueAt') // true
 */
export function listMeta(e: EntityNode): ListMeta {
  const caps = listCapabilities(e);
  return {
    sorts: caps.sorts,
    filters: Object.fromEntries(caps.filters.map((f) => [f.name, f.operators])),
    containsWindow: caps.containsWindow,
    search: caps.search,
    fullText: caps.fullText,
  };
}

/**
 * A rule with its words, read against an entity of the app.
 * @example ruleMeta(app, callerIs('requester'), 'tickets').text // 'the caller is the requester'
 */
export function ruleMeta(app: App, rule: RuleNode, entity?: string): RuleMeta {
  return { rule, text: ruleToText(rule, entity ? { app, entity } : { app }) };
}

/**
 * Per role, who may do something, with words.
 * @example whoMeta(app, { agent: allow() }) // { agent: { rule: { kind: 'allow' }, text: 'always' } }
 */
export function whoMeta(
  app: App,
  who: { readonly [role: string]: RuleNode },
  entity?: string,
): { [role: string]: RuleMeta } {
  return Object.fromEntries(Object.entries(who).map(([role, rule]) => [role, ruleMeta(app, rule, entity)]));
}

/**
 * The client-facing form of one entity.
 * @example entityMeta(app, 'tickets', app.entities.tickets!).states?.transitions.resolve?.from // ['open', 'pending']
 */
export function entityMeta(app: App, name: string, e: EntityNode): EntityMeta {
  return {
    label: e.label ?? humanize(name),
    ...(e.description ? { description: e.description } : {}),
    ...(e.title ? { title: e.title } : {}),
    fields: fieldsMeta(e.fields),
    ...(e.states
      ? {
          states: {
            field: e.states.field,
            initial: e.states.initial,
            states: e.states.states,
            transitions: Object.fromEntries(
              Object.entries(e.states.transitions).map(([t, tr]): [string, TransitionMeta] => [
                t,
                {
                  label: tr.label,
                  ...(tr.description ? { description: tr.description } : {}),
                  from: tr.from,
                  to: tr.to,
                  who: whoMeta(app, tr.who, name),
                  input: tr.input,
                  requires: tr.requires.map((p) => ({ ...ruleMeta(app, p.check, name), error: p.error })),
                  ...(tr.after ? { after: timerMeta(app, name, tr.after, entering(e, tr.from)) } : {}),
                },
              ]),
            ),
          },
        }
      : {}),
    validate: e.validate.map((v) => ({
      name: v.name,
      on: v.on,
      ...(v.when ? { when: ruleMeta(app, v.when, name) } : {}),
      check: ruleMeta(app, v.check, name),
      error: v.error,
      ...(v.field ? { field: v.field } : {}),
    })),
    list: listMeta(e),
  };
}

// What a timer with no `since` counts from, in words: entering one of the `from` states.
function entering(e: EntityNode, from: readonly string[]): string {
  return `entering ${from.map((s) => e.states?.states[s]?.label ?? s).join(' or ')}`;
}
