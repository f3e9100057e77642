/**
 * One-time link tokens (a reset, an invitation, a verification, an email change): 256
 * random bits given out once in a link; the database keeps only their SHA-256, so a leaked
 * table opens nothing. A token works once (its row is deleted when used), for its purpose
 * only, for the account it was issued to, and until it expires.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { App } from '@ninefold/spec';
import type { Executor } from '../../db/database';
import type { MailLink } from '../../mail/link-resolver';
import { AppError } from '../app-error';

export type TokenPurpose = MailLink['purpose'];

/** A token's row: whom it acts on and the address its link went to. */
export interface TokenRow {
  readonly id: string;
  readonly purpose: TokenPurpose;
  readonly userId: string;
  readonly email: string;
  readonly expiresAt: string | Date;
}

/** The stored form of a token (its SHA-256, base64url). */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * How long a link of `purpose` works, from the app's constants (an app may override them).
 * @example tokenLifetimeMs(app, 'passwordReset') // 3_600_000
 */
export function tokenLifetimeMs(app: App, purpose: TokenPurpose): number {
  const value = (name: string) => Number(app.constants[name]?.value);
  if (purpose === 'passwordReset') return value('PASSWORD_RESET_TTL_MINUTES') * 60_000;
  if (purpose === 'invitation') return value('INVITATION_TTL_HOURS') * 3_600_000;
  return value('EMAIL_VERIFICATION_TTL_HOURS') * 3_600_000;
}

/**
 * Issues a token for `userId` and answers it (the only time it exists in the clear). An
 * earlier token of the same purpose for the same account dies: only the newest link works.
 * @example const token = await issueToken(tx, app, { purpose: 'passwordReset', userId, email }, now);
 */
export async function issueToken(
  exec: Executor,
  app: App,
  t: { readonly purpose: TokenPurpose; readonly userId: string; readonly email: string },
  now: Date,
): Promise<{ token: string; digest: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const digest = tokenDigest(token);
  const expiresAt = new Date(now.getTime() + tokenLifetimeMs(app, t.purpose)).toISOString();
  await dropTokens(exec, t.userId, t.purpose);
  await exec.run(
    exec.qb.insertInto('nf_tokens').values({
      id: digest,
      purpose: t.purpose,
      userId: t.userId,
      email: t.email,
      createdAt: now.toISOString(),
      expiresAt,
    }),
  );
  return { token, digest, expiresAt };
}

/** Kills every link of `purpose` (all purposes when omitted) of an account. */
export async function dropTokens(exec: Executor, userId: string, purpose?: TokenPurpose): Promise<void> {
  let q = exec.qb.deleteFrom('nf_tokens').where('userId', '=', userId);
  if (purpose) q = q.where('purpose', '=', purpose);
  await exec.run(q);
}

/**
 * The account a token would act on, looked up without using it (undefined: no such token):
 * a flow locks that account's row before it consumes the token.
 * @example const userId = await tokenUser(tx, body.token);
 */
export async function tokenUser(exec: Executor, token: unknown): Promise<string | undefined> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return undefined;
  const rows = await exec.all<{ userId: string }>(
    exec.qb.selectFrom('nf_tokens').select('userId').where('id', '=', tokenDigest(token)),
  );
  return rows[0] === undefined ? undefined : String(rows[0].userId);
}

const INVALID = () => new AppError('INVALID_TOKEN');

/**
 * Uses a token up inside the caller's transaction and answers its row; INVALID_TOKEN (and
 * nothing used) for a token that is unknown, of another purpose, expired or used already.
 * The row is deleted under the same condition it was found by, so of two requests racing
 * with one token only one wins.
 * @example const row = await consumeToken(tx, body.token, 'passwordReset', now);
 */
export async function consumeToken(
  exec: Executor,
  token: unknown,
  purposes: TokenPurpose | readonly TokenPurpose[],
  now: Date,
): Promise<TokenRow> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) throw INVALID();
  const digest = tokenDigest(token);
  const rows = await exec.all<TokenRow>(exec.qb.selectFrom('nf_tokens').selectAll().where('id', '=', digest));
  const row = rows[0];
  const wanted = [purposes].flat();
  // The index found it by digest; the comparison itself takes constant time all the same.
  const same = row !== undefined && timingSafeEqual(Buffer.from(row.id), Buffer.from(digest));
  if (!row || !same || !wanted.includes(row.purpose)) throw INVALID();
  const gone = await exec.run(exec.qb.deleteFrom('nf_tokens').where('id', '=', digest));
  if (gone !== 1 || new Date(row.expiresAt).getTime() <= now.getTime()) throw INVALID();
  return row;
}
