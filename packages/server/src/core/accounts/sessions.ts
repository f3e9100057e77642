/**
 * Server-side sessions. The token (256 random bits) is given to the client once, as a
 * cookie and as a bearer token; the database keeps only its SHA-256, so a leaked table
 * opens no session. Ending a session deletes its row: it ends everywhere at once.
 * A bearer token may also be an API key (`nfk_…`, api-keys.ts): it resolves here too, to
 * its owner acting as the key's role, with the same digest naming it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type App, keyRoles } from '@ninefold/spec';
import { sql } from 'kysely';
import { type Database, type Executor, reusableQuery } from '../../db/database';
import type { Caller } from '../rules/rule-context';

export const SESSION_DAYS = 30;

/**
 * What every API key starts with: recognisable in logs, in a leak scanner, in a header.
 * @example `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}` // a key
 */
export const API_KEY_PREFIX = 'nfk_';

/**
 * Whether a bearer token is an API key rather than a session token.
 * @example isApiKey('nfk_3Fq9…') // true
 */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * The stored id of a session token, and the stored hash of an API key (its SHA-256).
 * @example sessionDigest(token) // 43 base64url characters
 */
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

/**
 * A live session's or key's caller and expiry.
 * @example const { caller, expiresAt } = (await sessionRow(db, app, token))!;
 */
export interface SessionRow {
  readonly caller: Caller;
  /** Milliseconds since the epoch; Infinity for an API key that never expires. */
  readonly expiresAt: number;
}

/** What the session and key lookups read: the account, and the key when it is one. */
/** An account as a session or an API key reads it (a file link's claims too). */
export interface AccountRow {
  readonly digest: string;
  readonly id: string;
  readonly role: string;
  readonly email: string;
  readonly disabled: unknown;
  readonly emailVerified: unknown;
  readonly expiresAt: string | Date | null;
  readonly keyId: string | null;
  readonly keyRole: string | null;
}

const SESSION_SELECT = sql`select s.id as digest, u.id, u.role, u.email, u.disabled, u."emailVerified",
  s."expiresAt", null as "keyId", null as "keyRole" from nf_sessions s join users u on u.id = s."userId"`;
const KEY_SELECT = sql`select k.hash as digest, u.id, u.role, u.email, u.disabled, u."emailVerified",
  k."expiresAt", k.id as "keyId", k.role as "keyRole" from nf_api_keys k join users u on u.id = k."userId"`;

const truthy = (v: unknown) => v === true || v === 1;

/**
 * The role an account of `role` acts as while its address is not verified, by that role's
 * `verifyEmail: { actAs }`; undefined when it acts as itself. A session's caller and a
 * notification's recipient (core/notifications/) are judged alike by it.
 * @example actAsWhileUnverified(app, 'member', false) // 'guest' for verifyEmail: { actAs: 'guest' }
 */
export function actAsWhileUnverified(app: App, role: string, emailVerified: unknown): string | undefined {
  const verify = app.roles[role]?.verifyEmail;
  return typeof verify === 'object' && !truthy(emailVerified) ? verify.actAs : undefined;
}

/**
 * The caller a session or key row stands for, by the spec's role options: null for a disabled
 * account, or a key whose role its owner may no longer hand out (the owner was given another
 * role, or the spec changed), so a key never acts beyond its owner. While the address is not
 * verified, `verifyEmail: true` marks the caller `unverified` and `{actAs}` acts as that role.
 */
export function callerOf(app: App, row: AccountRow): SessionRow | null {
  if (truthy(row.disabled)) return null;
  const options = app.roles[row.role];
  if (!options) return null;
  let role = row.role;
  if (row.keyId !== null) {
    if (!keyRoles(app.roles, row.role).includes(row.keyRole ?? '')) return null;
    role = row.keyRole!;
  }
  const verify = options.verifyEmail;
  const unverified = verify !== undefined && verify !== false && !truthy(row.emailVerified);
  role = actAsWhileUnverified(app, row.role, row.emailVerified) ?? role;
  const caller: Caller = {
    id: row.id,
    role,
    email: row.email,
    ...(unverified && verify === true ? { unverified: true } : {}),
    ...(row.keyId !== null ? { apiKey: row.keyId } : {}),
  };
  const expiresAt = row.expiresAt === null ? Number.POSITIVE_INFINITY : new Date(row.expiresAt).getTime();
  return { caller, expiresAt };
}

/**
 * Reads the session or API key (`nfk_…`) a token names, ignoring expiry (the caller compares
 * with its clock): null when unknown, or its account is disabled.
 * @example const row = await sessionRow(db, app, token);
 */
export async function sessionRow(db: Executor, app: App, token: string): Promise<SessionRow | null> {
  const digest = sessionDigest(token);
  const key = isApiKey(token);
  const rows = await db.all<AccountRow>(
    reusableQuery(db.qb, key ? 'apiKey' : 'session', [digest], () =>
      key
        ? sql`${KEY_SELECT} where k.hash = ${digest}`.compile(db.qb)
        : sql`${SESSION_SELECT} where s.id = ${digest}`.compile(db.qb),
    ),
  );
  return rows[0] ? callerOf(app, rows[0]) : null;
}

/**
 * Reads many sessions and keys at once by their digests (a realtime sweep): each live one's
 * row, by digest; the unknown and the disabled are absent.
 * @example const rows = await sessionRows(db, app, [digest]);
 */
export async function sessionRows(
  db: Executor,
  app: App,
  digests: readonly string[],
): Promise<Map<string, SessionRow>> {
  const out = new Map<string, SessionRow>();
  if (digests.length === 0) return out;
  const rows = await db.all<AccountRow>(
    sql`${SESSION_SELECT} where s.id in (${sql.join(digests)})
      union all ${KEY_SELECT} where k.hash in (${sql.join(digests)})`.compile(db.qb),
  );
  for (const r of rows) {
    const row = callerOf(app, r);
    if (row) out.set(r.digest, row);
  }
  return out;
}

/** Ends one session. */
export async function endSession(db: Database, token: string): Promise<void> {
  await db.run(db.qb.deleteFrom('nf_sessions').where('id', '=', sessionDigest(token)));
}

/** Ends every session of a user (role changed, account disabled, password changed). */
export async function endUserSessions(exec: Executor, userId: string): Promise<void> {
  await exec.run(exec.qb.deleteFrom('nf_sessions').where('userId', '=', userId));
}
