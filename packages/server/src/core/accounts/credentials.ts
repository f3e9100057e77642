/**
 * An account's password as the account flows read and replace it (nf_credentials).
 */
import type { Executor } from '../../db/database';
import { verifyPassword } from './passwords';

/**
 * Sets the account's password hash (replacing any) in the caller's transaction.
 * @example await replaceCredentials(tx, userId, await hashPassword(password), now)
 */
export async function replaceCredentials(
  exec: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await exec.run(exec.qb.deleteFrom('nf_credentials').where('id', '=', userId));
  await exec.run(
    exec.qb.insertInto('nf_credentials').values({ id: userId, passwordHash, updatedAt: now.toISOString() }),
  );
}

/**
 * Whether the account has a password at all (an invited account has none until it accepts).
 * @example if (await hasPassword(tx, userId)) throw taken();
 */
export async function hasPassword(exec: Executor, userId: string): Promise<boolean> {
  const rows = await exec.all(exec.qb.selectFrom('nf_credentials').select('id').where('id', '=', userId));
  return rows.length > 0;
}

/**
 * Checks an account's current password (at full cost even when it has none).
 * @example if (!(await passwordMatches(db, caller.id, body.currentPassword))) throw new AppError('INVALID_CREDENTIALS');
 */
export async function passwordMatches(exec: Executor, userId: string, password: string): Promise<boolean> {
  const rows = await exec.all<{ passwordHash: string }>(
    exec.qb.selectFrom('nf_credentials').select('passwordHash').where('id', '=', userId),
  );
  return verifyPassword(rows[0]?.passwordHash, password);
}
