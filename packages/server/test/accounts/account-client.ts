/**
 * Requests of the account tests, through `inject`: JSON in, the parsed answer out, each from
 * an address of its own unless told, so one test's rate windows never touch another's.
 */
import type { TestApp } from '@ninefold/testing';
import type { expenseApp } from './expense-app';

export type ExpenseTestApp = TestApp<typeof expenseApp>;

export interface Answer {
  readonly status: number;
  readonly body: any;
  readonly headers: Record<string, unknown>;
  readonly raw: string;
}

let addresses = 0;
/** A fresh client address. */
export function freshAddress(): string {
  addresses += 1;
  return `10.88.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

/**
 * @example const res = await call(t, 'POST', '/api/auth/password-reset', { email }, { token });
 */
export async function call(
  t: ExpenseTestApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  o: { token?: string; address?: string } = {},
): Promise<Answer> {
  const res = await t.inject({
    method,
    url,
    remoteAddress: o.address ?? freshAddress(),
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  const raw = res.body;
  let body: unknown = null;
  try {
    body = raw ? JSON.parse(raw) : null;
  } catch {}
  return { status: res.statusCode, body, headers: res.headers as Record<string, unknown>, raw };
}

/**
 * Signs in and answers the session token.
 * @example const token = await signInToken(t, user.email, user.password);
 */
export async function signInToken(t: ExpenseTestApp, email: string, password: string): Promise<string> {
  const res = await call(t, 'POST', '/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.raw}`);
  return String(res.body.token);
}

/**
 * An account of `role` signed in: its user and token.
 * @example const admin = await signedInAs(t, 'admin');
 */
export async function signedInAs(t: ExpenseTestApp, role: Parameters<ExpenseTestApp['createUser']>[0]) {
  const user = await t.createUser(role);
  return { ...user, token: await signInToken(t, user.email, user.password) };
}
