/**
 * The admin console's one way to the API: the app's JSON-over-fetch with the session cookie,
 * plus the `If-Match` header a role change needs, and list URLs with filters and a cursor.
 */
import { type ApiRequest, apiFetch } from '../api/api-fetch';

export type AdminRequest = ApiRequest;

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
export function adminFetch<T>(path: string, request: AdminRequest = {}): Promise<T> {
  return apiFetch<T>(path, request);
}
