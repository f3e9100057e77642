/**
 * One HTTP exchange with the server: JSON in, JSON out, every failure a NinefoldError with the
 * answer's real status — a problem+json body as the server sent it, and anything else (a
 * proxy's HTML page, an empty or cut-off body) as the code its status stands for. Every call
 * can be aborted; an abort rejects with the signal's reason (an `AbortError`), not a failure.
 * Works with the browser's fetch (cookies, same origin) and Node's (a bearer token).
 */
import type { Problem } from '@ninefold/spec';
import { NinefoldError } from './client-error';
import { codeForStatus } from './status-code';

export interface TransportOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`; empty for the page's own. */
  readonly url?: string;
  readonly fetch?: typeof fetch;
  /** Sent as `Authorization: Bearer` (Node, or cross-origin clients). */
  readonly token?: string | null;
  /**
   * Answers a page already asked for before the app's code ran (the UI's index.html asks for
   * the meta and the session while the bundle downloads), by path: the first GET of that path
   * takes its answer, every later one asks as usual, and one that failed on the way is asked
   * again.
   */
  readonly early?: Readonly<Record<string, Promise<Response> | undefined>>;
}

/** What one request sends besides its method and path. */
export interface RequestOptions {
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal | undefined;
  /** Answers the body as text rather than JSON (Prometheus metrics); failures stay problems. */
  readonly text?: boolean;
  /** Sends this text as the body with its own content type (CSV), instead of `body` as JSON. */
  readonly rawBody?: { readonly type: string; readonly text: string | Blob };
  /**
   * Answers the `Response` itself, its body unread (a download, a stream of progress lines),
   * once its status says it succeeded; a failure is still thrown as a problem.
   */
  readonly raw?: boolean;
}

export interface Transport {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  token: string | null;
  readonly base: string;
}

const NETWORK_DETAIL = 'The server could not be reached. Check your connection and try again.';

function problemFrom(status: number, data: unknown): Problem {
  if (typeof data === 'object' && data !== null && typeof (data as Problem).code === 'string') {
    const p = data as Problem;
    // The status is the answer's own, whatever the body claims.
    return { ...p, status, detail: p.detail || p.title || p.code };
  }
  const code = codeForStatus(status);
  const detail = `The server answered ${status} without a readable problem.`;
  return { type: `urn:ninefold:problem:${code}`, title: detail, status, code, detail };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * @example const t = createTransport({ url: 'http://127.0.0.1:3000' }); await t.request('GET', '/api/health');
 */
export function createTransport(options: TransportOptions = {}): Transport {
  const base = (options.url ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const early = new Map(Object.entries(options.early ?? {}));
  const transport: Transport = {
    base,
    token: options.token ?? null,
    async request<T>(
      method: string,
      path: string,
      { body, headers: extra, signal, text: asText, rawBody, raw }: RequestOptions = {},
    ) {
      const headers: Record<string, string> = {
        accept: `${asText ? 'text/plain' : 'application/json'}, application/problem+json`,
        ...extra,
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (rawBody) headers['content-type'] = rawBody.type;
      const sent = rawBody ? rawBody.text : body === undefined ? undefined : JSON.stringify(body);
      if (transport.token) headers.authorization = `Bearer ${transport.token}`;
      let res: Response;
      let text: string;
      try {
        const ask = () =>
          doFetch(`${base}${path}`, {
            method,
            headers,
            credentials: 'same-origin',
            ...(sent !== undefined ? { body: sent } : {}),
            ...(signal ? { signal } : {}),
          });
        const started = method === 'GET' ? early.get(path) : undefined;
        if (started) early.delete(path);
        res = await (started ? started.catch(ask) : ask());
        if (raw && res.ok) return res as T;
        text = res.status === 204 || res.status === 304 ? '' : await res.text();
      } catch (e) {
        // An abort is the caller's own doing, not a failure of the network.
        if (signal?.aborted) throw signal.reason ?? e;
        throw new NinefoldError({
          type: 'urn:ninefold:problem:NETWORK',
          title: NETWORK_DETAIL,
          status: 0,
          code: 'NETWORK',
          detail: NETWORK_DETAIL,
        });
      }
      const data = text === '' ? undefined : parse(text);
      if (!res.ok) throw new NinefoldError(problemFrom(res.status, data));
      if (asText) return text as T;
      if (text !== '' && data === undefined) {
        const detail = `The server answered ${res.status} with a body that is not JSON.`;
        throw new NinefoldError({
          type: 'urn:ninefold:problem:BAD_RESPONSE',
          title: detail,
          status: res.status,
          code: 'BAD_RESPONSE',
          detail,
        });
      }
      return data as T;
    },
  };
  return transport;
}
