/**
 * The hardened transport: whatever comes back — a problem, a proxy's HTML page, an empty or
 * cut-off body, no answer at all — the caller gets a NinefoldError with the real status and a
 * code (the body's, the one its status stands for, or the client's own); an aborted call
 * rejects with its abort.
 */
import { describe, expect, it } from 'vitest';
import { isNinefoldError, type NinefoldError } from '../src/client-error';
import { createTransport } from '../src/transport';

const answer = (status: number, body: string, type = 'text/html') =>
  createTransport({
    fetch: async () =>
      new Response(status === 204 ? null : body, { status, headers: { 'content-type': type } }),
  });

const failure = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!isNinefoldError(e)) throw new Error(`expected a NinefoldError, got ${String(e)}`);
  return e as NinefoldError;
};

describe('transport', () => {
  const problem = JSON.stringify({
    type: 'urn:ninefold:problem:NOT_FOUND',
    title: 'Not found.',
    status: 404,
    code: 'NOT_FOUND',
    detail: 'Not found.',
  });
  const cases: [string, number, string, string, number][] = [
    ['a problem, as sent', 404, problem, 'NOT_FOUND', 404],
    ["a proxy's 502 HTML page", 502, '<html><body>Bad Gateway</body></html>', 'UNAVAILABLE', 502],
    ['an empty 500', 500, '', 'INTERNAL', 500],
    ['an empty 401', 401, '', 'UNAUTHENTICATED', 401],
    ['a 409 with no body: several codes, none named', 409, '', 'BAD_RESPONSE', 409],
    ['a cut-off problem', 422, '{"code":"VALIDA', 'VALIDATION_FAILED', 422],
    ['JSON that is no problem', 400, '{"error":"bad"}', 'MALFORMED_REQUEST', 400],
    ['a 200 that is not JSON', 200, '<html>login page</html>', 'BAD_RESPONSE', 200],
  ];
  it.each(cases)('%s: %s → %s', async (_name, status, body, code, expected) => {
    const e = await failure(answer(status, body).request('GET', '/api/x'));
    expect([e.code, e.status]).toEqual([code, expected]);
    expect(e.message).not.toBe('');
  });

  it.each([
    [204, ''],
    [200, ''],
  ])('answers undefined for %s with no body', async (status, body) => {
    expect(await answer(status, body).request('DELETE', '/api/x')).toBeUndefined();
  });

  it('a fetch that throws is NETWORK, status 0', async () => {
    const t = createTransport({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const e = await failure(t.request('GET', '/api/x'));
    expect([e.code, e.status]).toEqual(['NETWORK', 0]);
  });

  it('an aborted call rejects with its abort, not NETWORK', async () => {
    const t = createTransport({
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    });
    const controller = new AbortController();
    const call = t.request('GET', '/api/x', { signal: controller.signal });
    controller.abort();
    const e = await call.catch((x: unknown) => x);
    expect(isNinefoldError(e)).toBe(false);
    expect((e as Error).name).toBe('AbortError');
  });

  it('sends the body as JSON, the headers given and the bearer token', async () => {
    let seen: RequestInit | undefined;
    const t = createTransport({
      token: 't1',
      fetch: async (_url, init) => {
        seen = init;
        return new Response('{"ok":true}', { status: 200 });
      },
    });
    expect(await t.request('POST', '/api/x', { body: { a: 1 }, headers: { 'if-match': '"3"' } })).toEqual({
      ok: true,
    });
    expect(seen?.body).toBe('{"a":1}');
    expect(seen?.headers).toMatchObject({
      'content-type': 'application/json',
      'if-match': '"3"',
      authorization: 'Bearer t1',
    });
  });
});
