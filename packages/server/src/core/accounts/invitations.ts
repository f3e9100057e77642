/**
 * Invitations: an admin, or a role the spec names in the target role's `invitedBy`, invites
 * an address with a role. The account is made at once (no password: nobody can sign in to it)
 * and the invitee sets the password from the mailed link (accept-invitation.ts). Inviting an
 * address again while its account has no password sends a new link and kills the old one.
 */
import { type App, type Invitation, isAdminRole } from '@ninefold/spec';
import type { Executor } from '../../db/database';
import { queueMail } from '../../mail/queue-mail';
import { AppError, validationFailed } from '../app-error';
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { createRecord, deleteRecord } from '../records/write-records';
import { isUuid, uuid7 } from '../uuid7';
import { readInput } from './account-input';
import { hasPassword } from './credentials';
import { dropTokens, tokenLifetimeMs } from './tokens';
import { writeUser } from './write-user';

/**
 * Whether `role` may invite into `target`: admin roles always, others when listed.
 * @example mayInvite(app, 'manager', 'employee') // true when employee.invitedBy has 'manager'
 */
export function mayInvite(app: App, role: string | undefined, target: string): boolean {
  if (!role || !Object.hasOwn(app.roles, target) || app.roles[target]!.service) return false;
  return isAdminRole(app, role) || (app.roles[target]!.invitedBy ?? []).includes(role);
}

/** An invitation's row as its wire form. */
export function invitationAnswer(row: Rec, now: Date): Invitation {
  const expiresAt = String(row.expiresAt);
  return {
    id: String(row.id),
    email: String(row.email),
    role: String(row.role),
    name: row.name == null ? null : String(row.name),
    invitedBy: row.invitedBy == null ? null : String(row.invitedBy),
    createdAt: String(row.createdAt),
    expiresAt,
    sentAt: row.sentAt == null ? null : String(row.sentAt),
    status: Date.parse(expiresAt) <= now.getTime() ? 'expired' : 'pending',
  };
}

const taken = () =>
  validationFailed([{ path: 'email', code: 'unique', message: 'This address already has an account.' }]);

async function userByEmail(exec: Executor, email: string): Promise<Rec | undefined> {
  const rows = await exec.all<Rec>(
    exec.qb.selectFrom('users').select(['id', 'role']).where('email', '=', email),
  );
  return rows[0];
}

/**
 * Invites (or invites again) in the scope's transaction, the scope acting as the system on
 * behalf of `scope.caller` (checked here). Answers the invitation.
 * @example await write(caller, (s) => invite(s, { email: 'ann@example.com', role: 'employee' }), true)
 */
export async function invite(scope: RecordScope, body: unknown): Promise<Invitation> {
  const { app, exec, now, caller } = scope;
  const input = readInput(app, body, {
    email: { kind: 'email' },
    role: { kind: 'text' },
    name: { kind: 'name', optional: true },
  });
  if (!Object.hasOwn(app.roles, input.role) || app.roles[input.role]!.service)
    throw validationFailed([{ path: 'role', code: 'enum', message: 'No such role can be invited.' }]);
  if (caller && !mayInvite(app, caller.role, input.role)) throw new AppError('FORBIDDEN');
  const existing = await userByEmail(exec, input.email);
  let userId: string;
  let createdAccount: boolean;
  if (existing) {
    userId = String(existing.id);
    if (existing.role !== input.role || (await hasPassword(exec, userId))) throw taken();
    // Inviting again: the account is the invitation's own only if an earlier one made it.
    const earlier = await exec.all<Rec>(
      exec.qb.selectFrom('nf_invitations').select('createdAccount').where('userId', '=', userId),
    );
    createdAccount = earlier.some((r) => madeAccount(r));
  } else {
    const name = input.name ?? input.email.split('@')[0]!;
    const user = await createRecord(scope, 'users', { email: input.email, name, role: input.role });
    userId = String(user.id);
    createdAccount = true;
  }
  await dropTokens(exec, userId, 'invitation');
  // A row left for the address by an account since deleted or readdressed is stale: replaced.
  await exec.run(
    exec.qb
      .deleteFrom('nf_invitations')
      .where((w) => w.or([w('userId', '=', userId), w('email', '=', input.email)])),
  );
  const row = {
    id: uuid7(now.getTime()),
    userId,
    email: input.email,
    role: input.role,
    name: input.name ?? null,
    invitedBy: caller?.id ?? null,
    tokenHash: null,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + tokenLifetimeMs(app, 'invitation')).toISOString(),
    sentAt: null,
  };
  await exec.run(exec.qb.insertInto('nf_invitations').values({ ...row, createdAccount }));
  await queueMail(
    exec,
    { message: 'invitation', to: input.email, link: { purpose: 'invitation', userId, invitationId: row.id } },
    now,
  );
  return invitationAnswer(row, now);
}

/**
 * The pending invitations the caller may manage: all for an admin, else those into roles
 * the caller may invite into; FORBIDDEN for a caller who may invite into none.
 * @example await listInvitations(scope) // [{ id, email, role, status: 'pending', … }]
 */
export async function listInvitations(scope: RecordScope): Promise<Invitation[]> {
  const { app, exec, caller } = scope;
  const roles = Object.keys(app.roles).filter((r) => mayInvite(app, caller?.role, r));
  if (roles.length === 0) throw new AppError(caller ? 'FORBIDDEN' : 'UNAUTHENTICATED');
  const rows = await exec.all<Rec>(
    exec.qb.selectFrom('nf_invitations').selectAll().where('role', 'in', roles).orderBy('id', 'desc'),
  );
  return rows.map((r) => invitationAnswer(r, scope.now));
}

async function invitationById(exec: Executor, id: string): Promise<Rec | undefined> {
  const rows = await exec.all<Rec>(exec.qb.selectFrom('nf_invitations').selectAll().where('id', '=', id));
  return rows[0];
}

/** Whether the invitation made its account (a boolean column: 1 on SQLite). */
function madeAccount(row: Rec): boolean {
  return row.createdAccount === true || row.createdAccount === 1;
}

/**
 * Revokes an invitation the caller may manage (else NOT_FOUND): its link dies. The account
 * goes too — or, when `disable`, is disabled (something still refers to it: the caller tries
 * again with `disable` after STILL_REFERENCED) — only when this invitation made it, it still
 * has the invitation's role and it has no password; any other account (one an admin made,
 * invited since) stays. Answers false when the account has a password already (accepted, or
 * reset): the row is gone all the same, and the caller answers NOT_FOUND.
 * The account's row is locked first, as accepting does, so the two never deadlock and of
 * the two only one wins.
 * @example const revoked = await write(caller, (s) => revokeInvitation(s, id, false), true)
 */
export async function revokeInvitation(scope: RecordScope, id: string, disable: boolean): Promise<boolean> {
  const { app, exec, caller } = scope;
  // Never a malformed id to the database (PostgreSQL refuses a NUL byte with an error).
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const found = await invitationById(exec, id);
  if (!found || !mayInvite(app, caller?.role, String(found.role))) throw new AppError('NOT_FOUND');
  const userId = String(found.userId);
  const user = await scope.load('users', userId, true);
  // Accepted (or replaced) while this waited for the lock: nothing left to revoke.
  const row = await invitationById(exec, id);
  if (!row) throw new AppError('NOT_FOUND');
  await exec.run(exec.qb.deleteFrom('nf_invitations').where('id', '=', id));
  await dropTokens(exec, userId, 'invitation');
  if (!user) return true;
  if (await hasPassword(exec, userId)) return false;
  if (!madeAccount(row) || user.role !== row.role) return true;
  if (disable) await writeUser(scope, userId, { disabled: true });
  else await deleteRecord(scope, 'users', userId);
  return true;
}
