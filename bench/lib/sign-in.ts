/**
 * Signing in the way a client does: POST /api/auth/login, then a bearer token on every
 * request (the same session table serves every app variant, as they share the database).
 */
import type { ServerHandle } from './server-process';

/**
 * Signs in and returns the headers that authenticate as that account.
 * @example const agent = await signIn(server, 'agent00@bench.example', BENCH_PASSWORD);
 */
export async function signIn(
  server: ServerHandle,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/**
 * Fails loudly when a workload's first request does not answer as expected, so a broken
 * setup is never measured as a fast one.
 * @example await expectStatus(server, { path: '/api/entities/tickets' }, 200);
 */
export async function expectStatus(
  server: ServerHandle,
  shot: { method?: string; path: string; headers?: Readonly<Record<string, string>>; body?: string },
  status: number,
): Promise<void> {
  const res = await fetch(`${server.url}${shot.path}`, {
    method: shot.method ?? 'GET',
    headers: { ...shot.headers },
    ...(shot.body !== undefined ? { body: shot.body } : {}),
  });
  if (res.status !== status) {
    throw new Error(`${server.name} ${shot.path}: expected ${status}, got ${res.status} ${await res.text()}`);
  }
}
