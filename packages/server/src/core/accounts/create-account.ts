/**
 * An account that can sign in, made by the system: the one way the CLI's `admin create` and a
 * seed make one. The password is checked before anything is written, and the user row is taken
 * back if setting the password fails anyway, so a refusal never leaves an account nobody can
 * sign in to (whose email would then be taken for good).
 */
import { validationFailed } from '../app-error';
import type { Core } from '../ninefold-core';
import { setPassword } from './accounts';
import { passwordProblem } from './passwords';

/** Who the account is for. */
export interface NewAccount {
  readonly email: string;
  readonly name: string;
  readonly role: string;
  readonly password: string;
  /** Further fields of the app's `users` entity. */
  readonly fields?: Readonly<Record<string, unknown>>;
  /** The maker vouches for the address (an operator, a seed): it counts as confirmed. */
  readonly emailVerified?: boolean;
}

/** The account made: its id, and its email as stored (trimmed, lower case, as sign-in reads it). */
export interface CreatedAccount {
  readonly id: string;
  readonly email: string;
}

/**
 * Makes the account as the system, at the core's time; throws, having written nothing, when
 * the password breaks the policy or the record is refused.
 * @example await createAccount(core, { email: 'ops@example.com', name: 'Ops', role: 'admin', password })
 */
export async function createAccount(core: Core, account: NewAccount): Promise<CreatedAccount> {
  const weak = passwordProblem(account.password);
  if (weak) throw validationFailed([{ path: 'password', code: 'too_short', message: weak }]);
  const email = account.email.trim().toLowerCase();
  const { fields, name, role } = account;
  const data = { ...fields, email, name, role };
  const user = await core.create(null, 'users', data, true);
  const id = String(user.id);
  try {
    await setPassword(core.db, id, account.password, core.now());
    if (account.emailVerified) await core.vouchForEmail(id);
  } catch (e) {
    await core.remove(null, 'users', id, undefined, true);
    throw e;
  }
  return { id, email };
}
