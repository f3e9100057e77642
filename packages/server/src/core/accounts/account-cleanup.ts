/**
 * What an account leaves behind besides its row, cleared in the transaction of the flow that
 * asks: its one-time links (and the verification or email-change mail not sent yet, whose
 * link would be issued on sending), its API keys, and — when the account itself goes — its
 * invitations, password and sessions. Every key and session ended is staged as a
 * `sessionEnded` (its digest), as DELETE /api/auth/api-keys/{id} and sign-out do, so caches
 * and realtime on every process drop it once the write commits.
 */
import type { RecordScope } from '../records/record-scope';
import { dropTokens } from './tokens';

/** Mail whose link is issued to an account when sent: a later flow may make it stale. */
const ACCOUNT_LINK_MAIL = ['emailChange', 'verifyEmail'];

function linkUserId(link: unknown): string | undefined {
  let value = link;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const userId = (value as { userId?: unknown } | null)?.userId;
  return typeof userId === 'string' ? userId : undefined;
}

/**
 * Kills every link of the account, all purposes, and drops its still-queued verification
 * and email-change mail: after a reset, a new password or a sign-out everywhere, no link
 * asked for before (by whoever held the account then) may act on it.
 * @example await dropAccountLinks(scope, userId) // inside completeReset's transaction
 */
export async function dropAccountLinks(scope: RecordScope, userId: string): Promise<void> {
  const { exec } = scope;
  await dropTokens(exec, userId);
  const queued = await exec.all<{ id: string; link: unknown }>(
    exec.qb
      .selectFrom('nf_mail')
      .select(['id', 'link'])
      .where('status', '=', 'queued')
      .where('message', 'in', ACCOUNT_LINK_MAIL),
  );
  const stale = queued.filter((m) => linkUserId(m.link) === userId).map((m) => String(m.id));
  if (stale.length === 0) return;
  await exec.run(
    exec.qb
      .updateTable('nf_mail')
      .set({ status: 'dropped', lockedUntil: null })
      .where('id', 'in', stale)
      .where('status', '=', 'queued'),
  );
}

/**
 * Revokes every API key of the account, each announced like a revocation by its route.
 * @example await revokeAccountKeys(scope, userId) // a reset: the account may have been taken over
 */
export async function revokeAccountKeys(scope: RecordScope, userId: string): Promise<number> {
  const { exec } = scope;
  const keys = await exec.all<{ id: string; hash: string }>(
    exec.qb.selectFrom('nf_api_keys').select(['id', 'hash']).where('userId', '=', userId),
  );
  if (keys.length === 0) return 0;
  await exec.run(exec.qb.deleteFrom('nf_api_keys').where('userId', '=', userId));
  for (const k of keys) scope.events.push({ kind: 'sessionEnded', session: String(k.hash) });
  return keys.length;
}

/**
 * Everything of a deleted account besides its row: invitations, links, keys, password,
 * sessions. Called by the delete of a `users` record, in its transaction.
 * @example if (entity === 'users') await forgetAccount(scope, id);
 */
export async function forgetAccount(scope: RecordScope, userId: string): Promise<void> {
  const { exec } = scope;
  await exec.run(exec.qb.deleteFrom('nf_invitations').where('userId', '=', userId));
  await dropAccountLinks(scope, userId);
  await revokeAccountKeys(scope, userId);
  await exec.run(exec.qb.deleteFrom('nf_credentials').where('id', '=', userId));
  const sessions = await exec.all<{ id: string }>(
    exec.qb.selectFrom('nf_sessions').select('id').where('userId', '=', userId),
  );
  if (sessions.length === 0) return;
  await exec.run(exec.qb.deleteFrom('nf_sessions').where('userId', '=', userId));
  for (const s of sessions) scope.events.push({ kind: 'sessionEnded', session: String(s.id) });
}
