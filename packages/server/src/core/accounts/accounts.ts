/**
 * Sign-up and sign-in. Sign-in answers the same for an unknown email and a wrong password,
 * at the same cost (a dummy hash is verified). Sign-up takes only email, name and password:
 * the role is the app's sign-up role, never the caller's choice.
 */
import { type App, validateFields } from '@ninefold/spec';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { AppError, type FieldIssue, validationFailed } from '../app-error';
import type { RecordScope } from '../records/record-scope';
import { decodeRow, type Rec } from '../records/row-codec';
import { createRecord } from '../records/write-records';
import type { Caller } from '../rules/rule-context';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { startSession } from './sessions';

export interface SignedIn {
  readonly user: Rec;
  readonly token: string;
}

const SIGNUP_FIELDS = new Set(['email', 'name', 'password']);

/** The role people sign themselves up with. */
export function signUpRole(app: App): string | undefined {
  return Object.entries(app.roles).find(([, r]) => r.signUp)?.[0];
}

async function userByEmail(db: Database, email: string): Promise<Rec | undefined> {
  const rows = await db.all<Rec>(
    sql`select u.*, c."passwordHash" from users u left join nf_credentials c on c.id = u.id where u.email = ${email}`.compile(
      db.qb,
    ),
  );
  return rows[0];
}

/** A sign-up that passed its checks, its password hashed: what the transaction writes. */
export interface SignUpRequest {
  readonly email: string;
  readonly name: unknown;
  readonly role: string;
  readonly passwordHash: string;
}

/**
 * Checks a sign-up (fields, password policy; every failing field at once) and hashes its
 * password, outside any transaction: hashing takes tens of milliseconds.
 * @example const request = await checkSignUp(app, { email: 'a@b.test', name: 'Ann', password: '…' });
 */
export async function checkSignUp(app: App, body: unknown): Promise<SignUpRequest> {
  const role = signUpRole(app);
  if (!role) throw new AppError('FORBIDDEN');
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  const issues: FieldIssue[] = [];
  for (const key of Object.keys(input)) {
    if (!SIGNUP_FIELDS.has(key)) {
      const known =
        Object.hasOwn(app.entities.users?.fields ?? {}, key) ||
        ['id', 'version', 'createdAt', 'updatedAt'].includes(key);
      issues.push(
        known
          ? { path: key, code: 'read_only', message: `${key} cannot be set at sign-up.` }
          : { path: key, code: 'unknown_field', message: `Unknown field '${key}'.` },
      );
    }
  }
  const fields = { email: app.entities.users!.fields.email!, name: app.entities.users!.fields.name! };
  const checked = validateFields(fields, { email: input.email, name: input.name }, { mode: 'create' });
  if (!checked.ok) issues.push(...checked.issues);
  const problem = passwordProblem(input.password);
  if (problem) issues.push({ path: 'password', code: 'too_short', message: problem });
  if (issues.length > 0) throw validationFailed(issues);
  const email = String((checked as { value: Rec }).value.email);
  // Hash before looking the email up: a taken email costs the same time as a free one.
  const passwordHash = await hashPassword(String(input.password));
  return { email, name: input.name, role, passwordHash };
}

/**
 * Creates the account of a checked sign-up and starts its session, in the scope's
 * transaction (a system scope: the role is the app's sign-up role, never the caller's choice).
 * Its change events are the scope's, so realtime hears of the new account like any write.
 * @example await core.signUp(body) // which runs this inside its write
 */
export async function completeSignUp(scope: RecordScope, request: SignUpRequest): Promise<SignedIn> {
  let user: Rec;
  try {
    user = await createRecord(scope, 'users', {
      email: request.email,
      name: request.name,
      role: request.role,
    });
  } catch (e) {
    if (e instanceof AppError && e.issues.some((i) => i.code === 'unique')) {
      throw validationFailed([
        { path: 'email', code: 'unique', message: 'This email cannot be used to sign up. Sign in instead.' },
      ]);
    }
    throw e;
  }
  const tx = scope.exec;
  await tx.run(
    tx.qb
      .insertInto('nf_credentials')
      .values({ id: user.id, passwordHash: request.passwordHash, updatedAt: scope.now.toISOString() }),
  );
  const token = await startSession(tx, String(user.id), scope.now);
  const { $can: _omit, ...plain } = user;
  return { user: plain, token };
}

/**
 * Checks credentials and starts a session; INVALID_CREDENTIALS for any failure.
 * @example await logIn(app, db, 'alice@helpdesk.test', 'demo-password-1', new Date())
 */
export async function logIn(
  app: App,
  db: Database,
  email: unknown,
  password: unknown,
  now: Date,
): Promise<SignedIn> {
  if (typeof email !== 'string' || typeof password !== 'string' || password.length > 1024) {
    await verifyPassword(undefined, 'x');
    throw new AppError('INVALID_CREDENTIALS');
  }
  const row = await userByEmail(db, email.trim().toLowerCase());
  const ok = await verifyPassword(row?.passwordHash as string | undefined, password);
  // A service account never signs in, whatever password it may have been given.
  const service = row !== undefined && app.roles[String(row.role)]?.service === true;
  if (!row || !ok || row.disabled === true || row.disabled === 1 || service)
    throw new AppError('INVALID_CREDENTIALS');
  const token = await db.transaction((tx) => startSession(tx, String(row.id), now));
  return { user: decodeRow(app.entities.users!, row, db.dialect), token };
}

/** Sets (or replaces) a user's password; used by `ninefold admin create` and the seed. */
export async function setPassword(db: Database, userId: string, password: string, now: Date): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw validationFailed([{ path: 'password', code: 'too_short', message: problem }]);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.run(tx.qb.deleteFrom('nf_credentials').where('id', '=', userId));
    await tx.run(
      tx.qb.insertInto('nf_credentials').values({ id: userId, passwordHash, updatedAt: now.toISOString() }),
    );
  });
}

export type { Caller };
