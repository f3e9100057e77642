/**
 * Sockets end with their sessions, and with their API keys (a key's socket holds the key's
 * hash as its `session`, the digest a revocation announces). A sign-out, a revocation, or a
 * change to the account (role, disabled, deleted, verified), travels on the bus and closes
 * the sockets it ends as soon as it is heard (`endSessionsOf`), ahead of any backlog of
 * events. What the bus cannot tell — a session
 * row deleted by hand or by another tool, an event missed in the moment between a socket's
 * session being read and the socket being registered — a periodic sweep finds: one query
 * for every distinct session this process holds sockets for.
 */
import { type SessionRow, sessionRows } from '../core/accounts/sessions';
import type { BusEvent } from '../core/changes/change-event';
import type { Core } from '../core/ninefold-core';
import type { RealtimeClient } from './realtime-hub';

/** Sessions asked about per statement (twice each: sessions and keys): under any driver's limit. */
const CHUNK = 400;

/**
 * Closes, with 4001, the sockets an event ends: a sign-out, or an account's role, status or
 * deletion (a deleted account's sessions no longer answer REST).
 * @example bus.listen((e) => endSessionsOf(hub.clients, e));
 */
export function endSessionsOf(clients: Iterable<RealtimeClient>, event: BusEvent): void {
  if (event.kind === 'sessionEnded') {
    for (const c of clients) if (c.session === event.session) c.close(4001, 'session ended');
    return;
  }
  if (event.kind === 'change' && event.entity === 'users' && event.before) {
    const b = event.before;
    const a = event.after;
    // A verified address changes who the caller is where the role verifies with `actAs`.
    if (!a || b.role !== a.role || b.disabled !== a.disabled || b.emailVerified !== a.emailVerified) {
      for (const c of clients) if (c.caller?.id === event.id) c.close(4001, 'session ended');
    }
  }
}

/**
 * Reads the sessions and API keys of the given sockets and closes, with 4001, each socket
 * whose session or key is gone (signed out, revoked), expired, or whose account is disabled
 * or now resolves to another role than the socket's caller (a new role, a verified address
 * leaving `actAs`, a key its owner may no longer hold). Answers how many it closed.
 * @example await sweepSessions(core, hub.clients);
 */
export async function sweepSessions(core: Core, clients: Iterable<RealtimeClient>): Promise<number> {
  const held = [...clients].filter((c) => c.session !== undefined && c.caller);
  const digests = [...new Set(held.map((c) => c.session!))];
  const states = new Map<string, SessionRow>();
  for (let i = 0; i < digests.length; i += CHUNK) {
    const rows = await sessionRows(core.db, core.app, digests.slice(i, i + CHUNK));
    for (const [digest, row] of rows) states.set(digest, row);
  }
  const now = core.now().getTime();
  let closed = 0;
  for (const c of held) {
    const s = states.get(c.session!);
    const live = s !== undefined && s.caller.role === c.caller!.role && s.expiresAt > now;
    if (!live) {
      c.close(4001, 'session ended');
      closed += 1;
    }
  }
  return closed;
}
