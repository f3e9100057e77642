/**
 * Changes an account's fields as the account flows do (a confirmed address, a new email, a
 * name chosen on accepting an invitation): past the field rules a person meets, since
 * `emailVerified` is read-only to everyone, but like any write otherwise — a new version, an
 * audit entry, a staged `users` change, so caches and realtime hear of it.
 */

import { AppError } from '../app-error';
import { diff, writeAudit } from '../audit/audit-log';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { storeVersion } from '../records/write-records';

/**
 * Writes `values` onto the user `id` (locked first); answers the user after. A write that
 * changes nothing writes nothing.
 * @example await writeUser(scope, id, { emailVerified: true })
 */
export async function writeUser(scope: RecordScope, id: string, values: Readonly<Rec>): Promise<Rec> {
  const before = await scope.load('users', id, true);
  if (!before) throw new AppError('INVALID_TOKEN');
  const changed = Object.keys(values).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(values[k]));
  if (changed.length === 0) return before;
  const after: Rec = {
    ...before,
    ...values,
    updatedAt: scope.now.toISOString(),
    version: Number(before.version) + 1,
  };
  await storeVersion(scope, 'users', before, after);
  scope.changed({ entity: 'users', id, op: 'update', before, after });
  await writeAudit(scope.exec, scope.caller, scope.now, {
    entity: 'users',
    recordId: id,
    operation: 'update',
    changes: diff(before, after),
  });
  return after;
}
