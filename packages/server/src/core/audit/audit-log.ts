/**
 * The audit log: every create, update, delete, transition and action, written in the same
 * transaction as the change itself, so history and data can never disagree.
 */
import type { Executor } from '../../db/database';
import type { Caller } from '../rules/rule-context';
import { uuid7 } from '../uuid7';

export type { AuditOperation } from '@ninefold/spec';

import type { AuditOperation } from '@ninefold/spec';

export interface AuditEntry {
  readonly entity: string;
  readonly recordId: string;
  readonly operation: AuditOperation;
  /** The transition's or action's name. */
  readonly name?: string;
  readonly fromState?: string | null;
  readonly toState?: string | null;
  /** Per field, `[before, after]`. */
  readonly changes?: Readonly<Record<string, readonly [unknown, unknown]>>;
}

/**
 * Records one entry.
 * @example await writeAudit(tx, caller, now, { entity: 'tickets', recordId, operation: 'create' });
 */
export async function writeAudit(
  exec: Executor,
  caller: Caller | null,
  now: Date,
  entry: AuditEntry,
): Promise<void> {
  await exec.run(
    exec.qb.insertInto('nf_audit').values({
      id: uuid7(now.getTime()),
      at: now.toISOString(),
      actor: caller?.id ?? null,
      actorRole: caller?.role ?? null,
      entity: entry.entity,
      recordId: entry.recordId,
      operation: entry.operation,
      name: entry.name ?? null,
      fromState: entry.fromState ?? null,
      toState: entry.toState ?? null,
      changes: entry.changes ? JSON.stringify(entry.changes) : null,
    }),
  );
}

/** The changed fields between two versions of a record, as `[before, after]`. */
export function diff(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>) {
  const changes: Record<string, readonly [unknown, unknown]> = {};
  for (const [k, v] of Object.entries(after)) {
    if (k === 'updatedAt' || k === 'version') continue;
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null))
      changes[k] = [before[k] ?? null, v ?? null];
  }
  return changes;
}
