/**
 * The one way the UI talks to the server: JSON over fetch with the session cookie
 * (`credentials: 'same-origin'`, as the cookie is HttpOnly), every failure as an ApiError.
 */
import { ApiError, type ProblemBody } from './api-error';

export interface ApiRequest {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  /** The record version a write is based on (`If-Match`); a stale one gets 412 VERSION_MISMATCH. */
  readonly version?: number;
  readonly signal?: AbortSignal;
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls the API and answers the parsed JSON body (undefined for 204).
 * @example const { user } = await apiFetch<{ user: SessionUser }>('/api/auth/me');
 * @example await apiFetch('/api/entities/tickets', { method: 'POST', body: { subject: 'Printer' } });
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.version !== undefined) headers['if-match'] = `"${request.version}"`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      credentials: 'same-origin',
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (e) {
    // An abort is the caller's own doing, not a network failure to report.
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw ApiError.network();
  }
  const body = parse(await response.text());
  if (!response.ok) {
    const problem = typeof body === 'object' && body !== null ? (body as ProblemBody) : {};
    throw new ApiError(response.status, problem);
  }
  return body as T;
}
