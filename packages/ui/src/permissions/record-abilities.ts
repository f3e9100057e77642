/**
 * What the caller can do to one record beyond reading it: the transitions open from its
 * state, the actions that take it as their one input, and the quota a new one counts
 * against. Read from the meta; the record's own `$can` wins where the page has it.
 */

import type { ClientMeta, QuotaMeta, TransitionMeta } from '@ninefold/spec';
import { ruleOnRecord } from './record-rule';

/** A transition with its name. */
export interface NamedTransition extends TransitionMeta {
  readonly name: string;
}

export interface Caller {
  readonly role: string;
  readonly user: { readonly id: string; readonly [prop: string]: unknown } | null;
}

/**
 * The transitions the caller may run on the record: from `$can` when it came with the record,
 * else those open from its state that the role may run (and whose rule does not say no).
 * @example recordTransitions(meta, 'tickets', ticket, { role: 'agent', user }).map((t) => t.name) // ['triage']
 */
export function recordTransitions(
  meta: ClientMeta,
  entity: string,
  record: { readonly [field: string]: unknown },
  caller: Caller,
): NamedTransition[] {
  const machine = meta.entities[entity]?.states;
  if (!machine) return [];
  const state = String(record[machine.field] ?? '');
  const can = record.$can as { transitions?: readonly string[] } | undefined;
  const cells = meta.permissions.transitions[caller.role]?.[entity] ?? {};
  return Object.entries(machine.transitions)
    .filter(([name, t]) => {
      if (!t.from.includes(state)) return false;
      if (can?.transitions) return can.transitions.includes(name);
      const cell = cells[name];
      if (!cell || cell.allowed === 'never') return false;
      if (cell.allowed === 'always') return true;
      const ctx = { ...caller, record, stateField: machine.field };
      return cell.rules.some((r) => ruleOnRecord(r, ctx) !== false);
    })
    .map(([name, t]) => ({ name, ...t }));
}

/**
 * The transition that takes a record from one state to another, if the caller may run it.
 * @example transitionTo(meta, 'tickets', ticket, 'open', caller)?.name // 'triage'
 */
export function transitionTo(
  meta: ClientMeta,
  entity: string,
  record: { readonly [field: string]: unknown },
  to: string,
  caller: Caller,
): NamedTransition | undefined {
  return recordTransitions(meta, entity, record, caller).find((t) => t.to === to);
}

/** An action that works on one record (its one input is a reference to it). */
export interface RecordAction {
  readonly name: string;
  readonly label: string;
  readonly description?: string | undefined;
  /** The input field that takes the record's id. */
  readonly input: string;
}

/**
 * The actions the role may call on a record of the entity, e.g. "Assign to me".
 * @example recordActions(meta, 'agent', 'tickets') // [{ name: 'assignToMe', label: 'Assign to me', input: 'ticketId' }]
 */
export function recordActions(meta: ClientMeta, role: string, entity: string): RecordAction[] {
  return Object.entries(meta.actions).flatMap(([name, a]) => {
    const inputs = Object.entries(a.input);
    const [only] = inputs;
    if (inputs.length !== 1 || !only) return [];
    const [input, field] = only;
    if (field.type !== 'ref' || field.entity !== entity) return [];
    const cell = meta.permissions.actions[role]?.[name];
    if (!cell || cell.allowed === 'never') return [];
    return [{ name, label: a.label, description: a.description, input }];
  });
}

/**
 * The quota the role's new records of the entity count against, if any.
 * @example quotaFor(meta, 'customer', 'tickets')?.name // 'openTickets'
 */
export function quotaFor(meta: ClientMeta, role: string, entity: string): QuotaMeta | undefined {
  return meta.limits.quotas.find((q) => q.entity === entity && (!q.roles || q.roles.includes(role)));
}
