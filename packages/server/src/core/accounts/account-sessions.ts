/**
 * Ending an account's sessions from an account flow (a reset, a new password, sign out
 * everywhere): the rows go in the flow's transaction, and each ended session is staged as a
 * `sessionEnded` event, so in-process session caches and realtime sockets drop it once the
 * write commits. Across PostgreSQL processes the deleted row already refuses the session on
 * every one of them (none caches sessions there).
 */
import type { RecordScope } from '../records/record-scope';
import type { Rec } from '../records/row-codec';
import { sessionDigest, startSession } from './sessions';

/**
 * Ends every session of `userId` but the one whose token is `keep`.
 * @example await endSessions(scope, user.id, currentToken) // the others end
 */
export async function endSessions(scope: RecordScope, userId: string, keep?: string): Promise<number> {
  const { exec } = scope;
  const kept = keep === undefined ? undefined : sessionDigest(keep);
  const rows = await exec.all<{ id: string }>(
    exec.qb.selectFrom('nf_sessions').select('id').where('userId', '=', userId),
  );
  const ended = rows.map((r) => String(r.id)).filter((id) => id !== kept);
  if (ended.length === 0) return 0;
  await exec.run(exec.qb.deleteFrom('nf_sessions').where('id', 'in', ended));
  for (const session of ended) scope.events.push({ kind: 'sessionEnded', session });
  return ended.length;
}

/** A flow that ends signed in: the account as its owner sees it, and a new session's token. */
export interface SignedInAnswer {
  readonly user: Rec;
  readonly token: string;
}

/**
 * Starts a session for `user` (a row loaded in the scope) and answers it as sign-in does.
 * @example return signedIn(scope, await scope.load('users', id))
 */
export async function signedIn(scope: RecordScope, user: Rec): Promise<SignedInAnswer> {
  const token = await startSession(scope.exec, String(user.id), scope.now);
  const { $can: _can, ...plain } = user;
  return { user: plain, token };
}
