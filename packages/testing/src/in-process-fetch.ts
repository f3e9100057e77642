/**
 * A fetch that never leaves the process: each request goes to the server through Fastify's
 * `inject`, so a test app needs no port. Realtime needs a real socket, so a listening app.
 */
import type { Ninefold } from '@ninefold/server';

/**
 * The origin in-process clients use; nothing listens there.
 * @example createClient({ url: IN_PROCESS_ORIGIN, fetch: inProcessFetch(nf.server) })
 */
export const IN_PROCESS_ORIGIN = 'http://ninefold.test';

/**
 * @example const client = createClient<typeof app>({ url: IN_PROCESS_ORIGIN, fetch: inProcessFetch(nf.server) });
 */
export function inProcessFetch(server: Ninefold['server']): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    request.signal.throwIfAborted();
    const res = await server.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
    });
    request.signal.throwIfAborted();
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}
