/**
 * Whether a change is an event automation listens for: its entity and operation, the
 * transition named, and the event's `when` — judged on the record after the change (before
 * it, for a delete) with the writer as the caller. The one reading every listener shares.
 */
import type { EventNode } from '@ninefold/spec';
import type { ChangeEvent } from '../changes/change-event';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';

/**
 * The record an event is judged on: after the change, or before it for a delete.
 * @example const record = eventRecord(change);
 */
export function eventRecord(change: ChangeEvent): Rec {
  return (change.after ?? change.before) as Rec;
}

/**
 * Whether `change` is the event `node` listens for (never a timed event: timers fire those).
 * @example if (await eventMatches(scope, trigger.on, change)) await triggerOn(scope, trigger, eventRecord(change));
 */
export async function eventMatches(
  scope: RecordScope,
  node: EventNode,
  change: ChangeEvent,
): Promise<boolean> {
  if (node.entity !== change.entity || node.op !== change.op) return false;
  if (node.op === 'transition' && node.transitions && !node.transitions.includes(change.name ?? ''))
    return false;
  if (!node.when) return true;
  return actorScope(scope, change).holds(node.when, change.entity, eventRecord(change), {
    changed: changedFields(change),
  });
}

/**
 * `scope` as the change's author saw it: a change a trigger made inside a person's write is
 * the system's, not theirs.
 * @example const judge = actorScope(scope, change); judge.caller?.id // the author's id, or undefined
 */
export function actorScope(scope: RecordScope, change: ChangeEvent): RecordScope {
  const { actor, bySystem } = change;
  if (actor === undefined) return scope;
  const system = scope.system && !scope.caller;
  if (bySystem) return system ? scope : scope.as(null, true);
  if (actor === null) return !scope.caller && !scope.system ? scope : scope.as(null, false);
  return actor.id === scope.caller?.id && !system ? scope : scope.as({ ...actor }, false);
}

/**
 * The fields a change changed, for `changed(field)` in an event's `when`.
 * @example changedFields(update).has('priority')
 */
export function changedFields(change: ChangeEvent): ReadonlySet<string> {
  const { before, after } = change;
  if (!before || !after) return new Set(Object.keys(after ?? before ?? {}));
  const fields = new Set<string>();
  for (const [k, v] of Object.entries(after))
    if (
      k !== 'updatedAt' &&
      k !== 'version' &&
      JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null)
    )
      fields.add(k);
  return fields;
}
