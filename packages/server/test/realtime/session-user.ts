/**
 * Users for realtime tests without the cost of signing in: the account is created as the
 * system and its session started directly (no password hash, no login rate limit). A user
 * whose role changed has lost every session; `renewSession` gives them a new one.
 */
import { startSession } from '../../src/core/accounts/sessions';
import type { Ninefold } from '../../src/start-app';
import type { TestUser } from '../helpdesk-harness';

let made = 0;

/** A signed-in user as the tests hold it: the token, and headers that carry it. */
function signedIn(user: { id: string; email: string; role: string }, token: string): TestUser {
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Creates a user of a role and starts a session for them.
 * @example const alice = await sessionUser(h.nf, 'customer', 'Alice');
 */
export async function sessionUser(nf: Ninefold, role: string, name?: string): Promise<TestUser> {
  made += 1;
  const email = `rt-${role}${made}-${Date.now()}@test.example`;
  const user = await nf.core.create(null, 'users', { email, name: name ?? `${role} ${made}`, role }, true);
  const id = String(user.id);
  const token = await nf.db.transaction((tx) => startSession(tx, id, nf.core.now()));
  return signedIn({ id, email, role }, token);
}

/**
 * A new session for a user, with the role they have now.
 * @example const promoted = await renewSession(h.nf, alice, 'agent');
 */
export async function renewSession(nf: Ninefold, user: TestUser, role: string): Promise<TestUser> {
  const token = await nf.db.transaction((tx) => startSession(tx, user.id, nf.core.now()));
  return signedIn({ id: user.id, email: user.email, role }, token);
}
