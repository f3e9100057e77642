/**
 * The admin console's one way to the API: the app's JSON-over-fetch with the session cookie,
 * plus the `If-Match` header a role change needs, and list URLs with filters and a cursor.
 */
import { ApiError, type ProblemBody } from '../api/api-error';

export interface AdminRequest {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  /** The record version the write is based on; a stale one gets 412 VERSION_MISMATCH. */
  readonly version?: number;
  readonly signal?: AbortSignal;
}

/** One page of a cursor-paginated list (entities and the audit log alike). */
export interface CursorPage<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | null;
}

/**
 * A path with query parameters; empty values are left out, so an unset filter is no filter.
 * @example withQuery('/api/audit', { entity: 'users', actor: '' }) // '/api/audit?entity=users'
 */
export function withQuery(path: string, query: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Calls the API and answers the parsed JSON body (undefined for 204); every failure is an ApiError.
 * @example await adminFetch(`/api/entities/users/${id}`, { method: 'PATCH', body: { role: 'agent' }, version: 3 });
 */
export async function adminFetch<T>(path: string, request: AdminRequest = {}): Promise<T> {
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
    // An abort is the caller's own doing (a newer request replaced it), not a failure to show.
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw ApiError.network();
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof body === 'object' && body !== null ? (body as ProblemBody) : {},
    );
  }
  return body as T;
}
