/**
 * Sockets end with their sessions. A sign-out, or a change to the account (role, disabled,
 * deleted), travels on the bus and closes the sockets it ends as soon as it is heard
 * (`endSessionsOf`), ahead of any backlog of events. What the bus cannot tell — a session
 * row deleted by hand or by another tool, an event missed in the moment between a socket's
 * session being read and the socket being registered — a periodic sweep finds: one query
 * for every distinct session this process holds sockets for.
 */
import { sql } from 'kysely';
import type { BusEvent } from '../core/changes/change-event';
import type { Core } from '../core/ninefold-core';
import type { RealtimeClient } from './realtime-hub';

/** Sessions asked about per statement: well under any driver's parameter limit. */
const CHUNK = 500;

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
  if (event.entity === 'users' && event.before) {
    const b = event.before;
    const a = event.after;
    if (!a || b.role !== a.role || b.disabled !== a.disabled) {
      for (const c of clients) if (c.caller?.id === event.id) c.close(4001, 'session ended');
    }
  }
}

interface SessionState {
  readonly role: string;
  readonly disabled: unknown;
  /** A string or a Date, as the driver reads the column. */
  readonly expiresAt: string | Date;
}

/**
 * Reads the sessions of the given sockets and closes, with 4001, each socket whose session
 * is gone, expired, or whose account is disabled or holds another role than the socket's
 * caller. Answers how many it closed.
 * @example await sweepSessions(core, hub.clients);
 */
export async function sweepSessions(core: Core, clients: Iterable<RealtimeClient>): Promise<number> {
  const held = [...clients].filter((c) => c.session !== undefined && c.caller);
  const digests = [...new Set(held.map((c) => c.session!))];
  const states = new Map<string, SessionState>();
  for (let i = 0; i < digests.length; i += CHUNK) {
    const chunk = digests.slice(i, i + CHUNK);
    const rows = await core.db.all<SessionState & { id: string }>(
      sql`select s.id, u.role, u.disabled, s."expiresAt" from nf_sessions s join users u on u.id = s."userId"
        where s.id in (${sql.join(chunk)})`.compile(core.db.qb),
    );
    for (const r of rows) states.set(r.id, r);
  }
  const now = core.now().getTime();
  let closed = 0;
  for (const c of held) {
    const s = states.get(c.session!);
    const live =
      s !== undefined &&
      s.disabled !== true &&
      s.disabled !== 1 &&
      s.role === c.caller!.role &&
      new Date(s.expiresAt).getTime() > now;
    if (!live) {
      c.close(4001, 'session ended');
      closed += 1;
    }
  }
  return closed;
}
