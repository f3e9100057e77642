/**
 * Server-side sessions. The token (256 random bits) is given to the client once, as a
 * cookie and as a bearer token; the database keeps only its SHA-256, so a leaked table
 * opens no session. Ending a session deletes its row: it ends everywhere at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type Database, type Executor, reusableQuery } from '../../db/database';
import type { Caller } from '../rules/rule-context';

export const SESSION_DAYS = 30;

/** The stored id of a session token (its SHA-256). */
export function sessionDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Starts a session and returns its token.
 * @example const token = await startSession(tx, user.id, new Date());
 */
export async function startSession(
  exec: Executor,
  userId: string,
  now: Date,
  userAgent?: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await exec.run(
    exec.qb.insertInto('nf_sessions').values({
      id: sessionDigest(token),
      userId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
      userAgent: userAgent?.slice(0, 200) ?? null,
    }),
  );
  return token;
}

/** A session's row: its caller, or null for an unknown session or a disabled user. */
export interface SessionRow {
  readonly caller: Caller;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
}

/**
 * Reads a session by its digest, ignoring expiry (the caller compares with its clock).
 * @example const row = await sessionRow(db, sessionDigest(token));
 */
export async function sessionRow(db: Executor, digest: string): Promise<SessionRow | null> {
  const rows = await db.all<{
    id: string;
    role: string;
    email: string;
    disabled: unknown;
    expiresAt: string;
  }>(
    reusableQuery(db.qb, 'session', [digest], () =>
      sql`select u.id, u.role, u.email, u.disabled, s."expiresAt" from nf_sessions s join users u on u.id = s."userId"
        where s.id = ${digest}`.compile(db.qb),
    ),
  );
  const row = rows[0];
  if (!row || row.disabled === true || row.disabled === 1) return null;
  return { caller: { id: row.id, role: row.role, email: row.email }, expiresAt: Date.parse(row.expiresAt) };
}

/** Ends one session. */
export async function endSession(db: Database, token: string): Promise<void> {
  await db.run(db.qb.deleteFrom('nf_sessions').where('id', '=', sessionDigest(token)));
}

/** Ends every session of a user (role changed, account disabled, password changed). */
export async function endUserSessions(exec: Executor, userId: string): Promise<void> {
  await exec.run(exec.qb.deleteFrom('nf_sessions').where('userId', '=', userId));
}
