/**
 * Keeps an app administrable. An admin cannot disable, demote or delete their own account
 * (mid-task, they would lock themselves out), and no change may leave the app without an
 * active admin. Checked inside the write's transaction. Such changes take one lock by key
 * (`Dialect.lockKey`) before counting, so two admins disabling each other at the same moment
 * run one after the other and the second sees the first (row locks would deadlock: each
 * write already holds its own target's row); a single writer runs them in turn anyway. The
 * system (the CLI, the seed) is not held to it: `ninefold admin create` is how an app
 * without an admin gets one back.
 */

import { adminRoles } from '@ninefold/spec';
import { AppError } from '../app-error';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';

/** Any fixed number: the lock every change that takes an admin away waits for. */
const ADMINS_LOCK = 7_236_017;

function activeAdmin(roles: readonly string[], user: Rec | null): boolean {
  return user !== null && roles.includes(String(user.role)) && user.disabled !== true;
}

function refuse(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', {}, [{ path, code: 'rule', message }]);
}

/** Which field took the admin away: for the error's path. */
function lostBy(roles: readonly string[], after: Rec | null): 'role' | 'disabled' | '' {
  if (after === null) return '';
  return roles.includes(String(after.role)) ? 'disabled' : 'role';
}

const SELF: Record<'role' | 'disabled' | '', string> = {
  '': 'You cannot delete your own account.',
  disabled: 'You cannot disable your own account.',
  role: 'You cannot take away your own admin role.',
};

/**
 * Refuses (VALIDATION_FAILED, a `rule` issue on the field) a change to a user that takes
 * an active admin away when it is the caller's own account or the last active admin.
 * @example await guardAdmins(scope, id, before, after) // after null for a delete
 */
export async function guardAdmins(
  scope: RecordScope,
  id: string,
  before: Rec,
  after: Rec | null,
): Promise<void> {
  if (scope.system) return;
  const roles = adminRoles(scope.app);
  if (!activeAdmin(roles, before) || activeAdmin(roles, after)) return;
  const path = lostBy(roles, after);
  if (scope.caller?.id === id) throw refuse(path, SELF[path]);
  const { exec } = scope;
  await exec.dialect.lockKey(exec, ADMINS_LOCK);
  const active = await exec.all<{ id: string }>(
    exec.qb.selectFrom('users').select('id').where('role', 'in', roles).where('disabled', '=', false),
  );
  if (!active.some((r) => String(r.id) !== id))
    throw refuse(path, 'At least one active admin must remain: make someone else an admin first.');
}
