/**
 * What a trigger does, once its event has happened: take its transition or run its action,
 * as the system — no caller, every rule of people skipped, audited with no actor.
 */
import type { TriggerNode } from '@ninefold/spec';
import { runAction } from '../actions/run-action';
import { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { runTransition } from '../records/run-transition';
import { evalExpr } from '../rules/evaluate-expr';

/**
 * The system's scope on the same transaction, clock and staged events as `scope`: what it
 * changes is heard by automation and announced with the write.
 * @example const system = systemScope(scope);
 */
export function systemScope(scope: RecordScope): RecordScope {
  if (scope.system && !scope.caller) return scope;
  return new RecordScope(scope.app, scope.exec, null, scope.now, true, scope.events);
}

/**
 * The record a trigger's transition is taken on: the event's own, or the one its reference
 * names (`null` when the reference is empty: then nothing happens).
 * @example triggerTarget(app, trigger, comment) // { entity: 'tickets', id: comment.ticket }
 */
export function triggerTarget(
  scope: RecordScope,
  trigger: TriggerNode,
  record: Rec,
): { readonly entity: string; readonly id: string } | null {
  const via = trigger.transition?.record;
  if (!via) return { entity: trigger.on.entity, id: String(record.id) };
  const ref = scope.entity(trigger.on.entity).fields[via];
  if (ref?.type !== 'ref') throw new Error(`Trigger ${trigger.name}: ${via} is not a reference`);
  const id = record[via];
  return typeof id === 'string' && id !== '' ? { entity: ref.entity, id } : null;
}

/**
 * The input a trigger's action is run with: each of its expressions worked out on the record.
 * @example triggerInput(scope, trigger, ticket) // { ticketId: '0190…', priority: 'high' }
 */
export function triggerInput(scope: RecordScope, trigger: TriggerNode, record: Rec): Record<string, unknown> {
  const input = trigger.action?.input ?? {};
  return Object.fromEntries(Object.entries(input).map(([k, e]) => [k, evalExpr(e, record, scope.rules)]));
}

/**
 * Takes a trigger's transition or runs its action as the system, in `scope`'s transaction;
 * `input` is the action's input when it was worked out before (a queued trigger). Any
 * failure is thrown: inside a write it refuses that write.
 * @example await triggerOn(scope, trigger, eventRecord(change));
 */
export async function triggerOn(
  scope: RecordScope,
  trigger: TriggerNode,
  record: Rec,
  input?: Record<string, unknown>,
): Promise<void> {
  const system = systemScope(scope);
  const from = scope.events.length;
  if (trigger.transition) {
    const target = triggerTarget(scope, trigger, record);
    if (target) await runTransition(system, target.entity, target.id, trigger.transition.name, {});
  } else if (trigger.action) {
    await runAction(system, trigger.action.name, input ?? triggerInput(system, trigger, record));
  }
  // The write's own scope may hold these rows as they were: its later rules (another
  // trigger's `when`) must see what the trigger made of them.
  if (system !== scope)
    for (const e of scope.events.slice(from)) if (e.kind === 'change') scope.forget(e.entity, e.id);
}
