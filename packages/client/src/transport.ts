/**
 * One HTTP exchange with the server: JSON in, JSON out, problems thrown as NinefoldError.
 * Works with the browser's fetch (cookies, same origin) and Node's (a bearer token).
 */
import { NinefoldError, type Problem } from './client-error';

export interface TransportOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`; empty for the page's own. */
  readonly url?: string;
  readonly fetch?: typeof fetch;
  /** Sent as `Authorization: Bearer` (Node, or cross-origin clients). */
  readonly token?: string | null;
}

export interface Transport {
  request<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  token: string | null;
  readonly base: string;
}

/**
 * @example const t = createTransport({ url: 'http://127.0.0.1:3000' }); await t.request('GET', '/api/health');
 */
export function createTransport(options: TransportOptions = {}): Transport {
  const base = (options.url ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const transport: Transport = {
    base,
    token: options.token ?? null,
    async request<T>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...extra };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (transport.token) headers.authorization = `Bearer ${transport.token}`;
      let res: Response;
      try {
        res = await doFetch(`${base}${path}`, {
          method,
          headers,
          credentials: 'same-origin',
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
      } catch {
        throw new NinefoldError({
          type: 'urn:ninefold:problem:NETWORK',
          title: 'The server could not be reached.',
          status: 0,
          code: 'NETWORK',
          detail: 'The server could not be reached. Check your connection and try again.',
        });
      }
      if (res.status === 204) return undefined as T;
      const text = await res.text();
      const data: unknown = text ? JSON.parse(text) : undefined;
      if (!res.ok) throw new NinefoldError(data as Problem);
      return data as T;
    },
  };
  return transport;
}
