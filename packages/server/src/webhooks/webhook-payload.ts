/**
 * What one webhook is told of one change: the Standard Webhooks payload `{type, timestamp,
 * data}`, the record cut to what the webhook's role reads on it — judged as REST judges a
 * get by that role, with nobody as the caller — or nothing when the role may not read it.
 */
import type { App } from '@ninefold/spec';
import { isHiddenChange } from '../core/audit/hidden-change';
import { changedFields, eventRecord } from '../core/automation/event-match';
import type { ChangeEvent } from '../core/changes/change-event';
import { isReadable, readableCopy } from '../core/records/answer';
import { RecordScope } from '../core/records/record-scope';
import type { Rec } from '../core/records/row-codec';
import type { Caller } from '../core/rules/rule-context';
import type { Executor } from '../db/database';

/** The `data` of a delivery. */
export interface WebhookData {
  readonly entity: string;
  readonly id: string;
  /** The record after the change (before it, for a delete), as the role reads it. */
  readonly record: Rec;
  /** An update's changed fields the role may read. */
  readonly changed?: readonly string[];
  /** A transition's name, and its states where the role reads the state field. */
  readonly transition?: { readonly name: string; readonly from?: unknown; readonly to?: unknown };
}

/** A delivery's body, before it is frozen into JSON text. */
export interface WebhookPayload {
  /** `<entity>.created`, `.updated`, `.deleted` or `.transitioned`. */
  readonly type: string;
  /** When the change was made (the app's clock), ISO 8601. */
  readonly timestamp: string;
  readonly data: WebhookData;
}

const TYPES = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  transition: 'transitioned',
} as const;

/**
 * The scope a webhook's role reads in: the role's grants, and no person — so a grant that
 * needs a caller (`callerIs`, `caller('id')`) compares with nothing and never holds.
 * @example const reader = roleScope(app, tx, 'integration', now);
 */
export function roleScope(app: App, exec: Executor, role: string, now: Date): RecordScope {
  // No id, no email: the evaluator reads a missing caller property as SQL's NULL.
  const nobody = { role } as unknown as Caller;
  return new RecordScope(app, exec, nobody, now, false, []);
}

/**
 * The payload `reader` (a `roleScope`) is sent for `change`, or null: a record it may not
 * read, or an update or transition of only fields hidden from it (even that it happened
 * would tell).
 * @example const payload = await webhookPayload(roleScope(app, tx, 'agent', now), change);
 */
export async function webhookPayload(
  reader: RecordScope,
  change: ChangeEvent,
): Promise<WebhookPayload | null> {
  const record = eventRecord(change);
  if (!(await reader.may('read', change.entity, record))) return null;
  const fields = await reader.fieldsOn(change.entity, record);
  const data: { -readonly [K in keyof WebhookData]: WebhookData[K] } = {
    entity: change.entity,
    id: change.id,
    record: readableCopy(record, fields),
  };
  if (change.op === 'update' || change.op === 'transition') {
    // As history and realtime judge it: a change of only hidden fields (a transition whose
    // state field the role may not read, say) is not told at all.
    const changed = [...changedFields(change)];
    if (isHiddenChange(changed, fields)) return null;
    if (change.op === 'update') data.changed = changed.filter((f) => isReadable(fields, f));
  }
  if (change.op === 'transition') {
    const stateField = reader.entity(change.entity).states?.field;
    const shows = stateField !== undefined && isReadable(fields, stateField);
    data.transition = {
      name: change.name ?? '',
      ...(shows ? { from: change.before?.[stateField], to: change.after?.[stateField] } : {}),
    };
  }
  return { type: `${change.entity}.${TYPES[change.op]}`, timestamp: change.at, data };
}
