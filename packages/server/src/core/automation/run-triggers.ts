/**
 * Triggers: when a change is the event a trigger listens for, take its transition or run its
 * action as the system — in the write's own transaction, or queued as a job.
 */
import type { App, TriggerNode } from '@ninefold/spec';
import { enqueueJob } from '../../jobs/job-queue';
import type { ChangeEvent } from '../changes/change-event';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { eventMatches, eventRecord } from './event-match';
import { systemScope, triggerInput, triggerOn, triggerTarget } from './trigger-on';

export { triggerOn } from './trigger-on';

/**
 * What a queued trigger (`run: 'job'`) carries: its work worked out when the event happened.
 * @example { entity: 'comments', id, target: { entity: 'tickets', id: ticketId } }
 */
export type TriggerPayload = {
  /** The event's record. */
  readonly entity: string;
  readonly id: string;
  /** The record the transition is taken on (the event's own or the one it references). */
  readonly target?: { readonly entity: string; readonly id: string };
  /** The action's input, from the record as the event left it. */
  readonly input?: Record<string, unknown>;
};

const NONE: ReadonlyMap<string, readonly TriggerNode[]> = new Map();
const INDEX = new WeakMap<App, ReadonlyMap<string, readonly TriggerNode[]>>();

// Per app, its triggers by the entity they listen on. Timed triggers are fired by their
// timers (plan-timers.ts), never by a change.
function triggersByEntity(app: App): ReadonlyMap<string, readonly TriggerNode[]> {
  let index = INDEX.get(app);
  if (!index) {
    const byEntity = new Map<string, TriggerNode[]>();
    for (const t of Object.values(app.triggers)) {
      if (t.on.op === 'timer') continue;
      byEntity.set(t.on.entity, [...(byEntity.get(t.on.entity) ?? []), t]);
    }
    index = byEntity.size > 0 ? byEntity : NONE;
    INDEX.set(app, index);
  }
  return index;
}

/**
 * Runs (or queues) the triggers the changes of a write start. An inline trigger's failure
 * is thrown, so the write that caused it is refused whole.
 * @example await runTriggers(scope, changes);
 */
export async function runTriggers(scope: RecordScope, changes: readonly ChangeEvent[]): Promise<void> {
  const index = triggersByEntity(scope.app);
  if (index === NONE) return;
  for (const change of changes) {
    const triggers = index.get(change.entity);
    if (!triggers) continue;
    for (const trigger of triggers) {
      if (!(await eventMatches(scope, trigger.on, change))) continue;
      const record = eventRecord(change);
      if (trigger.run === 'job') await queueTrigger(scope, trigger, change, record);
      else await triggerOn(scope, trigger, record);
    }
  }
}

async function queueTrigger(
  scope: RecordScope,
  trigger: TriggerNode,
  change: ChangeEvent,
  record: Rec,
): Promise<void> {
  const target = trigger.transition ? triggerTarget(scope, trigger, record) : undefined;
  // An empty reference: there is nothing to take the transition on, now or later.
  if (target === null) return;
  const payload: TriggerPayload = {
    entity: change.entity,
    id: change.id,
    ...(target ? { target } : {}),
    ...(trigger.action ? { input: triggerInput(systemScope(scope), trigger, record) } : {}),
  };
  await enqueueJob(
    scope.exec,
    {
      kind: 'trigger',
      name: trigger.name,
      payload,
      runAt: scope.now,
      entity: change.entity,
      recordId: change.id,
    },
    scope.now,
  );
}
