/**
 * A request to a running server over real HTTP, as the CLI's process tests make them: JSON
 * in, the status and the parsed body out.
 */

export type Json = Record<string, any>;

/**
 * @example const res = await callApi(s.url, token, 'POST', '/api/auth/invitations', { email, role: 'employee' });
 */
export async function callApi(
  url: string,
  token: string | null,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
}
